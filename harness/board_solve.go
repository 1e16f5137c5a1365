package harness

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/flipbench/flipbench/variants"
)

// board_solve: exhaustive over P's disc count and the number of empties;
// benchmarked on the boards of random games.
var _ = declare(&Spec[variants.BoardSolveFunc, variants.BoardSolveBatchFunc, variants.DiscsEmpties, int]{
	Kernel: variants.BoardSolve,
	Call:   func(fn variants.BoardSolveFunc, c variants.DiscsEmpties) int { return fn(c.P, c.N) },
	Cases: func(Options) iter.Seq[variants.DiscsEmpties] {
		return func(yield func(variants.DiscsEmpties) bool) {
			for n := 0; n <= 60; n++ {
				for p := 0; p <= 64-n; p++ {
					P := uint64(1)<<uint(p) - 1
					if p == 64 {
						P = ^uint64(0)
					}
					if !yield(variants.DiscsEmpties{P: P, N: n}) {
						return
					}
				}
			}
		}
	},
	Show: func(c variants.DiscsEmpties) string { return fmt.Sprintf("P=%s n=%d", hexbits(c.P), c.N) },
	Fuzz: func(P, O uint64, _, _ int) (variants.DiscsEmpties, bool) {
		b := fuzzBoard(P, O)
		return variants.DiscsEmpties{P: b.P, N: b.NumEmpties()}, true
	},
	Inputs: func() []variants.DiscsEmpties {
		bs := benchBoards()
		out := make([]variants.DiscsEmpties, len(bs))
		for i, b := range bs {
			out[i] = variants.DiscsEmpties{P: b.P, N: bits.OnesCount64(b.Empties())}
		}
		return out
	},
	Loop: func(fn variants.BoardSolveFunc, in []variants.DiscsEmpties) func(int) {
		var at cursor
		return func(n int) {
			r := 0
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.P, c.N)
			}
			benchSink += uint64(r)
		}
	},
})
