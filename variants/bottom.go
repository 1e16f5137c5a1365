package variants

import (
	"fmt"
	"strings"
)

// BottomFunc is what a bottom of the search computes: the null-window
// search of (P, O) at (alpha, alpha+1), its score and the nodes searched.
// Every bottom is composed: the solver runs it, on the selection's kernels.
type BottomFunc func(P, O uint64, alpha int) (score int, nodes uint64)

// Bottom is the bottom of the solver's search: the shallow search from 6
// empties and the leaf below it, where most nodes are (and in assembly,
// the local table's searches from 10 empties). Its variants search the
// same nodes: go here, asm and asm-calls where the selection's kernels
// are assembly (bottom_amd64.go), gosimd-* in GOEXPERIMENT=simd
// builds (bottom_gosimd_amd64.go).
var Bottom = newComposedKernel[BottomFunc, NoBatch]("bottom",
	"the solver's null-window search from 6 empties down (from 10 on the local table in assembly): score and nodes, node for node the Go search's",
	Info{Name: BottomGo, Rank: 10,
		Note: "solver/shallow.go and solve_4.go: Go calling the selection's kernels through func values"})

// The bottoms, each run by the solver.
const (
	BottomGo           = "go"
	BottomAsm          = "asm"
	BottomAsmCalls     = "asm-calls"
	BottomGoSIMDAVX2   = "gosimd-avx2"
	BottomGoSIMDAVX512 = "gosimd-avx512"
)

// BottomGoSIMD is the gosimd bottoms' alias: the one the CPU runs best.
const BottomGoSIMD = "gosimd"

// BottomNames are the bottoms of every build, and the gosimd alias, in
// the order tables list them (a build offers some: Bottom's variants).
var BottomNames = []string{BottomAsm, BottomAsmCalls, BottomGoSIMD, BottomGoSIMDAVX2, BottomGoSIMDAVX512, BottomGo}

// SolverName names the Composed variants of solve_4 and score_1: the
// solver's own leaf and score_1, on the selection's smaller kernels.
const SolverName = "solver"

// An AsmBottom is the bottom of the search in assembly (gen/bottom):
// Edax's NWS_endgame_local on the local table from 10 empties to 7, its
// search_shallow at 6 and 5 and the 4-empties leaf below it, on the
// kernels a selection chooses. The solver crosses into it once per
// subtree; inside, the kernels are called through their assembly entry
// points (Info.Entry), so every assembly variant of flip, moves,
// stable_edge_count, stability, hash_code, move_evaluate, solve_4,
// score_1 and count_last_flip can be the one it uses. Where the selection
// has the flip and moves of an inline bottom (bottom_amd64.go), that
// one searches instead: the same search with those two emitted inline,
// no call for the commonest kernels; Calls returns the calling one.
type AsmBottom struct {
	// flip, moves, stable_edge_count, stability, solve_4, score_1,
	// count_last_flip, hash_code, move_evaluate: the order of gen/bottom's k
	entries [9]uintptr
	local   bool // hash_code and move_evaluate have entries: SearchLocal runs
	inline  bool // the inline bottom searches
}

// Inline reports whether b searches with flip and moves inline.
func (b *AsmBottom) Inline() bool { return b.inline }

// Calls returns b calling every kernel through its entry point (b itself
// if it does): what whole solves compare the variants of flip and moves
// on, so that none of them has the inline bottom's advantage.
func (b *AsmBottom) Calls() *AsmBottom {
	if !b.inline {
		return b
	}
	c := *b
	c.inline = false
	return &c
}

// Local reports whether the bottom searches on the local table
// (SearchLocal): hash_code's and move_evaluate's variants have entry
// points.
func (b *AsmBottom) Local() bool { return b.local }

// The search sizes of an AsmBottom: Search takes positions of ShallowMin
// to ShallowMax empties, SearchLocal of LocalMin to BottomLocalMax.
const (
	ShallowMin, ShallowMax   = 5, 6
	LocalMin, BottomLocalMax = 7, 10
)

// LocalBits is the size of the local table, 2^LocalBits entries of 24
// bytes, as Edax's (a larger one saved a few nodes, not time). gen/bottom's
// localMask follows it: the generated function's table argument has its
// size, so a mismatch does not compile.
const LocalBits = 10

// LocalEntry is an entry of the local table (Edax's thread-local hash of
// NWS_endgame_local): a position, the bounds of its null-window searches,
// their best move and their selectivity (as kernels.HashEntry.Sel). The
// assembly bottom reads and writes this layout (gen/bottom).
type LocalEntry struct {
	P, O         uint64
	Lower, Upper int8
	Move         uint8
	Sel          uint8
}

// LocalTable is the local table, indexed by hash_code's low bits.
type LocalTable [1 << LocalBits]LocalEntry

// The entries of an AsmBottom, by kernel, in gen/bottom's order.
const (
	entryFlip = iota
	entryMoves
	entryStableEdgeCount
	entryStability
	entrySolve4
	entryScore1
	entryCountLastFlip
	entryHashCode
	entryMoveEvaluate
)

// NewAsmBottom returns the assembly bottom on s's kernels, or why there
// is none here: a kernel it calls is Go code (no entry point), or s's CPU
// lacks what its own code needs. The leaf is s's solve_4, else (solve_4
// solver) the bottom's own on s's flip and score_1, else (score_1 solver
// too) on board_score_1 over s's count_last_flip. Its local-table search
// runs (Local) where s's hash_code and move_evaluate have entry points
// too.
func NewAsmBottom(s Selection) (*AsmBottom, error) {
	type call struct {
		entry int
		k     KernelInfo
	}
	leaf := call{entrySolve4, Solve4}
	switch {
	case s.Name(Solve4) != SolverName:
	case s.Name(Score1) != SolverName:
		leaf = call{entryScore1, Score1}
	default:
		leaf = call{entryCountLastFlip, CountLastFlip}
	}
	b := &AsmBottom{}
	var goCode []string
	for _, c := range []call{{entryFlip, Flip}, {entryMoves, Moves}, {entryStableEdgeCount, StableEdgeCount}, {entryStability, Stability}, leaf} {
		if b.entries[c.entry] = s.Info(c.k).Entry(); b.entries[c.entry] == 0 {
			goCode = append(goCode, c.k.Name()+"="+s.Name(c.k))
		}
	}
	if len(goCode) > 0 {
		return nil, fmt.Errorf("the assembly bottom calls every kernel through an assembly entry point, and %s %s Go code here (choose assembly variants; -tags purego builds have none)",
			strings.Join(goCode, ", "), map[bool]string{true: "is", false: "are"}[len(goCode) == 1])
	}
	if !bottomRuns(s.CPU()) {
		return nil, fmt.Errorf("this CPU lacks what the assembly bottom's own code needs")
	}
	b.entries[entryHashCode], b.entries[entryMoveEvaluate] = s.Info(HashCode).Entry(), s.Info(MoveEvaluate).Entry()
	b.local = b.entries[entryHashCode] != 0 && b.entries[entryMoveEvaluate] != 0
	b.inline = inlineBottom(s)
	return b, nil
}

// asmNeeds is what the assembly bottoms need of a selection: an
// AsmBottom on its kernels; asm-calls (calls) only where asm is the
// inline one, which it would otherwise repeat.
func asmNeeds(calls bool) func(Selection) error {
	return func(s Selection) error {
		b, err := NewAsmBottom(s)
		if err == nil && calls && !b.Inline() {
			err = fmt.Errorf("the assembly bottom of flip=%s, moves=%s calls every kernel already (asm)", s.Name(Flip), s.Name(Moves))
		}
		return err
	}
}
