package variants

// A Bottom is the bottom of the search in assembly (gen/bottom): Edax's
// NWS_endgame_local on the local table from 10 empties to 7, its
// search_shallow at 6 and 5 and the 4-empties leaf below it, on the
// kernels a selection chooses. The solver crosses into it once per
// subtree; inside, the kernels are called through their assembly entry
// points (Info.Entry), so every assembly variant of flip, moves,
// stable_edge_count, stability, hash_code, move_evaluate, solve_4,
// score_1 and count_last_flip can be the one it uses. Where the selection
// has the flip and moves of an inline bottom (bottom_asm_amd64.go), that
// one searches instead: the same search with those two emitted inline,
// no call for the commonest kernels; Calls returns the calling one.
type Bottom struct {
	// flip, moves, stable_edge_count, stability, solve_4, score_1,
	// count_last_flip, hash_code, move_evaluate: the order of gen/bottom's k
	entries [9]uintptr
	local   bool // hash_code and move_evaluate have entries: SearchLocal runs
	inline  bool // the inline bottom searches
}

// Inline reports whether b searches with flip and moves inline.
func (b *Bottom) Inline() bool { return b.inline }

// Calls returns b calling every kernel through its entry point (b itself
// if it does): what whole solves compare the variants of flip and moves
// on, so that none of them has the inline bottom's advantage.
func (b *Bottom) Calls() *Bottom {
	if !b.inline {
		return b
	}
	c := *b
	c.inline = false
	return &c
}

// The search sizes of a Bottom: Search takes positions of ShallowMin to
// ShallowMax empties, SearchLocal of LocalMin to BottomLocalMax.
const (
	ShallowMin, ShallowMax   = 5, 6
	LocalMin, BottomLocalMax = 7, 10
)

// LocalBits is the size of the local table, 2^LocalBits entries of 24
// bytes, as Edax's (a larger one saved a few nodes, not time).
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

// BottomLeaf says what searches 4 empties and fewer in a Bottom.
type BottomLeaf int

const (
	// LeafSolve4: the selection's solve_4 variant.
	LeafSolve4 BottomLeaf = iota
	// LeafScore1: the bottom's own solve_4..solve_2, on the selection's
	// flip and score_1.
	LeafScore1
	// LeafCountLastFlip: the bottom's own solve_4..solve_2, on flip and
	// board_score_1 over the selection's count_last_flip.
	LeafCountLastFlip
)

// NewBottom returns the bottom on s's flip, moves, stable_edge_count and
// stability and the leaf given, or false when one of the kernels it calls
// is Go code (no entry point) or s's CPU lacks what the bottom's own code
// needs: then the solver searches in Go. Its local-table search runs
// (Local) where s's hash_code and move_evaluate have entry points too.
func NewBottom(s Selection, leaf BottomLeaf) (*Bottom, bool) {
	b := &Bottom{entries: [9]uintptr{s.Info(Flip).Entry(), s.Info(Moves).Entry(), s.Info(StableEdgeCount).Entry(),
		s.Info(Stability).Entry(), 7: s.Info(HashCode).Entry(), 8: s.Info(MoveEvaluate).Entry()}}
	b.local = b.entries[7] != 0 && b.entries[8] != 0
	need := []int{0, 1, 2, 3}
	switch leaf {
	case LeafSolve4:
		b.entries[4] = s.Info(Solve4).Entry()
		need = append(need, 4)
	case LeafScore1:
		b.entries[5] = s.Info(Score1).Entry()
		need = append(need, 5)
	case LeafCountLastFlip:
		b.entries[6] = s.Info(CountLastFlip).Entry()
		need = append(need, 6)
	default:
		return nil, false
	}
	for _, i := range need {
		if b.entries[i] == 0 {
			return nil, false
		}
	}
	if !bottomRuns(s.CPU()) {
		return nil, false
	}
	b.inline = inlineBottom(s)
	return b, true
}

// Local reports whether the bottom searches on the local table
// (SearchLocal): hash_code's and move_evaluate's variants have entry
// points.
func (b *Bottom) Local() bool { return b.local }
