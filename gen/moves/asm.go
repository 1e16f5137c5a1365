// Command moves generates the assembly move generators (get_moves), each
// with its batch form: SSE2 (mirrored high lane), AVX2 (four directions
// per YMM), AVX-512VL (the same with VPTERNLOGQ) and AVX-512 (eight
// directions per ZMM with VPROLVQ); potential_moves in AVX2; and the
// batch forms of move_evaluate's assembly users (parity-table with the
// mobility from moves avx2 or avx512), the whole score in the loop, and
// parity-table with eight moves per ZMM (move_evaluate_lanes.go).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

// Each registers as a variant of package variants' Moves, with its batch
// form. Ranks: the eight-direction ZMM form, its 256-bit VL form, AVX2's
// four directions per YMM, then SSE2; Edax-AVX's forms for CPUs without
// AVX2 rank below SSE2, and all above the Go Kogge-Stone fill.
func main() {
	asmgen.Setup()
	laneTables()
	// avx2 and zmm are also the mobility of move_evaluate's batch forms
	avx2 := flipasm.NewMovesAVX2()
	zmm := flipasm.NewMovesAVX512()

	flipasm.MovesFuncs("movesSSE2", "finds P's legal moves with SSE2: vertical and diagonal pairs in an XMM (the high lane mirrored), the row in GP registers.", flipasm.NewMovesSSE2(),
		asmgen.Variant{Name: "sse2", Rank: 11, Note: "SSE2: vertical and diagonal pairs per XMM (high lane mirrored by BSWAP), the row in GP registers"})
	flipasm.MovesFuncs("movesAVX2", "finds P's legal moves with AVX2: four directions per YMM, shifted both ways.", avx2,
		asmgen.Variant{Name: "avx2", Rank: 20, Note: "AVX2 (Edax-AVX get_moves): four directions per YMM, VPSLLVQ/VPSRLVQ Kogge-Stone fill"})
	flipasm.MovesFuncs("movesAVX512VL", "finds P's legal moves with AVX-512VL in YMM: as movesAVX2, VPTERNLOGQ folding the fill steps.", flipasm.NewMovesAVX512VL(),
		asmgen.Variant{Name: "avx512vl", Rank: 25, Note: "AVX-512VL in YMM: the AVX2 fill with VPTERNLOGQ folding AND and OR"})
	flipasm.MovesFuncs("movesAVX512", "finds P's legal moves with AVX-512: eight directions in one ZMM, rotated by VPROLVQ.", zmm,
		asmgen.Variant{Name: "avx512", Rank: 30, ZMM: true, Note: "AVX-512: eight directions in one ZMM, VPROLVQ rotating left and right"})

	// Edax-AVX's x86-64 get_moves without AVX2 (acepck's, board_sse.c) and
	// its plain get_moves (board.c) with each of its three fills
	flipasm.MovesFuncs("movesAcepck", "finds P's legal moves as acepck's all-SSE2 get_moves: the board and its vertical mirror in an XMM, the row by byte-wise carries.", flipasm.NewMovesAcepck(false),
		asmgen.Variant{Name: "acepck", Rank: 8, Note: "Edax-AVX x86-64 get_moves without AVX2 (acepck): all SSE2, board and mirror per XMM, row by byte carries"})
	flipasm.MovesFuncs("movesAcepckAVX", "finds P's legal moves as acepck's get_moves built for AVX: movesAcepck in VEX encoding.", flipasm.NewMovesAcepck(true),
		asmgen.Variant{Name: "acepck-avx", Rank: 9, Note: "acepck's get_moves as Edax-AVX builds it for AVX without AVX2: VEX encoding"})
	flipasm.MovesFuncs("movesParallelPrefix", "finds P's legal moves as Edax-AVX's plain get_moves: parallel-prefix fills in GP registers, east by a carry.", flipasm.NewMovesGP(flipasm.FillParallelPrefix),
		asmgen.Variant{Name: "parallel-prefix", Rank: 7, Note: "Edax-AVX plain get_moves (board.c, PARALLEL_PREFIX) in GP registers, east by a carry"})
	flipasm.MovesFuncs("movesKoggeStoneGP", "finds P's legal moves as Edax-AVX's plain get_moves with KOGGE_STONE: Kogge-Stone fills (steps d, 2d, 4d) in GP registers, east by a carry.", flipasm.NewMovesGP(flipasm.FillKoggeStone),
		asmgen.Variant{Name: "kogge-stone-gp", Rank: 6, Note: "Edax-AVX plain get_moves with KOGGE_STONE: d, 2d, 4d fills in GP registers, east by a carry"})
	flipasm.MovesFuncs("movesSequential", "finds P's legal moves as Edax-AVX's plain get_moves with neither fill setting: six single steps both ways per direction, east by a carry.", flipasm.NewMovesGP(flipasm.FillSequential),
		asmgen.Variant{Name: "sequential", Rank: 5, Note: "Edax-AVX plain get_moves, sequential fill: six single steps both ways in GP registers"})

	potentialMovesAVX2()
	moveEvaluateBatch("moveEvaluateAVX2Batch", "moves avx2", avx2)
	moveEvaluateBatch("moveEvaluateAVX512Batch", "moves avx512", zmm)
	moveEvaluateNode("moveEvaluateAVX2Node", "moves avx2", avx2)
	moveEvaluateNode("moveEvaluateAVX512Node", "moves avx512", zmm)
	moveEvaluateBatchLanes("moveEvaluateAVX512LanesBatch")
	moveEvaluateNodeLanes("moveEvaluateAVX512LanesNode")
	asmgen.EntryTable("moveEvaluateEntries", "moveEvaluateAVX2Node", "moveEvaluateAVX512Node", "moveEvaluateAVX512LanesNode")
	asmgen.Generate()
}

