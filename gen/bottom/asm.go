// Command bottom generates the bottom of the search in assembly: from 10
// empties down, Edax's NWS_endgame_local (the null-window search on the
// small local table) to 7, its search_shallow at 6 and 5, the 4-empties
// leaf called at the last, each level inside the one above. The solver
// crosses from Go into it once per subtree instead of once per kernel
// call.
//
// It stays a harness: the kernels it calls (flip, moves,
// stable_edge_count, stability, hash_code, move_evaluate and solve_4)
// are the selected variants, called through their entry points
// (variants.Bottom: the assembly symbols, with the ABI0 stack convention,
// so no Go wrapper runs), so that every assembly variant of each can be
// the one the bottom uses. A callee may clobber every register: each
// level keeps its state in stack slots across calls.
//
// It searches exactly as the solver's Go search does (solver/local.go,
// solver/shallow.go), node for node: the stability cutoff, the local
// table's cutoff and move first, the other moves in move_evaluate's order,
// a pass searched again from the other side; in the shallow search the
// moves of odd quadrants first, each in presorted order.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
	"github.com/flipbench/flipbench/gen/internal/search"
)

const scoreInf = 127 // kernels.ScoreInf

// The entry points of variants.Bottom, in order (offsets into k). With
// no solve_4 entry, the leaf below 5 empties is searched here, on flip
// and on score_1 (or, with no score_1 entry, board_score_1 on
// count_last_flip). hash_code and move_evaluate (its Node form) are only
// called from 7 empties up.
const (
	kFlip = 8 * iota
	kMoves
	kStableEdgeCount
	kStability
	kSolve4
	kScore1
	kCountLastFlip
	kHashCode
	kMoveEvaluate
	kEntries = iota
)

// The local table (variants.LocalEntry): 2^10 entries of 3 words, the
// board then the bounds, the move and the selectivity in bytes.
const (
	localMask                                         = 1<<10 - 1
	entLower, entUpper, entMove, entSel               = 16, 17, 18, 19
	noMove                                            = 65 // kernels.NoMove
	shallowMax, localMin, localMax                    = 6, 7, 10
	maxMoves                                          = localMax // a position of n empties has at most n moves
	moveWords                                         = 3        // a move of a level's list: x, flipped, score
	moveSize                                          = 8 * moveWords
	stateHashMove, stateRest, stateList, stateOneMove = 0, 1, 2, 3
	sortedMax                                         = 8 // local levels keep their empties in presorted order up to here
	mobilityOrderAt                                   = 6 // the shallow search orders fastest first here (the solver's)
	cornersMask                                       = 0x8100000000000081
)

// scThreshold is the solver's: the stability cutoff is tried at 4 (before
// the leaf is entered, as the solver's nws4), 5, 6, 7 empties when alpha
// is at least this.
var scThreshold = map[int]int{4: 6, 5: 8, 6: 10, 7: 12, 8: 14, 9: 16, 10: 20}

func main() {
	asmgen.Setup()
	bottom("bottomAsm", nil, nil)
	// the selection's default flip and moves on AVX-512 CPUs, inlined:
	// variants/bottom_asm_amd64.go names them (inlineFlip, inlineMoves)
	bottom("bottomAsmInlineAVX512", flipasm.NewFlipAVX512(), flipasm.NewMovesAVX512())
	asmgen.Generate()
}

// level is one level's stack slots: prio and rest hold the places in
// list of the moves of this round and of the next (at mobilityOrderAt,
// rest those not keyed yet), cur the square at place i, searched now.
type level struct {
	P, O, alpha, list, parity, best, rest, prio, i, cur, passed, res Mem
	// at mobilityOrderAt empties: each move's sort key, and its flips and
	// the opponent's moves after it by list index; one level below, the
	// moves made by the level above (entered at enterm)
	keys, flips, omoves, moves Mem
}

// localLevel is one local-table level's stack slots: the position, the
// window, the moves not yet listed, the table entry, the best score and
// move, the move loop's state (stateHashMove...), the current move, and
// the listed moves (list, k of them, i searched).
type localLevel struct {
	P, O, alpha, parity, passed, moves, h0, entry, best, bestMove, state, k, i, x, f, res Mem
	list                                                                                  Mem
	// sorted holds the empties in presorted order (at 8 empties and
	// fewer, a byte each), which the children's lists are made from
	sorted Mem
}

