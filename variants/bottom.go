package variants

// A Bottom is the bottom of the search in assembly: Edax's search_shallow
// from 7 to 5 empties (gen/bottom) and the 4-empties leaf below it, on
// the kernels a selection chooses. The solver crosses into it once per
// subtree; inside, the kernels are called through their assembly entry
// points (Info.Entry), so every assembly variant of flip, moves,
// stable_edge_count, stability, solve_4, score_1 and count_last_flip can
// be the one it uses.
type Bottom struct {
	// flip, moves, stable_edge_count, stability, solve_4, score_1,
	// count_last_flip: the order of gen/bottom's k
	entries [7]uintptr
}

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
// needs: then the solver searches in Go.
func NewBottom(s Selection, leaf BottomLeaf) (*Bottom, bool) {
	b := &Bottom{entries: [7]uintptr{s.Info(Flip).Entry(), s.Info(Moves).Entry(), s.Info(StableEdgeCount).Entry(),
		s.Info(Stability).Entry()}}
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
	return b, true
}
