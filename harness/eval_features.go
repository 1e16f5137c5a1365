package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// eval_features: random-game positions of every phase and the edge boards.
var _ = declare(&Spec[variants.EvalFeaturesFunc, variants.NoBatch, kernels.Board, kernels.Features]{
	Kernel: variants.EvalFeatures,
	Call:   func(fn variants.EvalFeaturesFunc, b kernels.Board) kernels.Features { return fn(b) },
	Cases:  func(o Options) iter.Seq[kernels.Board] { return pool(o).boards(o.N) },
	Show:   bs,
	Fuzz:   fuzzBoardInput,
	Inputs: func() []kernels.Board { return benchBoards()[:benchEval] },
	Loop: func(fn variants.EvalFeaturesFunc, in []kernels.Board) func(int) {
		var at cursor
		return func(n int) {
			var r uint16
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				f := fn(in[cycle(i, len(in))])
				r += f[i&31]
			}
			benchSink += uint64(r)
		}
	},
})
