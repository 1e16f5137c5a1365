package main

// The local table's searches from 10 to 7 empties: solver/local.go's
// nwsLocal (Edax's NWS_endgame_local), exact (no ProbCut below it).

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/search"
)

// localSlots is one local level's stack slots: the node, P's moves not
// yet listed, the table's move (h0) and entry, the best score and move,
// the move loop's state (stateHashMove...), the current move (x, f), and
// the listed moves (list, k of them, i searched: the solver's moveList).
type localSlots struct {
	node
	moves, h0, entry, best, bestMove, state, k, i, x, f, list Mem
	// sorted holds the empties in presorted order (at 8 empties and
	// fewer, a byte each), which the children's lists are made from
	sorted Mem
}

func newLocalSlots() localSlots {
	var s localSlots
	alloc(8, &s.P, &s.O, &s.alpha, &s.parity, &s.passed, &s.moves, &s.h0, &s.entry, &s.best, &s.bestMove,
		&s.state, &s.k, &s.i, &s.x, &s.f, &s.res)
	alloc(maxMoves*moveSize, &s.list)
	alloc(8, &s.sorted)
	return s
}

// localLevel is the level of n empties being emitted: its slots and the
// labels its parts jump to.
type localLevel struct {
	localSlots
	n  int
	to struct{ start, hasMoves, pass, done, miss, gotMove, next, prepare, list, play, playF, store string }
}

// nwsLocal emits nwsLocal at n empties (7 to 10) on the node in its
// slots; its result is left in loc[n].res. The moves are searched in one
// loop whatever their source (hashMoveFirst, then oneMoveOrList, then
// pick), so that the child, the search one level down, is emitted once,
// and so is every level.
func (g *gen) nwsLocal(n int) {
	l := func(s string) string { return g.label(s, n) }
	lv := &localLevel{localSlots: g.loc[n], n: n}
	to := &lv.to
	to.start, to.hasMoves, to.pass, to.done = l("lstart"), l("lhasmoves"), l("lpass"), l("ldone")
	to.miss, to.gotMove, to.next, to.prepare = l("lmiss"), l("lgot"), l("lnext"), l("lprepare")
	to.list, to.play, to.playF, to.store = l("llist"), l("lplay"), l("lplayf"), l("lstore")

	Label(fmt.Sprintf("enter%d", n))
	g.enterNode(lv.node)
	Label(to.start)
	m := g.moves(lv.P, lv.O)
	g.passOrEnd(n, lv.node, m, to.hasMoves, to.pass, to.start, to.done)
	MOVQ(m, lv.moves)
	g.stabilityCut(n, lv.node, to.done)
	g.probeLocal(lv)
	Label(to.miss)
	MOVQ(I32(-scoreInf), lv.best)
	MOVQ(U32(noMove), lv.bestMove)
	MOVQ(U32(stateHashMove), lv.state)

	// the next move to search, by the loop's state
	Label(to.next)
	hashMoveFirst(lv)
	Label(to.prepare)
	g.oneMoveOrList(lv)
	Label(to.list)
	g.pick(lv)
	// the move x: its flips, then the child, searched one level down
	Label(to.play)
	{
		x := GP64()
		MOVQ(lv.x, x)
		MOVQ(g.flip(lv.P, lv.O, x), lv.f)
	}
	Label(to.playF)
	child := g.localChild(lv)
	NEGQ(child)
	CMPQ(child, lv.best)
	JLE(LabelRef(to.next))
	MOVQ(child, lv.best)
	copySlot(lv.bestMove, lv.x)
	CMPQ(child, lv.alpha)
	JLE(LabelRef(to.next))

	Label(to.store)
	g.storeLocal(lv)
	g.leave(n, lv.node, to.done, l("lcont"))
}

// probeLocal emits the table's cutoff, on an entry of the position with
// exact bounds (to done); any entry of the position gives its move, h0
// (to gotMove), and a miss goes to label miss.
func (g *gen) probeLocal(lv *localLevel) {
	c := g.hashCode(lv.P, lv.O)
	ANDL(U32(localMask), c.As32())
	e, base := GP64(), GP64()
	LEAQ(Mem{Base: c, Index: c, Scale: 2}, e)
	MOVQ(g.table, base)
	LEAQ(Mem{Base: base, Index: e, Scale: 8}, e)
	MOVQ(e, lv.entry)
	MOVQ(U32(noMove), lv.h0)
	P, O := GP64(), GP64()
	MOVQ(lv.P, P)
	MOVQ(lv.O, O)
	CMPQ(Mem{Base: e}, P)
	JNE(LabelRef(lv.to.miss))
	CMPQ(Mem{Base: e, Disp: 8}, O)
	JNE(LabelRef(lv.to.miss))
	CMPB(Mem{Base: e, Disp: entSel}, U8(0))
	JNE(LabelRef(lv.to.gotMove)) // a selective pass's bounds: its move only
	lo, up, noLow := GP64(), GP64(), g.label("lnolow", lv.n)
	MOVBQSX(Mem{Base: e, Disp: entLower}, lo)
	CMPQ(lo, lv.alpha)
	JLE(LabelRef(noLow))
	MOVQ(lo, lv.res)
	JMP(LabelRef(lv.to.done))
	Label(noLow)
	MOVBQSX(Mem{Base: e, Disp: entUpper}, up)
	CMPQ(up, lv.alpha)
	JG(LabelRef(lv.to.gotMove))
	MOVQ(up, lv.res)
	JMP(LabelRef(lv.to.done))
	Label(lv.to.gotMove)
	h := GP64()
	MOVBQZX(Mem{Base: e, Disp: entMove}, h)
	MOVQ(h, lv.h0)
}

