// Command bottom generates the bottom of the search in assembly: Edax's
// search_shallow from 7 to 5 empties, one level inside the other, the
// 4-empties leaf called at the last. The solver crosses from Go into it
// once per subtree instead of once per kernel call.
//
// It stays a harness: the kernels it calls (flip, moves,
// stable_edge_count, stability and solve_4) are the selected variants,
// called through their entry points (variants.Bottom: the assembly
// symbols, with the ABI0 stack convention, so no Go wrapper runs), so
// that every assembly variant of each can be the one the bottom uses. A
// callee may clobber every register: each level keeps its state in stack
// slots across calls.
//
// It searches exactly as the solver's Go shallow search (solver/shallow.go)
// does, node for node: the stability cutoff, a pass searched again from
// the other side, the moves of odd quadrants first, each in presorted
// order.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/search"
)

const scoreInf = 127 // kernels.ScoreInf

// The entry points of variants.Bottom, in order (offsets into k). With
// no solve_4 entry, the leaf below 5 empties is searched here, on flip
// and on score_1 (or, with no score_1 entry, board_score_1 on
// count_last_flip).
const (
	kFlip = 8 * iota
	kMoves
	kStableEdgeCount
	kStability
	kSolve4
	kScore1
	kCountLastFlip
	kEntries = iota
)

// scThreshold is the solver's: the stability cutoff is tried at 4 (before
// the leaf is entered, as the solver's nws4), 5, 6, 7 empties when alpha
// is at least this.
var scThreshold = map[int]int{4: 6, 5: 8, 6: 10, 7: 12}

func main() {
	asmgen.Setup()
	shallow()
	asmgen.Generate()
}

// level is one level's stack slots.
type level struct {
	P, O, alpha, list, parity, best, rest, prio, i, cur, passed, res Mem
}

type gen struct {
	args         Mem // outgoing arguments of a call, at 0(SP)
	child        struct{ P, O Mem } // the 5-empties level's child across the stability call
	nodes, entry Mem // the node count; the level the search entered at
	k            Mem // the entry points
	out          Mem // the entry level's result
	lv           [8]level
	leaf         [5]leafLevel
	s1           score1Slots
	labels       int
}

// leafLevel is one leaf level's stack slots (solve_4, solve_3; solve_2
// uses P, O, alpha, best, x1, x2).
type leafLevel struct {
	P, O, alpha, best, k, passed, res, x1, x2 Mem
	list                                      Mem // 16 bytes: the sorted moves, a dword each
}

// score1Slots hold board_score_1's state across its count_last_flip calls.
type score1Slots struct{ P, alpha, x, score Mem }

func (g *gen) label(s string, n int) string {
	g.labels++
	return fmt.Sprintf("%s%d_%d", s, n, g.labels)
}

func shallow() {
	// not NOSPLIT: its frame and its callees' need the stack check
	TEXT("shallowAsm", 0, fmt.Sprintf("func(P, O uint64, alpha int, k *[%d]uintptr) (score int, nodes uint64)", kEntries))
	Pragma("noescape")
	Doc("shallowAsm is the solver's shallow search of (P, O) at (alpha, alpha+1) with 5 to 7 empties,",
		"calling the kernels whose entry points k holds; it returns the score and the nodes searched.")
	g := &gen{args: AllocLocal(48)}
	g.nodes, g.entry, g.k, g.out = AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)
	g.child.P, g.child.O = AllocLocal(8), AllocLocal(8)
	for n := 5; n <= 7; n++ {
		g.lv[n] = level{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)}
	}
	for n := 2; n <= 4; n++ {
		g.leaf[n] = leafLevel{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(16)}
	}
	g.s1 = score1Slots{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)}
	MOVQ(U32(0), g.nodes)
	k := GP64()
	Load(Param("k"), k)
	MOVQ(k, g.k)

	// the empties, their count and their quadrant parity, into the
	// entry level's slots
	for _, m := range []int{7, 6, 5} {
		lv := g.lv[m]
		P, O, e := GP64(), GP64(), GP64()
		Load(Param("P"), P)
		Load(Param("O"), O)
		MOVQ(P, e)
		ORQ(O, e)
		NOTQ(e)
		n := GP64()
		POPCNTQ(e, n)
		next := fmt.Sprintf("entry_not%d", m)
		CMPQ(n, U8(m))
		JNE(LabelRef(next))
		MOVQ(P, lv.P)
		MOVQ(O, lv.O)
		a := GP64()
		Load(Param("alpha"), a)
		MOVQ(a, lv.alpha)
		MOVQ(U32(m), g.entry)
		par := GP64()
		XORQ(par, par)
		for q, mask := range []uint64{0x0f0f0f0f, 0xf0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000} {
			mk, c := GP64(), GP64()
			MOVQ(U64(mask), mk)
			ANDQ(e, mk)
			POPCNTQ(mk, c)
			ANDQ(U8(1), c)
			if q > 0 {
				SHLQ(U8(q), c)
			}
			ORQ(c, par)
		}
		MOVQ(par, lv.parity)
		MOVQ(search.Presorted(e, m), lv.list)
		JMP(LabelRef(fmt.Sprintf("enter%d", m)))
		Label(next)
	}
	// the solver calls it with 5 to 7 empties only
	a := GP64()
	Load(Param("alpha"), a)
	MOVQ(a, g.out)
	JMP(LabelRef("return"))

	g.level(7)

	Label("return")
	r := GP64()
	MOVQ(g.out, r)
	Store(r, ReturnIndex(0))
	MOVQ(g.nodes, r)
	Store(r, ReturnIndex(1))
	RET()
}

