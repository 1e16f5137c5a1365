package main

// The 4..1-empties leaf: solver/solve_4.go's nws4, solve4, leaf (4 and 3
// empties), solve2 and score1Own, on flip and score_1 (or
// count_last_flip); the leaf of gen/internal/leaf, node for node, on the selected
// kernels.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/search"
)

// leafSlots is one leaf level's stack slots (solve_4, solve_3; solve_2
// uses P, O, alpha, best, x1, x2).
type leafSlots struct {
	P, O, alpha, best, k, passed, res, x1, x2 Mem
	list                                      Mem // 16 bytes: the sorted moves, a dword each
}

func newLeafSlots() leafSlots {
	var s leafSlots
	alloc(8, &s.P, &s.O, &s.alpha, &s.best, &s.k, &s.passed, &s.res, &s.x1, &s.x2)
	alloc(16, &s.list)
	return s
}

// score1Slots hold board_score_1's state across its count_last_flip calls.
type score1Slots struct{ P, alpha, x, score Mem }

// nws4 emits nws4 on the child (np, no) at the window a (-alpha-1) of
// the 5-empties level lv: the stability cutoff (a node), then solve4. It
// returns the child's score.
func (g *gen) nws4(lv shallowSlots, np, no, a reg.GPVirtual) reg.GPVirtual {
	child := GP64()
	enter, have := g.label("enter4", 5), g.label("have", 5)
	MOVQ(np, g.child.P)
	MOVQ(no, g.child.O)
	CMPQ(a, U8(scThreshold[4]))
	JL(LabelRef(enter))
	st := g.stability(g.child.O, g.child.P)
	POPCNTQ(st, st)
	v := stableBound(st)
	CMPQ(v, negAlpha(lv.alpha))
	JG(LabelRef(enter))
	INCQ(g.nodes)
	MOVQ(v, child)
	JMP(LabelRef(have))
	Label(enter)
	g.solve4(lv, child, have)
	Label(have)
	return child
}

// solve4 emits solve4 on the child in g.child: the selected solve_4, or
// without one the leaf here, on flip and score_1. Its score goes to
// child, and the code to have.
func (g *gen) solve4(lv shallowSlots, child reg.GPVirtual, have string) {
	np, no := GP64(), GP64()
	MOVQ(g.child.P, np)
	MOVQ(g.child.O, no)
	a := negAlpha(lv.alpha)
	k4, kk := GP64(), GP64()
	MOVQ(g.k, kk)
	MOVQ(Mem{Base: kk, Disp: kSolve4}, k4)
	inline := g.label("leaf", 5)
	TESTQ(k4, k4)
	JZ(LabelRef(inline))
	// solve_4's entry for assembly takes the empties left, in presorted
	// order (gen/internal/leaf's List form), and returns the nodes too
	g.setArgs(np, no, a)
	MOVQ(removeByte(lv), g.args.Offset(24))
	asmgen.CallReg(k4)
	ADDQ(g.result(5), g.nodes)
	MOVQ(g.args.Offset(32), child)
	JMP(LabelRef(have))
	Label(inline)
	l4 := g.lf[4]
	MOVQ(np, l4.P)
	MOVQ(no, l4.O)
	MOVQ(a, l4.alpha)
	MOVQ(removeByte(lv), l4.list)
	g.leaf(4)
	MOVQ(l4.res, child)
}