type gen struct {
	// flipper and mover, where set, are flip and moves emitted inline
	// (the inline bottom) instead of called through k
	flipper      flipasm.Flipper
	mover        flipasm.Mover
	args         Mem                // outgoing arguments of a call, at 0(SP)
	child        struct{ P, O Mem } // the 5-empties level's child across the stability call
	nodes, entry Mem                // the node count; the level the search entered at
	k            Mem                // the entry points
	local        Mem                // the local table
	out          Mem                // the entry level's result
	lv           [7]level
	loc          [localMax + 1]localLevel
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

// bottom emits the search as function name: calling every kernel through
// k, or with flip and moves emitted inline (f and m not nil; their
// entries in k are then not called).
func bottom(name string, f flipasm.Flipper, m flipasm.Mover) {
	// not NOSPLIT: its frame and its callees' need the stack check
	TEXT(name, 0, fmt.Sprintf("func(P, O uint64, alpha int, k *[%d]uintptr, local *[%d]uint64) (score int, nodes uint64)", kEntries, 3<<10))
	Pragma("noescape")
	if f == nil {
		Doc(name+" is the solver's null-window search of (P, O) at (alpha, alpha+1) with 5 to 10 empties,",
			"calling the kernels whose entry points k holds, on the local table from 7 empties; it returns the score and the nodes searched.")
	} else {
		Doc(name+" is bottomAsm with flip and moves inline (the variants inlineFlip and inlineMoves name),",
			"the other kernels called through k.")
	}
	g := &gen{args: AllocLocal(48), flipper: f, mover: m}
	g.nodes, g.entry, g.k, g.local, g.out = AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)
	g.child.P, g.child.O = AllocLocal(8), AllocLocal(8)
	for n := 5; n <= shallowMax; n++ {
		g.lv[n] = level{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8 * mobilityOrderAt), AllocLocal(8 * mobilityOrderAt), AllocLocal(8 * mobilityOrderAt), AllocLocal(8)}
	}
	for n := localMin; n <= localMax; n++ {
		g.loc[n] = localLevel{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(maxMoves * moveSize), AllocLocal(8)}
	}
	for n := 2; n <= 4; n++ {
		g.leaf[n] = leafLevel{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8),
			AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(16)}
	}
	g.s1 = score1Slots{AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)}
	MOVQ(U32(0), g.nodes)
	k, t := GP64(), GP64()
	Load(Param("k"), k)
	MOVQ(k, g.k)
	Load(Param("local"), t)
	MOVQ(t, g.local)

	// the empties, their count and their quadrant parity, into the
	// entry level's slots
	for m := localMax; m >= 5; m-- {
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
		a := GP64()
		Load(Param("alpha"), a)
		MOVQ(U32(m), g.entry)
		par := parity(e)
		if m <= shallowMax {
			lv := g.lv[m]
			MOVQ(P, lv.P)
			MOVQ(O, lv.O)
			MOVQ(a, lv.alpha)
			MOVQ(par, lv.parity)
			MOVQ(search.Presorted(e, m), lv.list)
		} else {
			lv := g.loc[m]
			MOVQ(P, lv.P)
			MOVQ(O, lv.O)
			MOVQ(a, lv.alpha)
			MOVQ(par, lv.parity)
			if m <= sortedMax {
				MOVQ(search.Presorted(e, m), lv.sorted)
			}
		}
		JMP(LabelRef(fmt.Sprintf("enter%d", m)))
		Label(next)
	}
	// the solver calls it with 5 to 10 empties only
	a := GP64()
	Load(Param("alpha"), a)
	MOVQ(a, g.out)
	JMP(LabelRef("return"))

	g.localLevel(localMax)

	Label("return")
	r := GP64()
	MOVQ(g.out, r)
	Store(r, ReturnIndex(0))
	MOVQ(g.nodes, r)
	Store(r, ReturnIndex(1))
	if f != nil {
		VZEROUPPER()
	}
	RET()
}