// call calls entry point off of k with the arguments in place at 0(SP).
func (g *gen) call(off int) {
	k, f := GP64(), GP64()
	MOVQ(g.k, k)
	MOVQ(Mem{Base: k, Disp: off}, f)
	asmgen.CallReg(f)
}

// callPO calls a kernel of (a, b) and returns its result.
func (g *gen) callPO(off int, a, b Mem) reg.GPVirtual {
	t := GP64()
	MOVQ(a, t)
	MOVQ(t, g.args)
	MOVQ(b, t)
	MOVQ(t, g.args.Offset(8))
	g.call(off)
	r := GP64()
	MOVQ(g.args.Offset(16), r)
	return r
}

// level emits the search at n empties on the board, window, list and
// parity in its slots; its result is left in lv[n].res. Levels 7 and 6
// search their children inline, level 5 calls solve_4.
func (g *gen) level(n int) {
	lv := g.lv[n]
	enter, start, moves, hasMoves := fmt.Sprintf("enter%d", n), g.label("start", n), g.label("moves", n), g.label("hasmoves", n)
	round, iter, next, done := g.label("round", n), g.label("iter", n), g.label("next", n), g.label("done", n)

	Label(enter)
	INCQ(g.nodes)
	MOVQ(U32(0), lv.passed)
	Label(start)

	// stability cutoff: the opponent's stable discs bound the score
	{
		a := GP64()
		MOVQ(lv.alpha, a)
		CMPQ(a, U8(scThreshold[n]))
		JL(LabelRef(moves))
		c := g.callPO(kStableEdgeCount, lv.O, lv.P)
		v := GP64()
		SHLQ(U8(1), c)
		MOVQ(U32(64), v)
		SUBQ(c, v)
		CMPQ(v, lv.alpha)
		stab := g.label("stab", n)
		JG(LabelRef(stab))
		MOVQ(v, lv.res)
		JMP(LabelRef(done))
		Label(stab)
		s := g.callPO(kStability, lv.O, lv.P)
		w := GP64()
		POPCNTQ(s, s)
		SHLQ(U8(1), s)
		MOVQ(U32(64), w)
		SUBQ(s, w)
		CMPQ(w, lv.alpha)
		JG(LabelRef(moves))
		MOVQ(w, lv.res)
		JMP(LabelRef(done))
	}

	Label(moves)
	{
		m := g.callPO(kMoves, lv.P, lv.O)
		TESTQ(m, m)
		JNZ(LabelRef(hasMoves))
		o := g.callPO(kMoves, lv.O, lv.P)
		pass := g.label("pass", n)
		TESTQ(o, o)
		JNZ(LabelRef(pass))
		// game over
		p := GP64()
		MOVQ(lv.P, p)
		MOVQ(search.BoardSolve(p, n), lv.res)
		JMP(LabelRef(done))
		// a pass: the other side searched at the same level, the result
		// negated (passed)
		Label(pass)
		x, y := GP64(), GP64()
		MOVQ(lv.P, x)
		MOVQ(lv.O, y)
		MOVQ(y, lv.P)
		MOVQ(x, lv.O)
		a := GP64()
		MOVQ(lv.alpha, a)
		NOTQ(a)
		MOVQ(a, lv.alpha)
		XORQ(U8(1), lv.passed)
		INCQ(g.nodes)
		JMP(LabelRef(start))

		// odd quadrants first (all moves when none is there), then the rest
		Label(hasMoves)
		MOVQ(I32(-scoreInf), lv.best)
		q, pa := GP64(), GP64()
		MOVQ(lv.parity, pa)
		LEAQ(asmgen.GoTable("quadMask"), q)
		MOVQ(Mem{Base: q, Index: pa, Scale: 8}, q)
		ANDQ(m, q)
		CMOVQEQ(m, q)
		MOVQ(q, lv.prio)
		XORQ(q, m)
		MOVQ(m, lv.rest)
	}

	Label(round)
	{
		l := GP64()
		MOVQ(lv.list, l)
		MOVQ(l, lv.cur)
		MOVQ(U32(0), lv.i)
	}
	Label(iter)
	{
		c, x, pr := GP64(), GP64(), GP64()
		MOVQ(lv.cur, c)
		MOVBQZX(c.As8(), x)
		MOVQ(lv.prio, pr)
		BTQ(x, pr)
		JCC(LabelRef(next))
		// flip(P, O, x)
		t := GP64()
		MOVQ(lv.P, t)
		MOVQ(t, g.args)
		MOVQ(lv.O, t)
		MOVQ(t, g.args.Offset(8))
		MOVQ(x, g.args.Offset(16))
		g.call(kFlip)
	}
	var child reg.GPVirtual
	{
		// the child: O to move less P's flips; P with them and x
		f, x, c := GP64(), GP64(), GP64()
		MOVQ(g.args.Offset(24), f)
		MOVQ(lv.cur, c)
		MOVBQZX(c.As8(), x)
		np, no := GP64(), GP64()
		MOVQ(lv.O, np)
		XORQ(f, np)
		MOVQ(lv.P, no)
		ORQ(f, no)
		BTSQ(x, no)
		a := GP64()
		MOVQ(lv.alpha, a)
		NOTQ(a) // -alpha-1
		if n == 5 {
			// the stability cutoff of the child (the solver's nws4): its
			// opponent's stable discs bound its score; a node
			child = GP64()
			enter, have := g.label("enter4", n), g.label("have", n)
			MOVQ(np, g.child.P)
			MOVQ(no, g.child.O)
			CMPQ(a, U8(scThreshold[4]))
			JL(LabelRef(enter))
			st := g.callPO(kStability, g.child.O, g.child.P)
			POPCNTQ(st, st)
			SHLQ(U8(1), st)
			v := GP64()
			MOVQ(U32(64), v)
			SUBQ(st, v)
			ca := GP64()
			MOVQ(lv.alpha, ca)
			NOTQ(ca)
			CMPQ(v, ca)
			JG(LabelRef(enter))
			INCQ(g.nodes)
			MOVQ(v, child)
			JMP(LabelRef(have))
			Label(enter)
			// the child again from its slots: the paths join here
			np, no, a = GP64(), GP64(), GP64()
			MOVQ(g.child.P, np)
			MOVQ(g.child.O, no)
			MOVQ(lv.alpha, a)
			NOTQ(a)
			// the selected solve_4, or the leaf here on flip and score_1
			k4, kk := GP64(), GP64()
			MOVQ(g.k, kk)
			MOVQ(Mem{Base: kk, Disp: kSolve4}, k4)
			inline := g.label("leaf", n)
			TESTQ(k4, k4)
			JZ(LabelRef(inline))
			// solve_4's entry for assembly takes the empties left, in
			// presorted order (gen/leaf's List form)
			MOVQ(np, g.args)
			MOVQ(no, g.args.Offset(8))
			MOVQ(a, g.args.Offset(16))
			MOVQ(g.removeByte(lv), g.args.Offset(24))
			asmgen.CallReg(k4)
			nn := GP64()
			MOVQ(g.args.Offset(40), nn)
			ADDQ(nn, g.nodes)
			MOVQ(g.args.Offset(32), child)
			JMP(LabelRef(have))
			Label(inline)
			l4 := g.leaf[4]
			MOVQ(np, l4.P)
			MOVQ(no, l4.O)
			MOVQ(a, l4.alpha)
			MOVQ(g.removeByte(lv), l4.list)
			g.leafLevel(4)
			MOVQ(l4.res, child)
			Label(have)
		} else {
			cl := g.lv[n-1]
			MOVQ(np, cl.P)
			MOVQ(no, cl.O)
			MOVQ(a, cl.alpha)
			// the list less byte i; the parity less x's quadrant
			MOVQ(g.removeByte(lv), cl.list)
			qt, p := GP64(), GP64()
			LEAQ(asmgen.GoTable("quadrantID"), qt)
			MOVBQZX(Mem{Base: qt, Index: x, Scale: 1}, qt)
			MOVQ(lv.parity, p)
			XORQ(qt, p)
			MOVQ(p, cl.parity)
			JMP(LabelRef(fmt.Sprintf("enter%d", n-1)))
			g.level(n - 1)
			child = GP64()
			MOVQ(cl.res, child)
		}
	}
	{
		NEGQ(child)
		notCut := g.label("notcut", n)
		CMPQ(child, lv.alpha)
		JLE(LabelRef(notCut))
		MOVQ(child, lv.res)
		JMP(LabelRef(done))
		Label(notCut)
		b := GP64()
		MOVQ(lv.best, b)
		CMPQ(child, b)
		CMOVQGT(child, b)
		MOVQ(b, lv.best)
	}
	Label(next)
	{
		c := GP64()
		MOVQ(lv.cur, c)
		SHRQ(U8(8), c)
		MOVQ(c, lv.cur)
		INCQ(lv.i)
		CMPQ(lv.i, U8(n))
		JB(LabelRef(iter))
		// the round is over: the other moves, or the best score
		r := GP64()
		MOVQ(lv.rest, r)
		best := g.label("best", n)
		TESTQ(r, r)
		JZ(LabelRef(best))
		MOVQ(r, lv.prio)
		MOVQ(U32(0), lv.rest)
		JMP(LabelRef(round))
		Label(best)
		b := GP64()
		MOVQ(lv.best, b)
		MOVQ(b, lv.res)
	}

	Label(done)
	{
		r, p := GP64(), GP64()
		MOVQ(lv.res, r)
		MOVQ(r, p)
		NEGQ(p)
		CMPQ(lv.passed, U8(0))
		CMOVQNE(p, r)
		MOVQ(r, lv.res)
		// back to the Go caller if the search entered here
		cont := g.label("cont", n)
		CMPQ(g.entry, U8(n))
		JNE(LabelRef(cont))
		MOVQ(r, g.out)
		JMP(LabelRef("return"))
		Label(cont)
	}
}

