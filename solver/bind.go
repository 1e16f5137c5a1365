package solver

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// Kernels are the kernel functions a solver calls, bound from a
// selection when the solver is made: every call of the search goes
// through these fields, so a variant set (-variants) changes the code the
// same search runs on. A field left nil by a Composed variant is the
// solver's own code.
type Kernels struct {
	Flip variants.FlipFunc
	// FlipBatch is Flip's batch form (nil if its variant has none): a
	// node's moves are flipped in one call.
	FlipBatch     variants.FlipBatchFunc
	Moves         variants.MovesFunc
	CountLastFlip variants.CountLastFlipFunc
	Score1        variants.Score1Func // nil: score_1 solver, the solver's own on CountLastFlip
	Solve4        variants.SolveFunc  // nil: solve_4 solver, the solver's own leaf on Flip and Score1
	BoardSolve    variants.BoardSolveFunc
	Stability     variants.StabilityFunc
	// StabilityCount is nil for stability_count solver: the popcount of
	// Stability.
	StabilityCount variants.CountFunc
	// StableEdgeCount, HashCode, HashClear, HashPrefetch: see kernelTable.
	StableEdgeCount variants.CountFunc
	HashCode        variants.HashCodeFunc
	HashClear       variants.HashClearFunc
	HashPrefetch    variants.HashPrefetchFunc
	MoveEvaluate    variants.MoveEvaluateFunc
	// MoveEvaluateBatch is MoveEvaluate's batch form (nil if none).
	MoveEvaluateBatch variants.MoveEvaluateBatchFunc
	EvalFeatures      variants.EvalFeaturesFunc
	EvalUpdate        variants.EvalUpdateFunc
	EvalSum           variants.EvalSumFunc
	// EvalSumBatch is EvalSum's batch form (nil if its variant has
	// none): the ordering scores every move of a node at once.
	EvalSumBatch variants.EvalSumBatchFunc

	// Bottom is the assembly bottom (bottom asm or asm-calls): the
	// shallow search and the leaf, and the local table's searches where
	// it can; nil: the Go bottom, or the gosimd one (bottom.go).
	Bottom *variants.AsmBottom
	// goSIMD: the bottom is a gosimd one (bottom_gosimd.go), whose flip is
	// the AVX-512 one if goSIMDFlip512.
	goSIMD, goSIMDFlip512 bool

	// names are the variants bound, in kernelTable's order.
	names []string
	err   error // why a variant named could not be bound
}

// A slot is one kernel the solver calls and how the variant a selection
// names for it is bound.
type slot struct {
	kernel variants.KernelInfo
	bind   func(k *Kernels, sel variants.Selection) error
	// bound reports whether the variant's function is in its field (a
	// Composed variant leaves it nil: the solver runs its own code)
	bound func(k *Kernels) bool
}

// kernelTable is every kernel the solver calls, in the order String
// lists them. Bind, References, check, String and the tests that cover
// every kernel derive from it: a kernel the solver calls is added here,
// and called.
var kernelTable = []slot{
	batched(variants.Flip, func(k *Kernels) (*variants.FlipFunc, *variants.FlipBatchFunc) { return &k.Flip, &k.FlipBatch }),
	field(variants.Moves, func(k *Kernels) *variants.MovesFunc { return &k.Moves }),
	field(variants.CountLastFlip, func(k *Kernels) *variants.CountLastFlipFunc { return &k.CountLastFlip }),
	field(variants.Score1, func(k *Kernels) *variants.Score1Func { return &k.Score1 }),
	field(variants.Solve4, func(k *Kernels) *variants.SolveFunc { return &k.Solve4 }),
	field(variants.BoardSolve, func(k *Kernels) *variants.BoardSolveFunc { return &k.BoardSolve }),
	field(variants.Stability, func(k *Kernels) *variants.StabilityFunc { return &k.Stability }),
	field(variants.StabilityCount, func(k *Kernels) *variants.CountFunc { return &k.StabilityCount }),
	field(variants.StableEdgeCount, func(k *Kernels) *variants.CountFunc { return &k.StableEdgeCount }),
	field(variants.HashCode, func(k *Kernels) *variants.HashCodeFunc { return &k.HashCode }),
	field(variants.HashClear, func(k *Kernels) *variants.HashClearFunc { return &k.HashClear }),
	field(variants.HashPrefetch, func(k *Kernels) *variants.HashPrefetchFunc { return &k.HashPrefetch }),
	batched(variants.MoveEvaluate, func(k *Kernels) (*variants.MoveEvaluateFunc, *variants.MoveEvaluateBatchFunc) {
		return &k.MoveEvaluate, &k.MoveEvaluateBatch
	}),
	field(variants.EvalFeatures, func(k *Kernels) *variants.EvalFeaturesFunc { return &k.EvalFeatures }),
	field(variants.EvalUpdate, func(k *Kernels) *variants.EvalUpdateFunc { return &k.EvalUpdate }),
	batched(variants.EvalSum, func(k *Kernels) (*variants.EvalSumFunc, *variants.EvalSumBatchFunc) {
		return &k.EvalSum, &k.EvalSumBatch
	}),
	{variants.Bottom, bindBottom, func(*Kernels) bool { return true }},
}

