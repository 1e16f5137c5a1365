package main

// The shallow search at 6 and 5 empties: solver/shallow.go's shallow
// (Edax's search_shallow), with its mobilityKey and pickKey.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// shallowSlots is one shallow level's stack slots: the node, its empties
// in presorted order (list), the best score, the places in list of the
// moves of this round (prio) and of the next (rest; at mobilityOrderAt,
// those not keyed yet), the place i searched now and its square (cur).
type shallowSlots struct {
	node
	list, best, rest, prio, i, cur Mem
	// at mobilityOrderAt empties: each move's sort key, and its flips and
	// the opponent's moves after it by list index; one level below, the
	// moves made by the level above (entered at enterm)
	keys, flips, omoves, moves Mem
}

func newShallowSlots() shallowSlots {
	var s shallowSlots
	alloc(8, &s.P, &s.O, &s.alpha, &s.list, &s.parity, &s.best, &s.rest, &s.prio, &s.i, &s.cur, &s.passed, &s.res)
	alloc(8*mobilityOrderAt, &s.keys, &s.flips, &s.omoves)
	alloc(8, &s.moves)
	return s
}

// shallow emits shallow at n empties on the node in its slots: the
// stability cutoff, P's moves (without any, a pass or the game's end),
// then the moves fastest first at mobilityOrderAt (mobilityOrder), below
// it in two rounds, odd quadrants first (parityOrder); 4 empties go to
// the leaf through nws4. Its result is left in sh[n].res.
func (g *gen) shallow(n int) {
	lv := g.sh[n]
	enter, start, hasMoves := fmt.Sprintf("enter%d", n), g.label("start", n), g.label("hasmoves", n)
	iter, done := g.label("iter", n), g.label("done", n)

	Label(enter)
	g.enterNode(lv.node)
	Label(start)
	g.stabilityCut(n, lv.node, done)
	m := g.moves(lv.P, lv.O)
	if n == mobilityOrderAt-1 {
		g.enterMoves(n, m, done)
	}
	g.passOrEnd(n, lv.node, m, hasMoves, g.label("pass", n), start, done)
	MOVQ(I32(-scoreInf), lv.best)
	if n == mobilityOrderAt {
		g.mobilityOrder(n, m, done)
	} else {
		g.parityOrder(n, m, iter, done)
	}
	g.leave(n, lv.node, done, g.label("cont", n))
}

// enterMoves emits the second entry of the level below mobilityOrderAt,
// at label enterm: its node entered from the mobility order above, which
// made the node's moves for its key and left them in the moves slot.
func (g *gen) enterMoves(n int, m reg.GPVirtual, done string) {
	lv := g.sh[n]
	haveMoves := g.label("havemoves", n)
	JMP(LabelRef(haveMoves))
	Label(fmt.Sprintf("enterm%d", n))
	g.enterNode(lv.node)
	g.stabilityCut(n, lv.node, done)
	MOVQ(lv.moves, m)
	Label(haveMoves)
}

// parityOrder emits the moves m in two rounds, the squares of odd
// quadrants first (all of them when there is none), each round in
// presorted order: a round takes the moves by their places in the list
// (prio), lowest first, with no branch per square that is not one.
func (g *gen) parityOrder(n int, m reg.GPVirtual, iter, done string) {
	lv := g.sh[n]
	q, pa := GP64(), GP64()
	MOVQ(lv.parity, pa)
	LEAQ(asmgen.GoTable("quadMask"), q)
	MOVQ(Mem{Base: q, Index: pa, Scale: 8}, q)
	ANDQ(m, q)
	CMOVQEQ(m, q)
	XORQ(q, m)
	pl := listPlaces(lv.list, n, q, m)
	MOVQ(pl[0], lv.prio)
	MOVQ(pl[1], lv.rest)

	Label(iter)
	roundOver := g.label("roundover", n)
	f := g.flip(lv.P, lv.O, nextPlace(lv, lv.prio, roundOver))
	x := GP64()
	MOVQ(lv.cur, x)
	np, no := childBoard(lv.P, lv.O, f, x)
	a := negAlpha(lv.alpha)
	var child reg.GPVirtual
	if n == 5 {
		child = g.nws4(lv, np, no, a)
	} else {
		cl := g.sh[n-1]
		MOVQ(np, cl.P)
		MOVQ(no, cl.O)
		MOVQ(a, cl.alpha)
		MOVQ(removeByte(lv), cl.list)
		MOVQ(childParity(lv.parity, x), cl.parity)
		JMP(LabelRef(fmt.Sprintf("enter%d", n-1)))
		g.shallow(n - 1)
		child = GP64()
		MOVQ(cl.res, child)
	}
	cutOrBest(lv.node, lv.best, child, g.label("notcut", n), done)
	JMP(LabelRef(iter))

	// the round is over: the other moves, or the best score
	Label(roundOver)
	r := GP64()
	MOVQ(lv.rest, r)
	best := g.label("best", n)
	TESTQ(r, r)
	JZ(LabelRef(best))
	MOVQ(r, lv.prio)
	MOVQ(U32(0), lv.rest)
	JMP(LabelRef(iter))
	Label(best)
	copySlot(lv.res, lv.best)
}