// potentialMovesAVX2 is Edax's get_potential_moves with the four
// directions in one YMM: O's discs that have a square on both sides in a
// direction (the moves' inner masks), shifted both ways by its step.
func potentialMovesAVX2() {
	asmgen.Register("potentialMovesAVX2", asmgen.Variant{Kernel: "PotentialMoves", Name: "avx2", Rank: 20,
		Note: "AVX2: the four directions in one YMM, VPSLLVQ/VPSRLVQ both ways, OR-reduced"})
	asmgen.Func("potentialMovesAVX2", "func(P, O uint64) uint64")
	Doc("potentialMovesAVX2 returns P's potential moves: the four directions' inner O discs in one YMM, shifted both ways.")
	P, O := asmgen.LoadBoard()
	t, l, r := YMM(), YMM(), YMM()
	VPAND(asmgen.GoTable("dirInner"), flipasm.BroadcastAVX2(O), t)
	VMOVDQU(asmgen.GoTable("dirSteps"), l)
	VPSRLVQ(l, t, r)
	VPSLLVQ(l, t, l)
	VPOR(r, l, l)
	m := flipasm.ReduceAVX2(l)
	ORQ(P, O)
	NOTQ(O)
	ANDQ(O, m)
	Store(m, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// moveEvaluateBatch emits the batch form of move_evaluate parity-table
// with the opponent's mobility from m (variants/move_evaluate_amd64.go):
// over variants.MoveEval records (P, O, x, flipped, parity, empties, h0,
// h1: 8 words), len(out) of them. The weights, the squares' values and
// quadrants and the parity bonus are Go tables of package variants
// (·moveEvalW, ·moveEvalValue, ·moveEvalQuad, ·parityWeight).
func moveEvaluateBatch(name, what string, m flipasm.Mover) {
	asmgen.Func(name, "func(in []uint64, out []int)")
	Doc(name+" is move_evaluate parity-table with the mobility from "+what+" over (P, O, x, flipped,",
		"parity, empties, h0, h1) records of 8 words, len(out) of them. The loop stays in assembly: no call per element.")
	src, dst, n := asmgen.BatchArgs()
	TESTQ(n, n)
	JZ(LabelRef("done"))
	m.Setup()
	Label("loop")
	res := GP64()
	P, O, f := GP64(), GP64(), GP64()
	MOVQ(Mem{Base: src}, P)
	MOVQ(Mem{Base: src, Disp: 8}, O)
	MOVQ(Mem{Base: src, Disp: 24}, f)
	// a wipe-out and the hash moves skip the rest
	MOVQ(moveEvalW(0), res)
	CMPQ(f, O)
	JEQ(LabelRef("store"))
	x := GP64()
	MOVQ(Mem{Base: src, Disp: 16}, x)
	MOVQ(moveEvalW(1), res)
	CMPQ(x, Mem{Base: src, Disp: 48})
	JEQ(LabelRef("store"))
	MOVQ(moveEvalW(2), res)
	CMPQ(x, Mem{Base: src, Disp: 56})
	JEQ(LabelRef("store"))
	// the parity bonus if x's quadrant is odd
	tb, q, pw, e := GP64(), GP64(), GP64(), GP64()
	ANDL(U32(63), x.As32())
	LEAQ(asmgen.GoTable("moveEvalQuad"), tb)
	MOVQ(Mem{Base: tb, Index: x, Scale: 8}, q)
	ANDQ(Mem{Base: src, Disp: 32}, q)
	MOVQ(Mem{Base: src, Disp: 40}, e)
	ANDL(U32(63), e.As32())
	LEAQ(asmgen.GoTable("parityWeight"), tb)
	MOVQ(Mem{Base: tb, Index: e, Scale: 8}, pw)
	XORL(e.As32(), e.As32())
	TESTQ(q, q)
	CMOVQEQ(e, pw)
	moveScore(m, P, O, x, f, pw, res)
	Label("store")
	asmgen.BatchNext(res, Mem{Base: dst}, src, dst, n, 64)
	asmgen.Ret(m.Vector())
}

// moveEvaluateNode emits the form of the same move_evaluate the assembly
// bottom calls at a node of its local-table search: every move of the
// node at once, with no hash move, its flips already in the node's move
// list, (x, flipped, score) records of 3 words whose scores it writes.
// parity and empties are the node's (the moves' parity bonus is looked up
// once).
func moveEvaluateNode(name, what string, m flipasm.Mover) {
	asmgen.Func(name, "func(P, O uint64, parity, empties, k int, list *[3 * 34]uint64)")
	Doc(name+" is move_evaluate parity-table with the mobility from "+what+" for the k moves of one",
		"node, no hash move: (x, flipped, score) records of 3 words in list, whose scores it writes (the assembly bottom's entry).")
	P, O, src, n := GP64(), GP64(), GP64(), GP64()
	Load(Param("P"), P)
	Load(Param("O"), O)
	Load(Param("list"), src)
	Load(Param("k"), n)
	TESTQ(n, n)
	JZ(LabelRef("done"))
	bonus, tb := GP64(), GP64()
	Load(Param("empties"), bonus)
	ANDL(U32(63), bonus.As32())
	LEAQ(asmgen.GoTable("parityWeight"), tb)
	MOVQ(Mem{Base: tb, Index: bonus, Scale: 8}, bonus)
	m.Setup()
	Label("loop")
	res, x, f := GP64(), GP64(), GP64()
	MOVQ(Mem{Base: src, Disp: 8}, f)
	// a wipe-out skips the rest
	MOVQ(moveEvalW(0), res)
	CMPQ(f, O)
	JEQ(LabelRef("store"))
	MOVQ(Mem{Base: src}, x)
	ANDL(U32(63), x.As32())
	q, pw, z := GP64(), GP64(), GP64()
	LEAQ(asmgen.GoTable("moveEvalQuad"), q)
	MOVQ(Mem{Base: q, Index: x, Scale: 8}, q)
	ANDQ(asmgen.ParamAddr("parity"), q)
	MOVQ(bonus, pw)
	XORL(z.As32(), z.As32())
	TESTQ(q, q)
	CMOVQEQ(z, pw)
	moveScore(m, P, O, x, f, pw, res)
	Label("store")
	MOVQ(res, Mem{Base: src, Disp: 16})
	ADDQ(U8(24), src)
	DECQ(n)
	JNZ(LabelRef("loop"))
	Label("done")
	asmgen.Ret(m.Vector())
}

// moveEvalW is the address of weight i of ·moveEvalW.
func moveEvalW(i int) Mem { return asmgen.GoTable("moveEvalW").Offset(8 * i) }

// moveScore sets res to move_evaluate's score of P playing x (0..63)
// flipping f, past the wipe-out and hash-move tests, pw its parity bonus
// (0 or the node's): the square's value, the opponent's potential
// mobility and mobility (from m) after the move, the mover's corner
// stability.
func moveScore(m flipasm.Mover, P, O, x, f, pw, res reg.GPVirtual) {
	// the position after the move: the opponent (np) to move
	np, no := GP64(), GP64()
	MOVQ(f, np)
	NOTQ(np)
	ANDQ(O, np)
	MOVQ(P, no)
	ORQ(f, no)
	BTSQ(x, no)
	mob := m.Moves(np, no)
	tb := GP64()
	MOVQ(moveEvalW(3), res) // 36 x the two mobility weights
	LEAQ(asmgen.GoTable("moveEvalValue"), tb)
	ADDQ(Mem{Base: tb, Index: x, Scale: 8}, res)
	ADDQ(pw, res)
	// potential mobility: O's discs with a square on both sides
	const corners = 0x8100000000000081
	pot, t, k := GP64(), GP64(), GP64()
	for i, d := range []struct {
		mask  uint64
		steps []int
	}{{0x7e7e7e7e7e7e7e7e, []int{1}}, {0x00ffffffffffff00, []int{8}}, {0x007e7e7e7e7e7e00, []int{7, 9}}} {
		MOVQ(U64(d.mask), k)
		ANDQ(no, k)
		for j, s := range d.steps {
			MOVQ(k, t)
			SHLQ(U8(s), t)
			if i == 0 && j == 0 {
				MOVQ(t, pot)
			} else {
				ORQ(t, pot)
			}
			MOVQ(k, t)
			SHRQ(U8(s), t)
			ORQ(t, pot)
		}
	}
	MOVQ(np, t)
	ORQ(no, t)
	NOTQ(t)
	ANDQ(t, pot)
	cm := GP64()
	MOVQ(U64(corners), cm)
	weighted := func(b reg.GPVirtual) reg.GPVirtual {
		c, d := GP64(), GP64()
		POPCNTQ(b, c)
		ANDQ(cm, b)
		POPCNTQ(b, d)
		ADDQ(d, c)
		return c
	}
	c := weighted(pot)
	IMULQ(moveEvalW(4), c)
	SUBQ(c, res)
	// corner stability of the mover's discs: its corners and its edge
	// discs next to them
	cs, sp := GP64(), GP64()
	MOVQ(no, cs)
	ANDQ(cm, cs)
	MOVQ(cs, sp)
	SHLQ(U8(1), sp)
	MOVQ(U64(0x0200000000000002), t) // from a1 and a8
	ANDQ(t, sp)
	MOVQ(cs, t)
	SHRQ(U8(1), t)
	MOVQ(U64(0x4000000000000040), k) // from h1 and h8
	ANDQ(k, t)
	ORQ(t, sp)
	MOVQ(cs, t)
	SHLQ(U8(8), t)
	ORQ(t, sp)
	MOVQ(cs, t)
	SHRQ(U8(8), t)
	ORQ(t, sp)
	ANDQ(no, sp)
	ORQ(sp, cs)
	POPCNTQ(cs, cs)
	IMULQ(moveEvalW(5), cs)
	ADDQ(cs, res)
	// mobility
	c = weighted(mob)
	IMULQ(moveEvalW(6), c)
	SUBQ(c, res)
}
