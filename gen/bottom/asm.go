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
// It searches exactly as the solver's Go search does, node for node, and
// each file here mirrors one of the solver's, function for function:
//
//	local.go    solver/local.go    nwsLocal, 10 to 7 empties
//	shallow.go  solver/shallow.go  shallow (6 and 5), mobilityKey, pickKey
//	solve_4.go  solver/solve_4.go  nws4, solve4, leaf (4 and 3), solve2, score1Own
//	search.go   solver/search.go   stabilityCut, and what every level shares
//	kcall.go    solver/kcall.go    the kernel calls, score1
//	list.go     variants           the packed list of empties (RemoveByte)
//
// This file is the function itself: its frame and its entry at the level
// of the position's empties.
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

// The local table (variants.LocalEntry): 2^variants.LocalBits entries of
// 3 words, the board then the bounds, the move and the selectivity in
// bytes; the function's table argument is sized from localMask.
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
	// variants/bottom_amd64.go names them (inlineFlip, inlineMoves)
	bottom("bottomAsmInlineAVX512", flipasm.NewFlipAVX512(), flipasm.NewMovesAVX512())
	asmgen.Generate()
}

// gen is the function being emitted: its frame's slots and its label count.
type gen struct {
	// flipper and mover, where set, are flip and moves emitted inline
	// (the inline bottom) instead of called through k
	flipper      flipasm.Flipper
	mover        flipasm.Mover
	args         Mem                // outgoing arguments of a call, at 0(SP)
	child        struct{ P, O Mem } // nws4's position across the stability call
	nodes, entry Mem                // the node count; the level the search entered at
	k            Mem                // the entry points
	table        Mem                // the local table
	out          Mem                // the entry level's result
	sh           [shallowMax + 1]shallowSlots
	loc          [localMax + 1]localSlots
	lf           [5]leafSlots
	s1           score1Slots
	labels       int
}

func (g *gen) label(s string, n int) string {
	g.labels++
	return fmt.Sprintf("%s%d_%d", s, n, g.labels)
}

// alloc gives each of slots a stack slot of size bytes, in order.
func alloc(size int, slots ...*Mem) {
	for _, s := range slots {
		*s = AllocLocal(size)
	}
}

// newGen lays out the frame: the outgoing arguments at 0(SP), then the
// function's own slots and every level's.
func newGen(f flipasm.Flipper, m flipasm.Mover) *gen {
	g := &gen{args: AllocLocal(48), flipper: f, mover: m}
	alloc(8, &g.nodes, &g.entry, &g.k, &g.table, &g.out, &g.child.P, &g.child.O)
	for n := 5; n <= shallowMax; n++ {
		g.sh[n] = newShallowSlots()
	}
	for n := localMin; n <= localMax; n++ {
		g.loc[n] = newLocalSlots()
	}
	for n := 2; n <= 4; n++ {
		g.lf[n] = newLeafSlots()
	}
	alloc(8, &g.s1.P, &g.s1.alpha, &g.s1.x, &g.s1.score)
	return g
}

// bottom emits the search as function name: calling every kernel through
// k, or with flip and moves emitted inline (f and m not nil; their
// entries in k are then not called).
func bottom(name string, f flipasm.Flipper, m flipasm.Mover) {
	// not NOSPLIT: its frame and its callees' need the stack check
	TEXT(name, 0, fmt.Sprintf("func(P, O uint64, alpha int, k *[%d]uintptr, local *[%d]uint64) (score int, nodes uint64)", kEntries, 3*(localMask+1)))
	Pragma("noescape")
	if f == nil {
		Doc(name+" is the solver's null-window search of (P, O) at (alpha, alpha+1) with 5 to 10 empties,",
			"calling the kernels whose entry points k holds, on the local table from 7 empties; it returns the score and the nodes searched.")
	} else {
		Doc(name+" is bottomAsm with flip and moves inline (the variants inlineFlip and inlineMoves name),",
			"the other kernels called through k.")
	}
	g := newGen(f, m)
	MOVQ(U32(0), g.nodes)
	k, t := GP64(), GP64()
	Load(Param("k"), k)
	MOVQ(k, g.k)
	Load(Param("local"), t)
	MOVQ(t, g.table)
	g.enter()

	g.nwsLocal(localMax)

	Label("return")
	r := GP64()
	MOVQ(g.out, r)
	Store(r, ReturnIndex(0))
	MOVQ(g.nodes, r)
	Store(r, ReturnIndex(1))
	asmgen.Ret(f != nil)
}

// enter puts the position, its window, its quadrant parity and its
// empties into the slots of the level of its empties, and jumps there.
func (g *gen) enter() {
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
		nd := g.node(m)
		par := parity(e)
		MOVQ(P, nd.P)
		MOVQ(O, nd.O)
		MOVQ(a, nd.alpha)
		MOVQ(par, nd.parity)
		switch {
		case m <= shallowMax:
			MOVQ(search.Presorted(e, m), g.sh[m].list)
		case m <= sortedMax:
			MOVQ(search.Presorted(e, m), g.loc[m].sorted)
		}
		JMP(LabelRef(fmt.Sprintf("enter%d", m)))
		Label(next)
	}
	// the solver calls it with 5 to 10 empties only
	a := GP64()
	Load(Param("alpha"), a)
	MOVQ(a, g.out)
	JMP(LabelRef("return"))
}

// node returns the slots every level keeps of the level of n empties.
func (g *gen) node(n int) node {
	if n <= shallowMax {
		return g.sh[n].node
	}
	return g.loc[n].node
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