// leaf emits leaf at n empties (kernels.Solve4 at 4, Solve3 at 3) on the
// board, window and presorted list in the leaf slots, with every level
// below inline. The fail-soft result is left in res.
func (g *gen) leaf(n int) {
	lv := g.lf[n]
	start, iter, next := g.label("lstart", n), g.label("liter", n), g.label("lnext", n)
	cut, done, over := g.label("lcut", n), g.label("ldone", n), g.label("lover", n)
	INCQ(g.nodes)
	{
		// the moves in leaf order: presorted, odd quadrants first
		l := GP64()
		MOVQ(lv.list, l)
		search.Sort(l, n, lv.list, false)
	}
	MOVQ(I32(-scoreInf), lv.best)
	MOVQ(U32(0), lv.passed)
	Label(start)
	MOVQ(U32(0), lv.k)
	Label(iter)
	{
		_, x := leafMove(lv)
		O := GP64()
		MOVQ(lv.O, O)
		search.NeighbourTest(O, x, next)
		f := g.flip(lv.P, lv.O, x)
		TESTQ(f, f)
		JZ(LabelRef(next))
		d, x := leafMove(lv)
		np, no := childBoard(lv.P, lv.O, f, x)
		a := negAlpha(lv.alpha)
		rest := GP64()
		MOVL(d.As32(), rest.As32())
		SHRL(U8(8), rest.As32())
		c := g.lf[n-1]
		MOVQ(np, c.P)
		MOVQ(no, c.O)
		MOVQ(a, c.alpha)
		if n == 3 {
			x1, x2 := GP64(), GP64()
			MOVBQZX(rest.As8(), x1)
			SHRL(U8(8), rest.As32())
			MOVBQZX(rest.As8(), x2)
			MOVQ(x1, c.x1)
			MOVQ(x2, c.x2)
			g.solve2()
		} else {
			MOVQ(rest, c.list)
			g.leaf(n - 1)
		}
	}
	{
		s := GP64()
		MOVQ(g.lf[n-1].res, s)
		search.Child(s, lv.alpha, lv.best, cut, next)
	}
	search.LoopTail(search.LeafLoop{N: n, P: lv.P, O: lv.O, Alpha: lv.alpha, Best: lv.best, K: lv.k, Passed: lv.passed,
		Nodes: g.nodes, Start: start, Iter: iter, Next: next, Done: done, Over: over, NoMove: -scoreInf})
	Label(cut)
	{
		s := GP64()
		MOVQ(g.lf[n-1].res, s)
		NEGQ(s)
		MOVQ(s, lv.best)
	}
	Label(done)
	passedResult(lv.best, lv.passed, lv.res)
}

// leafMove loads move k of the sorted moves: its dword d (the square,
// then the empties left) and its square x.
func leafMove(lv leafSlots) (d, x reg.GPVirtual) {
	k, lb := GP64(), GP64()
	d, x = GP64(), GP64()
	MOVQ(lv.k, k)
	LEAQ(lv.list, lb)
	MOVL(Mem{Base: lb, Index: k, Scale: 4}, d.As32())
	MOVBQZX(d.As8(), x)
	return d, x
}

// solve2 emits solve2 on the board, window and squares (in order) in
// lf[2]'s slots: fail-hard, alpha or alpha+1 in res.
func (g *gen) solve2() {
	lv := g.lf[2]
	INCQ(g.nodes)
	MOVQ(I32(-scoreInf), lv.best)
	high, low, decide, done := g.label("s2high", 2), g.label("s2low", 2), g.label("s2decide", 2), g.label("s2done", 2)
	// P's moves, each answered by O's last move
	g.solve2Move(lv.x1, lv.x2, false, true)
	cmpSlots(lv.best, lv.alpha)
	JG(LabelRef(high))
	g.solve2Move(lv.x2, lv.x1, false, false)
	CMPQ(lv.best, I8(-scoreInf))
	JNE(LabelRef(decide))
	// P passes: O's moves, scored from O's side (no negation)
	MOVQ(I32(scoreInf), lv.best)
	g.solve2Move(lv.x1, lv.x2, true, true)
	cmpSlots(lv.best, lv.alpha)
	JLE(LabelRef(low))
	g.solve2Move(lv.x2, lv.x1, true, false)
	CMPQ(lv.best, I8(scoreInf))
	JNE(LabelRef(decide))
	{
		p := GP64()
		MOVQ(lv.P, p)
		MOVQ(search.BoardSolve(p, 2), lv.best)
	}
	Label(decide)
	cmpSlots(lv.best, lv.alpha)
	JG(LabelRef(high))
	Label(low)
	copySlot(lv.res, lv.alpha)
	JMP(LabelRef(done))
	Label(high)
	{
		a := GP64()
		MOVQ(lv.alpha, a)
		INCQ(a)
		MOVQ(a, lv.res)
	}
	Label(done)
}