// parity returns the quadrant parity of the empty squares e: bit q set
// where quadrant q holds an odd number of them (kernels.Parity).
func parity(e reg.GPVirtual) reg.GPVirtual {
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
	return par
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
	if off == kMoves && g.mover != nil {
		P, O := GP64(), GP64()
		MOVQ(a, P)
		MOVQ(b, O)
		return g.moves(P, O)
	}
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
	enter, start, hasMoves := fmt.Sprintf("enter%d", n), g.label("start", n), g.label("hasmoves", n)
	iter, done := g.label("iter", n), g.label("done", n)

	Label(enter)
	INCQ(g.nodes)
	MOVQ(U32(0), lv.passed)
	Label(start)

	g.stabilityCut(n, lv.P, lv.O, lv.alpha, lv.res, done)
	{
		m := g.callPO(kMoves, lv.P, lv.O)
		if n == mobilityOrderAt-1 {
			// entered from the mobility order above, which made this
			// node's moves for its key: they are in lv.moves
			haveMoves := g.label("havemoves", n)
			JMP(LabelRef(haveMoves))
			Label(fmt.Sprintf("enterm%d", n))
			INCQ(g.nodes)
			MOVQ(U32(0), lv.passed)
			g.stabilityCut(n, lv.P, lv.O, lv.alpha, lv.res, done)
			MOVQ(lv.moves, m)
			Label(haveMoves)
		}
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
		if n == mobilityOrderAt {
			// the moves' places in the list, for their keys
			MOVQ(listPlaces(lv.list, n, m)[0], lv.rest)
		} else {
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
		}
	}

	if n == mobilityOrderAt {
		g.mobilityMoves(n, done)
	} else {
		// each round takes the moves by their places in the list (lv.prio),
		// lowest first: no branch per square that is not one
		Label(iter)
		roundOver := g.label("roundover", n)
		var fl reg.GPVirtual
		{
			x := nextPlace(lv, lv.prio, roundOver)
			fl = g.callFlip(lv.P, lv.O, x)
		}
		var child reg.GPVirtual
		{
			// the child: O to move less P's flips; P with them and x
			f, x := fl, GP64()
			MOVQ(lv.cur, x)
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
		JMP(LabelRef(iter))
		{
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
			b := GP64()
			MOVQ(lv.best, b)
			MOVQ(b, lv.res)
		}

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

// stabilityCut emits the stability cutoff at n empties of the position in
// slots P and O at the null window of alpha: at alpha scThreshold[n] or
// more, when the opponent's stable edge discs, then all its stable discs,
// bound the score to alpha or less, the bound goes to res and the code
// jumps to done; else it falls through.
func (g *gen) stabilityCut(n int, P, O, alpha, res Mem, done string) {
	no := g.label("nosc", n)
	a := GP64()
	MOVQ(alpha, a)
	CMPQ(a, U8(scThreshold[n]))
	JL(LabelRef(no))
	c := g.callPO(kStableEdgeCount, O, P)
	v := GP64()
	SHLQ(U8(1), c)
	MOVQ(U32(64), v)
	SUBQ(c, v)
	CMPQ(v, alpha)
	stab := g.label("stab", n)
	JG(LabelRef(stab))
	MOVQ(v, res)
	JMP(LabelRef(done))
	Label(stab)
	s := g.callPO(kStability, O, P)
	w := GP64()
	POPCNTQ(s, s)
	SHLQ(U8(1), s)
	MOVQ(U32(64), w)
	SUBQ(s, w)
	CMPQ(w, alpha)
	JG(LabelRef(no))
	MOVQ(w, res)
	JMP(LabelRef(done))
	Label(no)
}

// localLevel emits the search at n empties (7 to 10: Edax's
// NWS_endgame_local, the solver's nwsLocal) on the board, window and
// parity in its slots; its result is left in loc[n].res. The moves are
// searched in one loop whatever their source: the table's move first
// (when it is a move and not the only one), then the only move left, or
// the others listed with their flips, scored by move_evaluate and picked
// best first. The child, the search one level down, is emitted once, so
// every level is.
func (g *gen) localLevel(n int) {
	lv := g.loc[n]
	l := func(s string) string { return g.label(s, n) }
	start, hasMoves, pass, done := l("lstart"), l("lhasmoves"), l("lpass"), l("ldone")
	miss, gotMove, next, prepare, list, play, playF, store := l("lmiss"), l("lgot"), l("lnext"), l("lprepare"), l("llist"), l("lplay"), l("lplayf"), l("lstore")

	Label(fmt.Sprintf("enter%d", n))
	INCQ(g.nodes)
	MOVQ(U32(0), lv.passed)
	Label(start)
	{
		m := g.callPO(kMoves, lv.P, lv.O)
		TESTQ(m, m)
		JNZ(LabelRef(hasMoves))
		o := g.callPO(kMoves, lv.O, lv.P)
		TESTQ(o, o)
		JNZ(LabelRef(pass))
		// game over
		p := GP64()
		MOVQ(lv.P, p)
		MOVQ(search.BoardSolve(p, n), lv.res)
		JMP(LabelRef(done))
		// a pass: the other side searched at the same level (a node),
		// the result negated (passed)
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
		Label(hasMoves)
		MOVQ(m, lv.moves)
	}
	g.stabilityCut(n, lv.P, lv.O, lv.alpha, lv.res, done)

	// the local table: a cutoff on an exact entry's bounds; any entry of
	// the position gives its move
	{
		c := g.callPO(kHashCode, lv.P, lv.O)
		ANDL(U32(localMask), c.As32())
		e, base := GP64(), GP64()
		LEAQ(Mem{Base: c, Index: c, Scale: 2}, e)
		MOVQ(g.local, base)
		LEAQ(Mem{Base: base, Index: e, Scale: 8}, e)
		MOVQ(e, lv.entry)
		MOVQ(U32(noMove), lv.h0)
		P, O := GP64(), GP64()
		MOVQ(lv.P, P)
		MOVQ(lv.O, O)
		CMPQ(Mem{Base: e}, P)
		JNE(LabelRef(miss))
		CMPQ(Mem{Base: e, Disp: 8}, O)
		JNE(LabelRef(miss))
		CMPB(Mem{Base: e, Disp: entSel}, U8(0))
		JNE(LabelRef(gotMove)) // a selective pass's bounds: its move only
		lo, up, noLow := GP64(), GP64(), l("lnolow")
		MOVBQSX(Mem{Base: e, Disp: entLower}, lo)
		CMPQ(lo, lv.alpha)
		JLE(LabelRef(noLow))
		MOVQ(lo, lv.res)
		JMP(LabelRef(done))
		Label(noLow)
		MOVBQSX(Mem{Base: e, Disp: entUpper}, up)
		CMPQ(up, lv.alpha)
		JG(LabelRef(gotMove))
		MOVQ(up, lv.res)
		JMP(LabelRef(done))
		Label(gotMove)
		h := GP64()
		MOVBQZX(Mem{Base: e, Disp: entMove}, h)
		MOVQ(h, lv.h0)
	}
	Label(miss)
	MOVQ(I32(-scoreInf), lv.best)
	MOVQ(U32(noMove), lv.bestMove)
	MOVQ(U32(stateHashMove), lv.state)

	// the next move to search, by the loop's state
	Label(next)
	{
		st := GP64()
		MOVQ(lv.state, st)
		CMPQ(st, U8(stateRest))
		JEQ(LabelRef(prepare))
		JA(LabelRef(list))
		// the table's move, if it is a move and not the only one
		MOVQ(U32(stateRest), lv.state)
		h, mv, t := GP64(), GP64(), GP64()
		MOVQ(lv.h0, h)
		CMPQ(h, U8(63))
		JA(LabelRef(prepare))
		MOVQ(lv.moves, mv)
		BTQ(h, mv)
		JCC(LabelRef(prepare))
		LEAQ(Mem{Base: mv, Disp: -1}, t)
		TESTQ(t, mv)
		JZ(LabelRef(prepare))
		BTRQ(h, mv)
		MOVQ(mv, lv.moves)
		MOVQ(h, lv.x)
		JMP(LabelRef(play))
	}
	Label(prepare)
	{
		gen := l("lgen")
		mv, t := GP64(), GP64()
		MOVQ(lv.moves, mv)
		LEAQ(Mem{Base: mv, Disp: -1}, t)
		TESTQ(t, mv)
		JNZ(LabelRef(gen))
		// the only move left
		MOVQ(U32(stateOneMove), lv.state)
		x := GP64()
		bsf(mv, x)
		MOVQ(x, lv.x)
		JMP(LabelRef(play))
		// the others: listed in square order with their flips, scored
		Label(gen)
		MOVQ(U32(0), lv.k)
		loop := l("lgenloop")
		Label(loop)
		{
			mv, x := GP64(), GP64()
			MOVQ(lv.moves, mv)
			bsf(mv, x)
			f := g.callFlip(lv.P, lv.O, x)
			k, lb, x2, mv2, t := GP64(), GP64(), GP64(), GP64(), GP64()
			MOVQ(lv.k, k)
			IMUL3Q(U8(moveSize), k, k)
			LEAQ(lv.list, lb)
			MOVQ(lv.moves, mv2)
			bsf(mv2, x2)
			MOVQ(x2, Mem{Base: lb, Index: k, Scale: 1})
			MOVQ(f, Mem{Base: lb, Index: k, Scale: 1, Disp: 8})
			LEAQ(Mem{Base: mv2, Disp: -1}, t)
			ANDQ(t, mv2)
			MOVQ(mv2, lv.moves)
			INCQ(lv.k)
			TESTQ(mv2, mv2)
			JNZ(LabelRef(loop))
		}
		t2, lb := GP64(), GP64()
		MOVQ(lv.P, t2)
		MOVQ(t2, g.args)
		MOVQ(lv.O, t2)
		MOVQ(t2, g.args.Offset(8))
		MOVQ(lv.parity, t2)
		MOVQ(t2, g.args.Offset(16))
		MOVQ(U32(n), g.args.Offset(24))
		MOVQ(lv.k, t2)
		MOVQ(t2, g.args.Offset(32))
		LEAQ(lv.list, lb)
		MOVQ(lb, g.args.Offset(40))
		g.call(kMoveEvaluate)
		MOVQ(U32(stateList), lv.state)
		MOVQ(U32(0), lv.i)
	}
	// the best-scored listed move not searched yet (the first of equals),
	// swapped to place i: the solver's moveList.pick
	Label(list)
	{
		CMPQ(lv.state, U8(stateOneMove))
		JEQ(LabelRef(store))
		i, k := GP64(), GP64()
		MOVQ(lv.i, i)
		MOVQ(lv.k, k)
		CMPQ(i, k)
		JAE(LabelRef(store))
		// the scan walks the scores by address, the best kept by CMOV
		// (a branch on the comparison mispredicts)
		lb, pi, pb, p, end, bs, js := GP64(), GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
		LEAQ(lv.list, lb)
		IMUL3Q(U8(moveSize), i, pi)
		ADDQ(lb, pi) // move i
		IMUL3Q(U8(moveSize), k, end)
		ADDQ(lb, end) // past the last move
		MOVQ(pi, pb)
		MOVQ(Mem{Base: pi, Disp: 16}, bs)
		MOVQ(pi, p)
		scan, scanned := l("lscan"), l("lscanned")
		Label(scan)
		ADDQ(U8(moveSize), p)
		CMPQ(p, end)
		JAE(LabelRef(scanned))
		MOVQ(Mem{Base: p, Disp: 16}, js)
		CMPQ(js, bs)
		CMOVQGT(js, bs)
		CMOVQGT(p, pb)
		JMP(LabelRef(scan))
		Label(scanned)
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
		JMP(LabelRef(playF))
	}
	// the move x: its flips, then the child, searched one level down
	Label(play)
	{
		x := GP64()
		MOVQ(lv.x, x)
		f := g.callFlip(lv.P, lv.O, x)
		MOVQ(f, lv.f)
	}
	Label(playF)
	var child reg.GPVirtual
	{
		f, x := GP64(), GP64()
		MOVQ(lv.f, f)
		MOVQ(lv.x, x)
		np, no := GP64(), GP64()
		MOVQ(lv.O, np)
		XORQ(f, np)
		MOVQ(lv.P, no)
		ORQ(f, no)
		BTSQ(x, no)
		a := GP64()
		MOVQ(lv.alpha, a)
		NOTQ(a) // -alpha-1
		qt, p := GP64(), GP64()
		LEAQ(asmgen.GoTable("quadrantID"), qt)
		MOVBQZX(Mem{Base: qt, Index: x, Scale: 1}, qt)
		MOVQ(lv.parity, p)
		XORQ(qt, p)
		if n-1 >= localMin {
			cl := g.loc[n-1]
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
				MOVQ(search.Presorted(e, n-1), cl.sorted)
			case n-1 < sortedMax:
				MOVQ(removeSquare(lv.sorted, x), cl.sorted)
			}
			JMP(LabelRef(fmt.Sprintf("enter%d", n-1)))
			g.localLevel(n - 1)
			child = GP64()
			MOVQ(cl.res, child)
		} else {
			// the shallow search, on the empties in presorted order
			cl := g.lv[n-1]
			MOVQ(np, cl.P)
			MOVQ(no, cl.O)
			MOVQ(a, cl.alpha)
			MOVQ(p, cl.parity)
			MOVQ(removeSquare(lv.sorted, x), cl.list)
			JMP(LabelRef(fmt.Sprintf("enter%d", n-1)))
			g.level(n - 1)
			child = GP64()
			MOVQ(cl.res, child)
		}
	}
	{
		NEGQ(child)
		CMPQ(child, lv.best)
		JLE(LabelRef(next))
		MOVQ(child, lv.best)
		x := GP64()
		MOVQ(lv.x, x)
		MOVQ(x, lv.bestMove)
		CMPQ(child, lv.alpha)
		JLE(LabelRef(next))
	}

	// the bounds into the table: a new position (or a selective entry's)
	// replaces the entry, as Edax's always does
	Label(store)
	{
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
		cont := l("lcont")
		CMPQ(g.entry, U8(n))
		JNE(LabelRef(cont))
		MOVQ(r, g.out)
		JMP(LabelRef("return"))
		Label(cont)
	}
}

// bsf sets dst to the lowest set bit's index of src (not 0): BSF, which
// SSE2 CPUs have (TZCNT is BMI1), with dst defined first, as avo counts a
// BSF destination as read (it is kept when the source is 0).
func bsf(src, dst reg.GPVirtual) {
	MOVQ(U32(0), dst)
	BSFQ(src, dst)
}

// mobilityMoves emits the move loop of the shallow search at n empties
// (mobilityOrderAt), the solver's fastest-first order: every move's
// flips and the opponent's moves after it first (its key: the weighted
// mobility, odd quadrants first, the list index), then the moves by
// smallest key, each child searched by the level below; lv.rest holds
// the moves. The result is left in lv.res, and the code goes to done.
func (g *gen) mobilityMoves(n int, done string) {
	lv := g.lv[n]
	l := func(s string) string { return g.label(s, n) }
	keyLoop, keyNext, pick, over := l("mkey"), l("mkeynext"), l("mpick"), l("mover")
	// lv.rest: the places of the moves not keyed yet; lv.i: the list
	// index; lv.prio: the keys made; lv.cur: the square at place i
	MOVQ(U32(0), lv.prio)
	Label(keyLoop)
	{
		x := nextPlace(lv, lv.rest, keyNext)
		f := g.callFlip(lv.P, lv.O, x)
		i, ft := GP64(), GP64()
		MOVQ(lv.i, i)
		LEAQ(lv.flips, ft)
		MOVQ(f, Mem{Base: ft, Index: i, Scale: 8})
		// the opponent's moves after x
		x2, np, no := GP64(), GP64(), GP64()
		MOVQ(lv.cur, x2)
		MOVQ(lv.O, np)
		XORQ(f, np)
		MOVQ(lv.P, no)
		ORQ(f, no)
		BTSQ(x2, no)
		cm := g.moves(np, no)
		w, cc, key := GP64(), GP64(), GP64()
		{
			i, ot := GP64(), GP64()
			MOVQ(lv.i, i)
			LEAQ(lv.omoves, ot)
			MOVQ(cm, Mem{Base: ot, Index: i, Scale: 8})
		}
		POPCNTQ(cm, w)
		MOVQ(U64(cornersMask), cc)
		ANDQ(cm, cc)
		POPCNTQ(cc, cc)
		ADDQ(cc, w)
		// twice the weighted mobility, 1 more in an even quadrant
		x3, qt, even := GP64(), GP64(), GP64()
		MOVQ(lv.cur, x3)
		LEAQ(asmgen.GoTable("quadrantID"), qt)
		MOVBQZX(Mem{Base: qt, Index: x3, Scale: 1}, qt)
		XORQ(even, even)
		TESTQ(qt, lv.parity)
		SETEQ(even.As8())
		LEAQ(Mem{Base: even, Index: w, Scale: 2}, key)
		SHLQ(U8(8), key)
		ORQ(lv.i, key)
		k, kt := GP64(), GP64()
		MOVQ(lv.prio, k)
		LEAQ(lv.keys, kt)
		MOVQ(key, Mem{Base: kt, Index: k, Scale: 8})
		INCQ(lv.prio)
		JMP(LabelRef(keyLoop))
	}
	Label(keyNext)
	MOVQ(U32(0), lv.i) // now the moves searched
	// the move of the smallest key left (taken: its key set to all ones)
	Label(pick)
	var child reg.GPVirtual
	{
		j := GP64()
		MOVQ(lv.i, j)
		CMPQ(j, lv.prio)
		JAE(LabelRef(over))
		kt, p, end, bp, bk, v := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
		LEAQ(lv.keys, kt)
		MOVQ(lv.prio, end)
		LEAQ(Mem{Base: kt, Index: end, Scale: 8}, end)
		MOVQ(kt, bp)
		MOVQ(Mem{Base: kt}, bk)
		MOVQ(kt, p)
		scan, scanned := l("mscan"), l("mscanned")
		Label(scan)
		ADDQ(U8(8), p)
		CMPQ(p, end)
		JAE(LabelRef(scanned))
		MOVQ(Mem{Base: p}, v)
		CMPQ(v, bk)
		CMOVQCS(v, bk) // unsigned below
		CMOVQCS(p, bp)
		JMP(LabelRef(scan))
		Label(scanned)
		MOVQ(I32(-1), Mem{Base: bp})
		idx := GP64()
		MOVBQZX(bk.As8(), idx)
		// the child: O to move less P's flips; P with them and x
		x, f, ft := GP64(), GP64(), GP64()
		MOVBQZX(Mem{Base: lv.list.Base, Disp: lv.list.Disp, Index: idx, Scale: 1}, x)
		LEAQ(lv.flips, ft)
		MOVQ(Mem{Base: ft, Index: idx, Scale: 8}, f)
		cl := g.lv[n-1]
		np, no, a := GP64(), GP64(), GP64()
		MOVQ(lv.O, np)
		XORQ(f, np)
		MOVQ(lv.P, no)
		ORQ(f, no)
		BTSQ(x, no)
		MOVQ(np, cl.P)
		MOVQ(no, cl.O)
		MOVQ(lv.alpha, a)
		NOTQ(a) // -alpha-1
		MOVQ(a, cl.alpha)
		qt, p2 := GP64(), GP64()
		LEAQ(asmgen.GoTable("quadrantID"), qt)
		MOVBQZX(Mem{Base: qt, Index: x, Scale: 1}, qt)
		MOVQ(lv.parity, p2)
		XORQ(qt, p2)
		MOVQ(p2, cl.parity)
		MOVQ(removeByteAt(lv.list, idx), cl.list)
		om := GP64()
		LEAQ(lv.omoves, om)
		MOVQ(Mem{Base: om, Index: idx, Scale: 8}, om)
		MOVQ(om, cl.moves)
		JMP(LabelRef(fmt.Sprintf("enterm%d", n-1)))
		g.level(n - 1)
		child = GP64()
		MOVQ(cl.res, child)
	}
	{
		NEGQ(child)
		notCut := l("mnotcut")
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
		INCQ(lv.i)
		JMP(LabelRef(pick))
	}
	Label(over)
	{
		b := GP64()
		MOVQ(lv.best, b)
		MOVQ(b, lv.res)
	}
}

// listPlaces returns, for each square set, the places in the packed list
// of n squares (slot list) of the squares it holds: bit i set when byte
// i is in the set. BT then ADC shift each test's carry in, from the last
// byte down, with no branch (a branch per square mispredicts).
func listPlaces(list Mem, n int, sets ...reg.GPVirtual) []reg.GPVirtual {
	places := make([]reg.GPVirtual, len(sets))
	for j := range places {
		places[j] = GP64()
		XORQ(places[j], places[j])
	}
	c := GP64()
	MOVQ(list, c)
	for i := n - 1; i >= 0; i-- {
		x := GP64()
		if i == 0 {
			MOVBQZX(c.As8(), x)
		} else {
			MOVQ(c, x)
			SHRQ(U8(8*i), x)
			MOVBQZX(x.As8(), x)
		}
		for j, set := range sets {
			BTQ(x, set)
			ADCQ(places[j], places[j])
		}
	}
	return places
}

// nextPlace takes the lowest place out of the places in slot places (see
// listPlaces), or jumps to none when there is none left: the place goes
// to lv.i, its square to lv.cur, and the square is returned.
func nextPlace(lv level, places Mem, none string) reg.GPVirtual {
	pm, i, x, t := GP64(), GP64(), GP64(), GP64()
	MOVQ(places, pm)
	TESTQ(pm, pm)
	JZ(LabelRef(none))
	bsf(pm, i)
	LEAQ(Mem{Base: pm, Disp: -1}, t)
	ANDQ(t, pm)
	MOVQ(pm, places)
	MOVQ(i, lv.i)
	MOVBQZX(Mem{Base: lv.list.Base, Disp: lv.list.Disp, Index: i, Scale: 1}, x)
	MOVQ(x, lv.cur)
	return x
}

// removeSquare returns the list of presorted empties in slot list less
// square x (one of them): its byte found by PCMPEQB (the bytes past the
// list are 0, A1, which is first in the list when it is an empty square),
// the bytes above shifted down over it.
func removeSquare(list Mem, x reg.GPVirtual) reg.GPVirtual {
	v, b, z := XMM(), XMM(), XMM()
	MOVQ(list, v)
	MOVQ(x, b)
	PXOR(z, z)
	PSHUFB(z, b) // x in every byte
	PCMPEQB(v, b)
	m, i := GP64(), GP64()
	PMOVMSKB(b, m.As32())
	bsf(m, i)
	return removeByteAt(list, i)
}

// removeByte is level lv's list less its byte lv.i.
func (g *gen) removeByte(lv level) reg.GPVirtual {
	i := GP64()
	MOVQ(lv.i, i)
	return removeByteAt(lv.list, i)
}

// removeByteAt is the packed list in slot list less its byte i.
func removeByteAt(list Mem, i reg.GPVirtual) reg.GPVirtual {
	low, l, h := GP64(), GP64(), GP64()
	LEAQ(asmgen.GoTable("bottomLow"), low)
	MOVQ(Mem{Base: low, Index: i, Scale: 8}, low)
	MOVQ(list, l)
	MOVQ(l, h)
	SHRQ(U8(8), h)
	ANDQ(low, l)
	NOTQ(low)
	ANDQ(low, h)
	ORQ(h, l)
	return l
}

// moves returns moves(P, O): inline, or called with its arguments
// through the outgoing slots.
func (g *gen) moves(P, O reg.GPVirtual) reg.GPVirtual {
	if g.mover != nil {
		g.mover.Setup()
		r := g.mover.Moves(P, O)
		if g.mover.Vector() {
			VZEROUPPER() // the kernels called next may be SSE code
		}
		return r
	}
	MOVQ(P, g.args)
	MOVQ(O, g.args.Offset(8))
	g.call(kMoves)
	r := GP64()
	MOVQ(g.args.Offset(16), r)
	return r
}

// callFlip calls flip(a, b, x) and returns the flipped discs (inline in
// the inline bottom).
func (g *gen) callFlip(a, b Mem, x reg.GPVirtual) reg.GPVirtual {
	if g.flipper != nil {
		P, O := GP64(), GP64()
		MOVQ(a, P)
		MOVQ(b, O)
		g.flipper.Setup()
		r := g.flipper.Flip(P, O, x)
		if g.flipper.Vector() {
			VZEROUPPER()
		}
		return r
	}
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
