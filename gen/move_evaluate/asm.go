// Command move_evaluate generates the assembly of move_evaluate's
// assembly variants (registered in variants/move_evaluate_amd64.go):
// parity-table with the mobility from moves avx2 or avx512, as a batch
// form with the whole score in the loop and as the node form assembly
// calls, and parity-table with eight moves per ZMM (lanes.go).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

func main() {
	asmgen.Setup()
	laneTables()
	avx2 := flipasm.NewMovesAVX2()
	zmm := flipasm.NewMovesAVX512()
	moveEvaluateBatch("moveEvaluateAVX2Batch", "moves avx2", avx2)
	moveEvaluateBatch("moveEvaluateAVX512Batch", "moves avx512", zmm)
	moveEvaluateNode("moveEvaluateAVX2Node", "moves avx2", avx2)
	moveEvaluateNode("moveEvaluateAVX512Node", "moves avx512", zmm)
	moveEvaluateBatchLanes("moveEvaluateAVX512LanesBatch")
	moveEvaluateNodeLanes("moveEvaluateAVX512LanesNode")
	asmgen.EntryTable("moveEvaluateEntries", "moveEvaluateAVX2Node", "moveEvaluateAVX512Node", "moveEvaluateAVX512LanesNode")
	asmgen.Generate()
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
