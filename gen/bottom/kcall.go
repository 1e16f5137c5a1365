package main

// The kernels the search calls (solver/kcall.go): the selected variants
// through their entry points in k, ABI0, the arguments and results in
// the outgoing slots at 0(SP); in the inline bottom, flip and moves
// emitted here instead.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// call calls entry point off of k with the arguments in place at 0(SP).
func (g *gen) call(off int) {
	k, f := GP64(), GP64()
	MOVQ(g.k, k)
	MOVQ(Mem{Base: k, Disp: off}, f)
	asmgen.CallReg(f)
}

// setArgs puts args (slots, registers or constants) in the outgoing
// slots, in order.
func (g *gen) setArgs(args ...Op) {
	var t reg.GPVirtual
	for i, a := range args {
		if m, ok := a.(Mem); ok {
			if t == nil {
				t = GP64()
			}
			MOVQ(m, t)
			a = t
		}
		MOVQ(a, g.args.Offset(8*i))
	}
}

// result returns the word in outgoing slot i: a result after i arguments.
func (g *gen) result(i int) reg.GPVirtual {
	r := GP64()
	MOVQ(g.args.Offset(8*i), r)
	return r
}

// callArgs calls the kernel at off of k on args and returns its result.
func (g *gen) callArgs(off int, args ...Op) reg.GPVirtual {
	g.setArgs(args...)
	g.call(off)
	return g.result(len(args))
}

// moves is moves(P, O) of slots P and O.
func (g *gen) moves(P, O Mem) reg.GPVirtual {
	if g.mover != nil {
		p, o := GP64(), GP64()
		MOVQ(P, p)
		MOVQ(O, o)
		return g.movesRegs(p, o)
	}
	return g.callArgs(kMoves, P, O)
}

// movesRegs is moves(P, O) of registers P and O.
func (g *gen) movesRegs(P, O reg.GPVirtual) reg.GPVirtual {
	if g.mover != nil {
		g.mover.Setup()
		r := g.mover.Moves(P, O)
		if g.mover.Vector() {
			VZEROUPPER() // the kernels called next may be SSE code
		}
		return r
	}
	return g.callArgs(kMoves, P, O)
}

// flip is flip(P, O, x): the discs a move on x flips.
func (g *gen) flip(P, O Mem, x reg.GPVirtual) reg.GPVirtual {
	if g.flipper != nil {
		p, o := GP64(), GP64()
		MOVQ(P, p)
		MOVQ(O, o)
		g.flipper.Setup()
		r := g.flipper.Flip(p, o, x)
		if g.flipper.Vector() {
			VZEROUPPER()
		}
		return r
	}
	return g.callArgs(kFlip, P, O, x)
}

func (g *gen) stableEdgeCount(P, O Mem) reg.GPVirtual { return g.callArgs(kStableEdgeCount, P, O) }
func (g *gen) stability(P, O Mem) reg.GPVirtual       { return g.callArgs(kStability, P, O) }
func (g *gen) hashCode(P, O Mem) reg.GPVirtual        { return g.callArgs(kHashCode, P, O) }

// countLastFlip is count_last_flip(P, x).
func (g *gen) countLastFlip(P, x Op) reg.GPVirtual { return g.callArgs(kCountLastFlip, P, x) }

// score1 is the solver's score1: score_1(P, alpha, x) (x from a slot), or,
// with no score_1 entry, score1Own. It returns the score.
func (g *gen) score1(P, alpha reg.GPVirtual, xs Mem) reg.GPVirtual {
	s := g.s1
	MOVQ(P, s.P)
	MOVQ(alpha, s.alpha)
	x := GP64()
	MOVQ(xs, x)
	MOVQ(x, s.x)
	own, done := g.label("s1count", 1), g.label("s1done", 1)
	k, e := GP64(), GP64()
	MOVQ(g.k, k)
	MOVQ(Mem{Base: k, Disp: kScore1}, e)
	TESTQ(e, e)
	JZ(LabelRef(own))
	g.setArgs(P, alpha, x)
	asmgen.CallReg(e)
	MOVQ(g.result(3), s.score)
	JMP(LabelRef(done))
	Label(own)
	g.score1Own(done)
	Label(done)
	r := GP64()
	MOVQ(s.score, r)
	return r
}