// removeByte is level lv's list less its byte lv.i.
func (g *gen) removeByte(lv level) reg.GPVirtual {
	i, low, l, h := GP64(), GP64(), GP64(), GP64()
	MOVQ(lv.i, i)
	LEAQ(asmgen.GoTable("bottomLow"), low)
	MOVQ(Mem{Base: low, Index: i, Scale: 8}, low)
	MOVQ(lv.list, l)
	MOVQ(l, h)
	SHRQ(U8(8), h)
	ANDQ(low, l)
	NOTQ(low)
	ANDQ(low, h)
	ORQ(h, l)
	return l
}

// callFlip calls flip(a, b, x) and returns the flipped discs.
func (g *gen) callFlip(a, b Mem, x reg.GPVirtual) reg.GPVirtual {
	t := GP64()
	MOVQ(a, t)
	MOVQ(t, g.args)
	MOVQ(b, t)
	MOVQ(t, g.args.Offset(8))
	MOVQ(x, g.args.Offset(16))
	g.call(kFlip)
	f := GP64()
	MOVQ(g.args.Offset(24), f)
	return f
}

// leafLevel emits kernels.Solve4 (n = 4) or Solve3 (n = 3) on the board,
// window and presorted list in the leaf slots, with every level below
// inline and flip and score_1 called: the leaf of gen/leaf, node for
// node, on the selected kernels. The fail-soft result is left in res.
func (g *gen) leafLevel(n int) {
	lv := g.leaf[n]
	start, iter, next := g.label("lstart", n), g.label("liter", n), g.label("lnext", n)
	cut, done, over := g.label("lcut", n), g.label("ldone", n), g.label("lover", n)
	INCQ(g.nodes)
	{
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
		k, lb, d, x := GP64(), GP64(), GP64(), GP64()
		MOVQ(lv.k, k)
		LEAQ(lv.list, lb)
		MOVL(Mem{Base: lb, Index: k, Scale: 4}, d.As32())
		MOVBQZX(d.As8(), x)
		O := GP64()
		MOVQ(lv.O, O)
		search.NeighbourTest(O, x, next)
		f := g.callFlip(lv.P, lv.O, x)
		TESTQ(f, f)
		JZ(LabelRef(next))
		// the child: O to move less P's flips; P with them and x
		k, lb, d, x = GP64(), GP64(), GP64(), GP64()
		MOVQ(lv.k, k)
		LEAQ(lv.list, lb)
		MOVL(Mem{Base: lb, Index: k, Scale: 4}, d.As32())
		MOVBQZX(d.As8(), x)
		np, no, a := GP64(), GP64(), GP64()
		MOVQ(lv.O, np)
		XORQ(f, np)
		MOVQ(lv.P, no)
		ORQ(f, no)
		BTSQ(x, no)
		MOVQ(lv.alpha, a)
		NOTQ(a) // -alpha-1
		rest := GP64()
		MOVL(d.As32(), rest.As32())
		SHRL(U8(8), rest.As32())
		c := g.leaf[n-1]
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
			g.leafLevel(n - 1)
		}
	}
	{
		s := GP64()
		MOVQ(g.leaf[n-1].res, s)
		search.Child(s, lv.alpha, lv.best, cut, next)
	}
	search.LoopTail(search.LeafLoop{N: n, P: lv.P, O: lv.O, Alpha: lv.alpha, Best: lv.best, K: lv.k, Passed: lv.passed,
		Nodes: g.nodes, Start: start, Iter: iter, Next: next, Done: done, Over: over, NoMove: -scoreInf})
	Label(cut)
	{
		s := GP64()
		MOVQ(g.leaf[n-1].res, s)
		NEGQ(s)
		MOVQ(s, lv.best)
	}
	Label(done)
	{
		r, p := GP64(), GP64()
		MOVQ(lv.best, r)
		MOVQ(r, p)
		NEGQ(p)
		CMPQ(lv.passed, U8(0))
		CMOVQNE(p, r)
		MOVQ(r, lv.res)
	}
}