// hashMoveFirst emits the loop's first state: the table's move first, if
// it is a move and not the only one (to play); then, and in every other
// state, on to prepare (stateRest) or list (the rest).
func hashMoveFirst(lv *localLevel) {
	st := GP64()
	MOVQ(lv.state, st)
	CMPQ(st, U8(stateRest))
	JEQ(LabelRef(lv.to.prepare))
	JA(LabelRef(lv.to.list))
	MOVQ(U32(stateRest), lv.state)
	h, mv, t := GP64(), GP64(), GP64()
	MOVQ(lv.h0, h)
	CMPQ(h, U8(63))
	JA(LabelRef(lv.to.prepare))
	MOVQ(lv.moves, mv)
	BTQ(h, mv)
	JCC(LabelRef(lv.to.prepare))
	LEAQ(Mem{Base: mv, Disp: -1}, t)
	TESTQ(t, mv)
	JZ(LabelRef(lv.to.prepare))
	BTRQ(h, mv)
	MOVQ(mv, lv.moves)
	MOVQ(h, lv.x)
	JMP(LabelRef(lv.to.play))
}

// oneMoveOrList emits the moves after the table's: the only move left
// (to play), or the others listed with their flips (genMoves) and scored
// by move_evaluate (moveScores), then on to list.
func (g *gen) oneMoveOrList(lv *localLevel) {
	gen := g.label("lgen", lv.n)
	mv, t := GP64(), GP64()
	MOVQ(lv.moves, mv)
	LEAQ(Mem{Base: mv, Disp: -1}, t)
	TESTQ(t, mv)
	JNZ(LabelRef(gen))
	MOVQ(U32(stateOneMove), lv.state)
	x := GP64()
	search.BSF(mv, x)
	MOVQ(x, lv.x)
	JMP(LabelRef(lv.to.play))
	Label(gen)
	g.genMoves(lv)
	g.moveScores(lv)
	MOVQ(U32(stateList), lv.state)
	MOVQ(U32(0), lv.i)
}

// genMoves lists the moves left in square order, each with its flips.
func (g *gen) genMoves(lv *localLevel) {
	MOVQ(U32(0), lv.k)
	loop := g.label("lgenloop", lv.n)
	Label(loop)
	mv, x := GP64(), GP64()
	MOVQ(lv.moves, mv)
	search.BSF(mv, x)
	f := g.flip(lv.P, lv.O, x)
	k, lb, x2, mv2, t := GP64(), GP64(), GP64(), GP64(), GP64()
	MOVQ(lv.k, k)
	IMUL3Q(U8(moveSize), k, k)
	LEAQ(lv.list, lb)
	MOVQ(lv.moves, mv2)
	search.BSF(mv2, x2)
	MOVQ(x2, Mem{Base: lb, Index: k, Scale: 1})
	MOVQ(f, Mem{Base: lb, Index: k, Scale: 1, Disp: 8})
	LEAQ(Mem{Base: mv2, Disp: -1}, t)
	ANDQ(t, mv2)
	MOVQ(mv2, lv.moves)
	INCQ(lv.k)
	TESTQ(mv2, mv2)
	JNZ(LabelRef(loop))
}

// moveScores scores the listed moves by move_evaluate (its Node form:
// the node, its empties count and the list).
func (g *gen) moveScores(lv *localLevel) {
	g.setArgs(lv.P, lv.O, lv.parity, U32(lv.n), lv.k)
	lb := GP64()
	LEAQ(lv.list, lb)
	MOVQ(lb, g.args.Offset(40))
	g.call(kMoveEvaluate)
}

