package harness

import (
	"fmt"
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// evalSumInput is laid out as variants.FeaturesPly, the element of the
// batch forms (checked at init).
type evalSumInput struct {
	f   kernels.Features
	ply int
}

var _ = mustSameLayout[evalSumInput, variants.FeaturesPly]()

// eval_sum: the features of random-game positions at every ply, with
// random weights (extremes included) so that no index or sign error
// hides. The batch forms take the weights once per call: the same random
// weights are bound to them here.
var _ = declare(&Spec[variants.EvalSumFunc, variants.EvalSumBatchFunc, evalSumInput, int]{
	Kernel: variants.EvalSum,
	Call:   func(fn variants.EvalSumFunc, c evalSumInput) int { return fn(&c.f, RandomWeights(), c.ply) },
	Cases: func(o Options) iter.Seq[evalSumInput] {
		return func(yield func(evalSumInput) bool) {
			p := pool(o)
			for i := 0; i < o.N; i++ {
				if !yield(evalSumInput{kernels.EvalFeatures(p.board(i / 61)), i % 61}) {
					return
				}
			}
		}
	},
	Show: func(c evalSumInput) string { return fmt.Sprintf("features %v ply=%d", c.f, c.ply) },
	Fuzz: func(P, O uint64, _, alpha int) (evalSumInput, bool) {
		return evalSumInput{kernels.EvalFeatures(fuzzBoard(P, O)), int(uint(alpha) % variants.NumPlies)}, true
	},
	Inputs: evalSumInputs,
	Loop: func(fn variants.EvalSumFunc, in []evalSumInput) func(int) {
		w := RandomWeights()
		var at cursor
		return func(n int) {
			r := 0
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(&c.f, w, c.ply)
			}
			benchSink += uint64(r)
		}
	},
	Batch: func(b variants.EvalSumBatchFunc) func([]evalSumInput, []int) {
		w := RandomWeights()
		return func(in []evalSumInput, out []int) { b(w, castSlice[variants.FeaturesPly](in), out) }
	},
})