// field binds the selected variant's function to the field f points to.
func field[F, B any](kern *variants.Kernel[F, B], f func(*Kernels) *F) slot {
	return slot{kern,
		func(k *Kernels, sel variants.Selection) error { *f(k) = kern.Fn(sel); return nil },
		func(k *Kernels) bool { return !reflect.ValueOf(*f(k)).IsNil() }}
}

// batched is field with the variant's batch form too (nil if it has
// none).
func batched[F, B any](kern *variants.Kernel[F, B], f func(*Kernels) (*F, *B)) slot {
	s := field(kern, func(k *Kernels) *F { fn, _ := f(k); return fn })
	s.bind = func(k *Kernels, sel variants.Selection) error {
		fn, batch := f(k)
		v := kern.Selected(sel)
		*fn = v.Fn
		*batch = v.Batch
		return nil
	}
	return s
}

// Bind returns the kernels sel names: exactly its variants, however each
// was chosen (by rule, profile or name).
func Bind(sel variants.Selection) Kernels {
	k := Kernels{names: make([]string, len(kernelTable))}
	for i, s := range kernelTable {
		k.names[i] = sel.Name(s.kernel)
		if err := s.bind(&k, sel); err != nil && k.err == nil {
			k.err = fmt.Errorf("solver: %s=%s: %w", s.kernel.Name(), k.names[i], err)
		}
	}
	return k
}

// References returns the reference of every kernel (the oracle build):
// the solver's own leaf and score_1 on them, the Go bottom.
func References() Kernels {
	sel, err := variants.References(variants.CPUInfo{}).With(
		variants.Solve4.Name() + "=" + variants.SolverName + "," + variants.Score1.Name() + "=" + variants.SolverName)
	if err != nil {
		panic(err) // every kernel's own variants
	}
	return Bind(sel)
}

// String lists the kernels bound, kernel=variant.
func (k Kernels) String() string {
	s := make([]string, len(k.names))
	for i, n := range k.names {
		s[i] = kernelTable[i].kernel.Name() + "=" + n
	}
	return strings.Join(s, ",")
}

// check says what keeps k from searching: a kernel not bound (kernels
// built by hand), or a variant that could not be bound.
func (k Kernels) check() error {
	if k.err != nil {
		return k.err
	}
	if len(k.names) != len(kernelTable) {
		return fmt.Errorf("solver: kernels not bound from a selection (Bind, References)")
	}
	for i, s := range kernelTable {
		if !s.bound(&k) && !composed(s.kernel, k.names[i]) {
			return fmt.Errorf("solver: kernel %s is not bound (%s)", s.kernel.Name(), k)
		}
	}
	return nil
}

// composed reports whether kernel's variant name is a Composed one.
func composed(kernel variants.KernelInfo, name string) bool {
	for _, v := range kernel.Infos() {
		if v.Name == name {
			return v.Composed()
		}
	}
	return false
}