// solve2 emits kernels.Solve2 on the board, window and squares (in
// order) in leaf[2]'s slots: fail-hard, alpha or alpha+1 in res.
func (g *gen) solve2() {
	lv := g.leaf[2]
	INCQ(g.nodes)
	MOVQ(I32(-scoreInf), lv.best)
	high, low, decide, done := g.label("s2high", 2), g.label("s2low", 2), g.label("s2decide", 2), g.label("s2done", 2)
	// P's moves, each answered by O's last move
	try := func(x, y Mem, first bool) {
		skip := g.label("s2skip", 2)
		xr, O := GP64(), GP64()
		MOVQ(x, xr)
		MOVQ(lv.O, O)
		search.NeighbourTest(O, xr, skip)
		f := g.callFlip(lv.P, lv.O, xr)
		TESTQ(f, f)
		JZ(LabelRef(skip))
		INCQ(g.nodes)
		np, nb := GP64(), GP64()
		MOVQ(lv.O, np)
		XORQ(f, np)
		MOVQ(lv.alpha, nb)
		NOTQ(nb) // -(alpha+1)
		s := g.score1(np, nb, y)
		NEGQ(s)
		if first {
			MOVQ(s, lv.best)
		} else {
			CMPQ(s, lv.best)
			CMOVQLT(lv.best, s)
			MOVQ(s, lv.best)
		}
		Label(skip)
	}
	try(lv.x1, lv.x2, true)
	g.cmpSlots(lv.best, lv.alpha)
	JG(LabelRef(high))
	try(lv.x2, lv.x1, false)
	CMPQ(lv.best, I8(-scoreInf))
	JNE(LabelRef(decide))
	// P passes: O's moves, scored from O's side (no negation)
	MOVQ(I32(scoreInf), lv.best)
	opp := func(x, y Mem, first bool) {
		skip := g.label("s2oskip", 2)
		xr, P := GP64(), GP64()
		MOVQ(x, xr)
		MOVQ(lv.P, P)
		search.NeighbourTest(P, xr, skip)
		f := g.callFlip(lv.O, lv.P, xr)
		TESTQ(f, f)
		JZ(LabelRef(skip))
		INCQ(g.nodes)
		np, a := GP64(), GP64()
		MOVQ(lv.P, np)
		XORQ(f, np)
		MOVQ(lv.alpha, a)
		s := g.score1(np, a, y)
		if first {
			MOVQ(s, lv.best)
		} else {
			CMPQ(s, lv.best)
			CMOVQGT(lv.best, s)
			MOVQ(s, lv.best)
		}
		Label(skip)
	}
	opp(lv.x1, lv.x2, true)
	g.cmpSlots(lv.best, lv.alpha)
	JLE(LabelRef(low))
	opp(lv.x2, lv.x1, false)
	CMPQ(lv.best, I8(scoreInf))
	JNE(LabelRef(decide))
	{
		p := GP64()
		MOVQ(lv.P, p)
		MOVQ(search.BoardSolve(p, 2), lv.best)
	}
	Label(decide)
	g.cmpSlots(lv.best, lv.alpha)
	JG(LabelRef(high))
	Label(low)
	{
		a := GP64()
		MOVQ(lv.alpha, a)
		MOVQ(a, lv.res)
	}
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

// cmpSlots compares two stack slots (x86 has no memory-memory CMP).
func (g *gen) cmpSlots(a, b Mem) {
	r := GP64()
	MOVQ(a, r)
	CMPQ(r, b)
}

// score1 calls score_1(P, alpha, x) (x from a slot), or, with no score_1
// entry, computes board_score_1 on count_last_flip (kernels.Score1), and
// returns the score.
func (g *gen) score1(P, alpha reg.GPVirtual, xs Mem) reg.GPVirtual {
	s := g.s1
	MOVQ(P, s.P)
	MOVQ(alpha, s.alpha)
	x := GP64()
	MOVQ(xs, x)
	MOVQ(x, s.x)
	countMode, done := g.label("s1count", 1), g.label("s1done", 1)
	{
		k, e := GP64(), GP64()
		MOVQ(g.k, k)
		MOVQ(Mem{Base: k, Disp: kScore1}, e)
		TESTQ(e, e)
		JZ(LabelRef(countMode))
		MOVQ(P, g.args)
		MOVQ(alpha, g.args.Offset(8))
		MOVQ(x, g.args.Offset(16))
		asmgen.CallReg(e)
		r := GP64()
		MOVQ(g.args.Offset(24), r)
		MOVQ(r, s.score)
		JMP(LabelRef(done))
	}
	Label(countMode)
	{
		// score with x counted for P: 2 * P's discs - 62
		p, sc := GP64(), GP64()
		MOVQ(s.P, p)
		POPCNTQ(p, sc)
		LEAQ(Mem{Base: sc, Index: sc, Scale: 1, Disp: -62}, sc)
		MOVQ(sc, s.score)
		c := g.callCount(s.P, s.x)
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
		MOVQ(o, g.args)
		MOVQ(xr, g.args.Offset(8))
		g.call(kCountLastFlip)
		n2 := GP64()
		MOVQ(g.args.Offset(16), n2)
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
	Label(done)
	r := GP64()
	MOVQ(s.score, r)
	return r
}

// callCount calls count_last_flip(P, x) with both from slots.
func (g *gen) callCount(P, x Mem) reg.GPVirtual {
	t := GP64()
	MOVQ(P, t)
	MOVQ(t, g.args)
	MOVQ(x, t)
	MOVQ(t, g.args.Offset(8))
	g.call(kCountLastFlip)
	r := GP64()
	MOVQ(g.args.Offset(16), r)
	return r
}
