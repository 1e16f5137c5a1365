package solver

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// Kernels are the kernel functions a solver calls, bound from a
// selection when the solver is made: every call of the search goes
// through these fields, so a variant set (-variants) changes the code the
// same search runs on.
type Kernels struct {
	Flip          variants.FlipFunc
	Moves         variants.MovesFunc
	CountLastFlip variants.CountLastFlipFunc
	Score1        variants.Score1Func // nil: the solver's score_1 on CountLastFlip
	Solve4        variants.SolveFunc  // nil: the solver's leaf on Flip and Score1
	// Bottom, if not nil, is the shallow search (6 to 5 empties) in assembly
	// on these kernels, with the same leaf (Solve4, or the solver's own on
	// Flip and Score1 or CountLastFlip); nil: the Go shallow search, or
	// the archsimd one (bottom.go).
	Bottom          *variants.Bottom
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
	// FlipBatch is Flip's batch form (nil if its variant has none): a
	// node's moves are flipped in one call.
	FlipBatch variants.FlipBatchFunc
	// MoveEvaluateBatch is MoveEvaluate's batch form (nil if none).
	MoveEvaluateBatch variants.MoveEvaluateBatchFunc
	// EvalSumBatch is EvalSum's batch form (nil if its variant has
	// none): the ordering scores every move of a node at once.
	EvalSumBatch variants.EvalSumBatchFunc

	// names are the variants bound, in the order of kernelNames, with
	// "solver" for the composed score_1 and leaf.
	names [len(kernelNames)]string

	// goSIMD: the bottom is the archsimd one (bottom_gosimd.go), whose
	// flip is the AVX-512 one if goSIMDFlip512.
	goSIMD, goSIMDFlip512 bool
	// asm is the assembly bottom these kernels allow (nil: asmErr says
	// why not); goSIMDErr says why the archsimd bottom cannot run, or nil.
	asm               *variants.Bottom
	asmErr, goSIMDErr error
}

var kernelNames = [...]string{"flip", "moves", "count_last_flip", "score_1", "solve_4", "board_solve",
	"stability", "stable_edge_count", "hash_code", "hash_clear", "hash_prefetch", "move_evaluate",
	"eval_features", "eval_update", "eval_sum", "bottom"}

// Bind returns the kernels a selection chooses.
//
// Two composite kernels need a rule, because the solver can also compose
// them itself from smaller kernels (computing the same function, with the
// same node count):
//
//   - the 4..1-empties leaf is the selected solve_4 variant, unless flip,
//     score_1 or count_last_flip was chosen explicitly and solve_4 was
//     not (-variants, or a per-variant solve benchmark of one of them):
//     then it is the solver's own (solve_4 .. solve_2 on the selected
//     flip and score_1), so that a solve measures them;
//   - score_1 is the selected variant, unless count_last_flip was chosen
//     explicitly and score_1 was not, or score_1's selection is the
//     reference: then the solver's score_1 on the selected
//     count_last_flip (the reference's own definition) is used.
func Bind(sel variants.Selection) Kernels {
	k := Kernels{
		Flip:            variants.Flip.Fn(sel),
		Moves:           variants.Moves.Fn(sel),
		CountLastFlip:   variants.CountLastFlip.Fn(sel),
		BoardSolve:      variants.BoardSolve.Fn(sel),
		Stability:       variants.Stability.Fn(sel),
		StableEdgeCount: variants.StableEdgeCount.Fn(sel),
		HashCode:        variants.HashCode.Fn(sel),
		HashClear:       variants.HashClear.Fn(sel),
		HashPrefetch:    variants.HashPrefetch.Fn(sel),
		MoveEvaluate:    variants.MoveEvaluate.Fn(sel),
		EvalFeatures:    variants.EvalFeatures.Fn(sel),
		EvalUpdate:      variants.EvalUpdate.Fn(sel),
		EvalSum:         variants.EvalSum.Fn(sel),
	}
	if v, err := variants.Flip.Get(sel.Name(variants.Flip), sel.CPU()); err == nil {
		k.FlipBatch, _ = v.Batch.(variants.FlipBatchFunc)
	}
	if v, err := variants.MoveEvaluate.Get(sel.Name(variants.MoveEvaluate), sel.CPU()); err == nil {
		k.MoveEvaluateBatch, _ = v.Batch.(variants.MoveEvaluateBatchFunc)
	}
	if v, err := variants.EvalSum.Get(sel.Name(variants.EvalSum), sel.CPU()); err == nil {
		k.EvalSumBatch, _ = v.Batch.(variants.EvalSumBatchFunc)
	}
	leaf := "solver"
	if sel.Pinned(variants.Solve4) || !sel.Pinned(variants.Flip) && !sel.Pinned(variants.Score1) && !sel.Pinned(variants.CountLastFlip) {
		k.Solve4 = variants.Solve4.Fn(sel)
		leaf = sel.Name(variants.Solve4)
	}
	s1 := "solver"
	if s1sel := sel.Name(variants.Score1); sel.Pinned(variants.Score1) || s1sel != variants.RefName && !sel.Pinned(variants.CountLastFlip) {
		k.Score1 = variants.Score1.Fn(sel)
		s1 = s1sel
	}
	k.names = [...]string{
		sel.Name(variants.Flip), sel.Name(variants.Moves), sel.Name(variants.CountLastFlip), s1, leaf,
		sel.Name(variants.BoardSolve), sel.Name(variants.Stability), sel.Name(variants.StableEdgeCount),
		sel.Name(variants.HashCode), sel.Name(variants.HashClear), sel.Name(variants.HashPrefetch),
		sel.Name(variants.MoveEvaluate), sel.Name(variants.EvalFeatures), sel.Name(variants.EvalUpdate),
		sel.Name(variants.EvalSum), "go",
	}
	// the assembly bottom, where every kernel it calls is assembly
	leafMode := variants.LeafSolve4
	switch {
	case k.Solve4 == nil && k.Score1 != nil:
		leafMode = variants.LeafScore1
	case k.Solve4 == nil:
		leafMode = variants.LeafCountLastFlip
	}
	k.asm, k.asmErr = asmBottom(sel, leafMode)
	if k.asm != nil {
		k.Bottom, k.names[len(k.names)-1] = k.asm, BottomAsm
	}
	k.goSIMDFlip512, k.goSIMDErr = goSIMDBottom(sel.CPU())
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
		k.names[i] = variants.RefName
	}
	k.names[3], k.names[4], k.names[len(k.names)-1] = "solver", "solver", BottomGo
	k.asmErr = errors.New("the reference kernels are Go code: the assembly bottom calls assembly entry points")
	// the archsimd bottom's kernels are fixed: it may run under the
	// references wherever this CPU (less FLIPBENCH_DISABLE) runs them
	if cpu, err := variants.Host().Without(os.Getenv("FLIPBENCH_DISABLE")); err != nil {
		k.goSIMDErr = fmt.Errorf("FLIPBENCH_DISABLE: %v", err)
	} else {
		k.goSIMDFlip512, k.goSIMDErr = goSIMDBottom(cpu)
	}
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
