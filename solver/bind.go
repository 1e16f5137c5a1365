package solver

import (
	"fmt"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// Kernels are the kernel functions one solve calls, taken from the
// registry when the solve starts: every call of the search goes through
// these fields, so a variant set (-variants) changes the code the same
// search runs on.
type Kernels struct {
	Flip            variants.FlipFunc
	Moves           variants.MovesFunc
	CountLastFlip   variants.CountLastFlipFunc
	Score1          variants.Score1Func // nil: the solver's score_1 on CountLastFlip
	Solve4          variants.SolveFunc  // nil: the solver's leaf on Flip and Score1
	BoardSolve      variants.BoardSolveFunc
	Stability       variants.StabilityFunc
	StableEdgeCount variants.CountFunc
	HashCode        variants.HashCodeFunc
	HashClear       variants.HashClearFunc
	HashPrefetch    variants.HashPrefetchFunc
	MoveEvaluate    variants.MoveEvaluateFunc
	EvalFeatures    variants.EvalFeaturesFunc
	EvalUpdate      variants.EvalUpdateFunc
	EvalSum         variants.EvalSumFunc

	// names are the variants bound, in the order of kernelNames, with
	// "solver" for the composed score_1 and leaf.
	names [len(kernelNames)]string
}

var kernelNames = [...]string{"flip", "moves", "count_last_flip", "score_1", "solve_4", "board_solve",
	"stability", "stable_edge_count", "hash_code", "hash_clear", "hash_prefetch", "move_evaluate",
	"eval_features", "eval_update", "eval_sum"}

// Bound returns the kernels currently selected in the registry.
//
// Two composite kernels need a rule, because the solver can also compose
// them itself from smaller kernels (computing the same function, with the
// same node count):
//
//   - the 4..1-empties leaf is the solver's own (solve_4 .. solve_2 on the
//     selected flip and score_1) unless solve_4 was chosen explicitly
//     (-variants solve_4=..., or a per-variant solve benchmark of
//     solve_4), so that a solve measures the selected score_1 and flip;
//   - score_1 is the selected variant, unless count_last_flip was chosen
//     explicitly and score_1 was not, or score_1's selection is the
//     reference: then the solver's score_1 on the selected
//     count_last_flip (the reference's own definition) is used.
func Bound() Kernels {
	k := Kernels{
		Flip:            variants.Flip.Fn(),
		Moves:           variants.Moves.Fn(),
		CountLastFlip:   variants.CountLastFlip.Fn(),
		BoardSolve:      variants.BoardSolve.Fn(),
		Stability:       variants.Stability.Fn(),
		StableEdgeCount: variants.StableEdgeCount.Fn(),
		HashCode:        variants.HashCode.Fn(),
		HashClear:       variants.HashClear.Fn(),
		HashPrefetch:    variants.HashPrefetch.Fn(),
		MoveEvaluate:    variants.MoveEvaluate.Fn(),
		EvalFeatures:    variants.EvalFeatures.Fn(),
		EvalUpdate:      variants.EvalUpdate.Fn(),
		EvalSum:         variants.EvalSum.Fn(),
	}
	leaf := "solver"
	if variants.Solve4.Pinned() {
		k.Solve4 = variants.Solve4.Fn()
		leaf = variants.Solve4.SelectedName()
	}
	s1 := "solver"
	s1sel := variants.Score1.Selected()
	if variants.Score1.Pinned() || s1sel.Name != variants.RefInfo.Name && !variants.CountLastFlip.Pinned() {
		k.Score1 = s1sel.Fn
		s1 = s1sel.Name
	}
	k.names = [...]string{
		variants.Flip.SelectedName(), variants.Moves.SelectedName(), variants.CountLastFlip.SelectedName(), s1, leaf,
		variants.BoardSolve.SelectedName(), variants.Stability.SelectedName(), variants.StableEdgeCount.SelectedName(),
		variants.HashCode.SelectedName(), variants.HashClear.SelectedName(), variants.HashPrefetch.SelectedName(),
		variants.MoveEvaluate.SelectedName(), variants.EvalFeatures.SelectedName(), variants.EvalUpdate.SelectedName(),
		variants.EvalSum.SelectedName(),
	}
	return k
}

// References returns the reference of every kernel (the oracle build).
func References() Kernels {
	k := Kernels{
		Flip:            variants.Flip.Reference(),
		Moves:           variants.Moves.Reference(),
		CountLastFlip:   variants.CountLastFlip.Reference(),
		BoardSolve:      variants.BoardSolve.Reference(),
		Stability:       variants.Stability.Reference(),
		StableEdgeCount: variants.StableEdgeCount.Reference(),
		HashCode:        variants.HashCode.Reference(),
		HashClear:       variants.HashClear.Reference(),
		HashPrefetch:    variants.HashPrefetch.Reference(),
		MoveEvaluate:    variants.MoveEvaluate.Reference(),
		EvalFeatures:    variants.EvalFeatures.Reference(),
		EvalUpdate:      variants.EvalUpdate.Reference(),
		EvalSum:         variants.EvalSum.Reference(),
	}
	for i := range k.names {
		k.names[i] = variants.RefInfo.Name
	}
	k.names[3], k.names[4] = "solver", "solver"
	return k
}

// String lists the kernels bound, kernel=variant.
func (k Kernels) String() string {
	s := make([]string, len(k.names))
	for i, n := range k.names {
		s[i] = kernelNames[i] + "=" + n
	}
	return strings.Join(s, ",")
}

func (k Kernels) check() error {
	if k.Flip == nil || k.Moves == nil || k.BoardSolve == nil || k.Stability == nil ||
		k.HashCode == nil || k.HashClear == nil || k.HashPrefetch == nil || k.MoveEvaluate == nil ||
		(k.Score1 == nil && k.CountLastFlip == nil) {
		return fmt.Errorf("solver: a kernel is not bound (%s)", k)
	}
	return nil
}