// mobilityOrder emits the moves m at mobilityOrderAt, fastest first: each
// move's flips and the opponent's moves after it first, and its key
// (mobilityKey), then the moves by smallest key (pickKey), each child
// searched by the level below, entered with its moves. The result is left
// in the res slot, and the code goes to done.
func (g *gen) mobilityOrder(n int, m reg.GPVirtual, done string) {
	lv := g.sh[n]
	MOVQ(listPlaces(lv.list, n, m)[0], lv.rest)
	l := func(s string) string { return g.label(s, n) }
	keyLoop, keyNext, pick, over := l("mkey"), l("mkeynext"), l("mpick"), l("mover")
	// rest: the places of the moves not keyed yet; i: the list index;
	// prio: the keys made; cur: the square at place i
	MOVQ(U32(0), lv.prio)
	Label(keyLoop)
	{
		x := nextPlace(lv, lv.rest, keyNext)
		f := g.flip(lv.P, lv.O, x)
		storeAt(lv.flips, lv.i, f)
		x2 := GP64()
		MOVQ(lv.cur, x2)
		om := g.movesRegs(childBoard(lv.P, lv.O, f, x2))
		storeAt(lv.omoves, lv.i, om) // for the child, entered with its moves
		g.mobilityKey(n, om)
		JMP(LabelRef(keyLoop))
	}
	Label(keyNext)
	MOVQ(U32(0), lv.i) // now the moves searched
	Label(pick)
	j := GP64()
	MOVQ(lv.i, j)
	CMPQ(j, lv.prio)
	JAE(LabelRef(over))
	child := g.mobilityChild(n, g.pickKey(n))
	cutOrBest(lv.node, lv.best, child, l("mnotcut"), done)
	INCQ(lv.i)
	JMP(LabelRef(pick))
	Label(over)
	copySlot(lv.res, lv.best)
}

// mobilityKey emits the sort key of the move at place i from om, the
// opponent's moves after it: twice the weighted mobility, 1 more in an
// even quadrant, then the place, in one word.
func (g *gen) mobilityKey(n int, om reg.GPVirtual) {
	lv := g.sh[n]
	w, cc, key := GP64(), GP64(), GP64()
	POPCNTQ(om, w)
	MOVQ(U64(cornersMask), cc)
	ANDQ(om, cc)
	POPCNTQ(cc, cc)
	ADDQ(cc, w)
	x, qt, even := GP64(), GP64(), GP64()
	MOVQ(lv.cur, x)
	LEAQ(asmgen.GoTable("quadrantID"), qt)
	MOVBQZX(Mem{Base: qt, Index: x, Scale: 1}, qt)
	XORQ(even, even)
	TESTQ(qt, lv.parity)
	SETEQ(even.As8())
	LEAQ(Mem{Base: even, Index: w, Scale: 2}, key)
	SHLQ(U8(8), key)
	ORQ(lv.i, key)
	storeAt(lv.keys, lv.prio, key)
	INCQ(lv.prio)
}

// pickKey returns the place of the move of the smallest key left, and
// takes it (its key set to all ones).
func (g *gen) pickKey(n int) reg.GPVirtual {
	lv := g.sh[n]
	kt, p, end, bp, bk, v := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	LEAQ(lv.keys, kt)
	MOVQ(lv.prio, end)
	LEAQ(Mem{Base: kt, Index: end, Scale: 8}, end)
	MOVQ(kt, bp)
	MOVQ(Mem{Base: kt}, bk)
	MOVQ(kt, p)
	scanBest(scan{p: p, end: end, best: bk, at: bp, v: v, stride: 8, cmov: CMOVQCS, // unsigned below
		loop: g.label("mscan", n), over: g.label("mscanned", n)})
	MOVQ(I32(-1), Mem{Base: bp})
	idx := GP64()
	MOVBQZX(bk.As8(), idx)
	return idx
}

// mobilityChild searches the child of the move at place idx one level
// down, entered with its moves (enterm), and returns its score.
func (g *gen) mobilityChild(n int, idx reg.GPVirtual) reg.GPVirtual {
	lv, cl := g.sh[n], g.sh[n-1]
	x, f, ft := GP64(), GP64(), GP64()
	MOVBQZX(listByte(lv.list, idx), x)
	LEAQ(lv.flips, ft)
	MOVQ(Mem{Base: ft, Index: idx, Scale: 8}, f)
	np, no := childBoard(lv.P, lv.O, f, x)
	MOVQ(np, cl.P)
	MOVQ(no, cl.O)
	MOVQ(negAlpha(lv.alpha), cl.alpha)
	MOVQ(childParity(lv.parity, x), cl.parity)
	MOVQ(removeByteAt(lv.list, idx), cl.list)
	om := GP64()
	LEAQ(lv.omoves, om)
	MOVQ(Mem{Base: om, Index: idx, Scale: 8}, om)
	MOVQ(om, cl.moves)
	JMP(LabelRef(fmt.Sprintf("enterm%d", n-1)))
	g.shallow(n - 1)
	child := GP64()
	MOVQ(cl.res, child)
	return child
}

// storeAt stores v to word i of the array in slot array, i in slot idx.
func storeAt(array, idx Mem, v reg.GPVirtual) {
	i, t := GP64(), GP64()
	MOVQ(idx, i)
	LEAQ(array, t)
	MOVQ(v, Mem{Base: t, Index: i, Scale: 8})
}