// solve2Move emits a move of solve2 on square x (a slot) answered by the
// last move, on y: P's, or, after P passed, O's. A legal move is a node;
// its score, from P's side, is best's when first, else best becomes the
// better for the side that moved (P's larger, O's smaller).
func (g *gen) solve2Move(x, y Mem, passed, first bool) {
	lv := g.lf[2]
	me, opp, skipName, better := lv.P, lv.O, "s2skip", CMOVQLT
	if passed {
		me, opp, skipName, better = lv.O, lv.P, "s2oskip", CMOVQGT
	}
	skip := g.label(skipName, 2)
	xr, o := GP64(), GP64()
	MOVQ(x, xr)
	MOVQ(opp, o)
	search.NeighbourTest(o, xr, skip)
	f := g.flip(me, opp, xr)
	TESTQ(f, f)
	JZ(LabelRef(skip))
	INCQ(g.nodes)
	np, a := GP64(), GP64()
	MOVQ(opp, np)
	XORQ(f, np)
	MOVQ(lv.alpha, a)
	if !passed {
		NOTQ(a) // -(alpha+1)
	}
	s := g.score1(np, a, y)
	if !passed {
		NEGQ(s)
	}
	if first {
		MOVQ(s, lv.best)
	} else {
		CMPQ(s, lv.best)
		better(lv.best, s)
		MOVQ(s, lv.best)
	}
	Label(skip)
}

// cmpSlots compares two stack slots (x86 has no memory-memory CMP).
func cmpSlots(a, b Mem) {
	r := GP64()
	MOVQ(a, r)
	CMPQ(r, b)
}

// score1Own emits score1Own (kernels.Score1) on count_last_flip, on the
// arguments in the score_1 slots; the score goes to its slot, the code to
// done.
func (g *gen) score1Own(done string) {
	s := g.s1
	// score with x counted for P: 2 * P's discs - 62
	p, sc := GP64(), GP64()
	MOVQ(s.P, p)
	POPCNTQ(p, sc)
	LEAQ(Mem{Base: sc, Index: sc, Scale: 1, Disp: -62}, sc)
	MOVQ(sc, s.score)
	c := g.countLastFlip(s.P, s.x)
	TESTQ(c, c)
	noMove := g.label("s1pass", 1)
	JZ(LabelRef(noMove))
	ADDQ(c, s.score)
	JMP(LabelRef(done))
	Label(noMove)
	// P passes: the empty square to the winner, then O's move if
	// the score is above alpha
	sc2, t := GP64(), GP64()
	MOVQ(s.score, sc2)
	MOVQ(sc2, t)
	SUBQ(U8(2), t) // score2
	CMPQ(sc2, U8(0))
	CMOVQLE(t, sc2)
	MOVQ(sc2, s.score)
	CMPQ(sc2, s.alpha)
	JLE(LabelRef(done))
	// O's count on x: O = ^P &^ x
	o, xr := GP64(), GP64()
	MOVQ(s.P, o)
	NOTQ(o)
	MOVQ(s.x, xr)
	BTRQ(xr, o)
	n2 := g.countLastFlip(o, xr)
	TESTQ(n2, n2)
	JZ(LabelRef(done))
	// score2 - n2, score2 being the score before the pass fix-up less 2
	p2, sc3 := GP64(), GP64()
	MOVQ(s.P, p2)
	POPCNTQ(p2, sc3)
	LEAQ(Mem{Base: sc3, Index: sc3, Scale: 1, Disp: -64}, sc3)
	SUBQ(n2, sc3)
	MOVQ(sc3, s.score)
}