// pick emits the solver's moveList.pick: the best-scored listed move not
// searched yet (the first of equals) swapped to place i, its square and
// flips to x and f, on to playF; with none left (or after the only
// move), on to store.
func (g *gen) pick(lv *localLevel) {
	CMPQ(lv.state, U8(stateOneMove))
	JEQ(LabelRef(lv.to.store))
	i, k := GP64(), GP64()
	MOVQ(lv.i, i)
	MOVQ(lv.k, k)
	CMPQ(i, k)
	JAE(LabelRef(lv.to.store))
	lb, pi, pb, p, end, bs, js := GP64(), GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	LEAQ(lv.list, lb)
	IMUL3Q(U8(moveSize), i, pi)
	ADDQ(lb, pi) // move i
	IMUL3Q(U8(moveSize), k, end)
	ADDQ(lb, end) // past the last move
	MOVQ(pi, pb)
	MOVQ(Mem{Base: pi, Disp: 16}, bs)
	MOVQ(pi, p)
	scanBest(scan{p: p, end: end, best: bs, at: pb, v: js, stride: moveSize, disp: 16, cmov: CMOVQGT,
		loop: g.label("lscan", lv.n), over: g.label("lscanned", lv.n)})
	// swap moves i and b (the same when b == i)
	for w := 0; w < moveWords; w++ {
		u, v := GP64(), GP64()
		MOVQ(Mem{Base: pi, Disp: 8 * w}, u)
		MOVQ(Mem{Base: pb, Disp: 8 * w}, v)
		MOVQ(v, Mem{Base: pi, Disp: 8 * w})
		MOVQ(u, Mem{Base: pb, Disp: 8 * w})
	}
	x, f := GP64(), GP64()
	MOVQ(Mem{Base: pi}, x)
	MOVQ(Mem{Base: pi, Disp: 8}, f)
	MOVQ(x, lv.x)
	MOVQ(f, lv.f)
	INCQ(lv.i)
	JMP(LabelRef(lv.to.playF))
}

// localChild emits the solver's child from a local level: the position
// after x (flipping f), searched one level down at -alpha-1, by nwsLocal
// down to localMin, below it by the shallow search on the empties in
// presorted order. It returns the child's score.
func (g *gen) localChild(lv *localLevel) reg.GPVirtual {
	n := lv.n
	f, x := GP64(), GP64()
	MOVQ(lv.f, f)
	MOVQ(lv.x, x)
	np, no := childBoard(lv.P, lv.O, f, x)
	a := negAlpha(lv.alpha)
	p := childParity(lv.parity, x)
	cl := g.node(n - 1)
	MOVQ(np, cl.P)
	MOVQ(no, cl.O)
	MOVQ(a, cl.alpha)
	MOVQ(p, cl.parity)
	switch {
	case n-1 == sortedMax:
		e := GP64()
		MOVQ(np, e)
		ORQ(no, e)
		NOTQ(e)
		MOVQ(search.Presorted(e, n-1), g.loc[n-1].sorted)
	case n-1 < localMin:
		MOVQ(removeSquare(lv.sorted, x), g.sh[n-1].list)
	case n-1 < sortedMax:
		MOVQ(removeSquare(lv.sorted, x), g.loc[n-1].sorted)
	}
	JMP(LabelRef(fmt.Sprintf("enter%d", n-1)))
	if n-1 >= localMin {
		g.nwsLocal(n - 1)
	} else {
		g.shallow(n - 1)
	}
	child := GP64()
	MOVQ(cl.res, child)
	return child
}

// storeLocal emits the end of nwsLocal: the bounds into the table, a new
// position (or a selective entry's) replacing the entry, as Edax's always
// does; the best score is the result.
func (g *gen) storeLocal(lv *localLevel) {
	l := func(s string) string { return g.label(s, lv.n) }
	e, P, O := GP64(), GP64(), GP64()
	MOVQ(lv.entry, e)
	MOVQ(lv.P, P)
	MOVQ(lv.O, O)
	reset, same, high, stored := l("lreset"), l("lsame"), l("lhigh"), l("lstored")
	CMPQ(Mem{Base: e}, P)
	JNE(LabelRef(reset))
	CMPQ(Mem{Base: e, Disp: 8}, O)
	JNE(LabelRef(reset))
	CMPB(Mem{Base: e, Disp: entSel}, U8(0))
	JEQ(LabelRef(same))
	Label(reset)
	MOVQ(P, Mem{Base: e})
	MOVQ(O, Mem{Base: e, Disp: 8})
	MOVB(I8(-scoreInf), Mem{Base: e, Disp: entLower})
	MOVB(I8(scoreInf), Mem{Base: e, Disp: entUpper})
	MOVB(U8(noMove), Mem{Base: e, Disp: entMove})
	MOVB(U8(0), Mem{Base: e, Disp: entSel})
	Label(same)
	b, v := GP64(), GP64()
	MOVQ(lv.best, b)
	CMPQ(b, lv.alpha)
	JG(LabelRef(high))
	MOVBQSX(Mem{Base: e, Disp: entUpper}, v)
	CMPQ(b, v)
	CMOVQLT(b, v)
	MOVB(v.As8(), Mem{Base: e, Disp: entUpper})
	JMP(LabelRef(stored))
	Label(high)
	MOVBQSX(Mem{Base: e, Disp: entLower}, v)
	CMPQ(b, v)
	CMOVQGT(b, v)
	MOVB(v.As8(), Mem{Base: e, Disp: entLower})
	bm := GP64()
	MOVQ(lv.bestMove, bm)
	MOVB(bm.As8(), Mem{Base: e, Disp: entMove})
	Label(stored)
	MOVQ(b, lv.res)
}
