package flipasm

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipFuncs emits name (the per-call flip) and name+"Batch", which loops
// over in (P, O, x triples: variants.BoardX as words) writing out, and
// registers them as v, a variant of Flip.
func FlipFuncs(name, doc string, f Flipper, v asmgen.Variant) {
	v.Kernel, v.BatchOf = "Flip", "BoardX"
	asmgen.Register(name, v)
	asmgen.Func(name, "func(P, O uint64, x int) uint64")
	Doc(name + " " + doc)
	P, O, x := GP64(), GP64(), GP64()
	Load(Param("P"), P)
	Load(Param("O"), O)
	Load(Param("x"), x)
	f.Setup()
	Store(f.Flip(P, O, x), ReturnIndex(0))
	asmgen.Ret(f.Vector())

	asmgen.Func(name+"Batch", "func(in []uint64, out []uint64)")
	Doc(name+"Batch is "+name+" over a batch: in holds len(out) (P, O, x) triples.", "The loop stays in assembly: no call per element.")
	asmgen.BatchLoop(24, f.Setup, func(p reg.GPVirtual) reg.Register {
		P, O, x := GP64(), GP64(), GP64()
		MOVQ(Mem{Base: p}, P)
		MOVQ(Mem{Base: p, Disp: 8}, O)
		MOVQ(Mem{Base: p, Disp: 16}, x)
		return f.Flip(P, O, x)
	})
	asmgen.Ret(f.Vector())
}

// MovesFuncs emits name (the per-call moves) and name+"Batch" over (P, O)
// pairs (kernels.Board as words), and registers them as v, a variant of
// Moves.
func MovesFuncs(name, doc string, m Mover, v asmgen.Variant) {
	v.Kernel, v.BatchOf = "Moves", "board"
	asmgen.Register(name, v)
	asmgen.Func(name, "func(P, O uint64) uint64")
	Doc(name + " " + doc)
	P, O := asmgen.LoadBoard()
	m.Setup()
	Store(m.Moves(P, O), ReturnIndex(0))
	asmgen.Ret(m.Vector())

	asmgen.Func(name+"Batch", "func(in []uint64, out []uint64)")
	Doc(name+"Batch is "+name+" over a batch: in holds len(out) (P, O) pairs.", "The loop stays in assembly: no call per element.")
	asmgen.BatchLoop(16, m.Setup, func(p reg.GPVirtual) reg.Register {
		P, O := GP64(), GP64()
		MOVQ(Mem{Base: p}, P)
		MOVQ(Mem{Base: p, Disp: 8}, O)
		return m.Moves(P, O)
	})
	asmgen.Ret(m.Vector())
}

// leafCount adds to sum the leaves one ply below a position whose moves
// are c: popcount(c), or 1 if there are none (the pass and the finished
// game both count one leaf at the next ply).
func leafCount(c, sum, one reg.GPVirtual) {
	n := GP64()
	POPCNTQ(c, n) // ZF: c == 0
	CMOVQEQ(one, n)
	ADDQ(n, sum)
}

// PerftTail emits name(P, O) = perft(P, O, 2): the last two plies of a
// perft, with the moves and flip inlined. A pass uses a ply and a
// finished game is one leaf, so below a position with no move the count
// is the popcount of the opponent's moves (or 1).
func PerftTail(name, doc string, m Mover, f Flipper) {
	perftTail(name, doc, m, f, m.Vector() || f.Vector(), func(P, O reg.GPVirtual) func(x reg.GPVirtual) reg.GPVirtual {
		return func(x reg.GPVirtual) reg.GPVirtual {
			fl := f.Flip(P, O, x)
			nP, nO := GP64(), GP64()
			MOVQ(O, nP)
			XORQ(fl, nP)
			MOVQ(P, nO)
			XORQ(fl, nO)
			BTSQ(x, nO)
			return m.Moves(nP, nO)
		}
	})
}

// perftTail is the frame both perft tails share: the loop over P's moves
// counting the leaves below each, and the pass. child, called once before
// the loop, returns the loop's body: the child's moves after move x.
func perftTail(name, doc string, m Mover, f Flipper, vector bool, child func(P, O reg.GPVirtual) func(x reg.GPVirtual) reg.GPVirtual) {
	asmgen.Func(name, "func(P, O uint64) uint64")
	Doc(name + " " + doc)
	P, O := asmgen.LoadBoard()
	m.Setup()
	f.Setup()
	one, sum := GP64(), GP64()
	MOVQ(U64(1), one)
	XORQ(sum, sum)
	mv := m.Moves(P, O)
	TESTQ(mv, mv)
	JZ(LabelRef("pass"))
	moves := child(P, O)
	Label("loop")
	x := GP64()
	BSFQ(mv, x)
	t := GP64()
	LEAQ(Mem{Base: mv, Disp: -1}, t)
	ANDQ(t, mv)
	leafCount(moves(x), sum, one)
	TESTQ(mv, mv)
	JNZ(LabelRef("loop"))
	Store(sum, ReturnIndex(0))
	asmgen.Ret(vector)
	Label("pass")
	leafCount(m.Moves(O, P), sum, one)
	Store(sum, ReturnIndex(0))
	asmgen.Ret(vector)
}

// VecMover is a Mover that also takes P and O broadcast to YMM lanes.
type VecMover interface {
	Mover
	MovesVec(PP, OO reg.VecVirtual) reg.GPVirtual
}

// PerftTailVec is PerftTail with the board kept in YMM lanes between the
// two plies (AVX-512VL): the flip comes back broadcast, the child is
// P^f^x, O^f by VPTERNLOGQ, and its moves are masked in the vector, so
// the inner loop never moves a board through GP registers.
func PerftTailVec(name, doc string, m VecMover, f *FlipAVX512) {
	perftTail(name, doc, m, f, true, func(P, O reg.GPVirtual) func(x reg.GPVirtual) reg.GPVirtual {
		PP, OO := BroadcastY(P), BroadcastY(O)
		return func(x reg.GPVirtual) reg.GPVirtual {
			b := GP64()
			XORQ(b, b)
			BTSQ(x, b)
			XX := BroadcastY(b)
			fl := f.FlipVec(PP, OO, x)
			nP, nO := YMM(), YMM()
			VPXORQ(fl, OO, nP)
			VMOVDQA64(PP, nO)
			VPTERNLOGQ(U8(tXor3), fl, XX, nO)
			return m.MovesVec(nP, nO)
		}
	})
}
