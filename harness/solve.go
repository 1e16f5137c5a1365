package harness

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// leafSpec is the spec of the leaf of n empties (solve_2, solve_3,
// solve_4): positions with n empties from random games, either side to
// move, alphas spread over the score range; the score and the node count
// must match (the node count is the search's fingerprint). Benchmarked at
// an alpha near the disc difference, as the solver calls the leaf.
func leafSpec(k *variants.Kernel[variants.SolveFunc, variants.SolveBatchFunc], empties int) *Spec[variants.SolveFunc, variants.SolveBatchFunc, variants.BoardAlpha, variants.ScoreNodes] {
	return &Spec[variants.SolveFunc, variants.SolveBatchFunc, variants.BoardAlpha, variants.ScoreNodes]{
		Kernel: k,
		Call: func(fn variants.SolveFunc, c variants.BoardAlpha) variants.ScoreNodes {
			s, n := fn(c.P, c.O, c.Alpha)
			return variants.ScoreNodes{Score: s, Nodes: n}
		},
		Cases: func(o Options) iter.Seq[variants.BoardAlpha] {
			return func(yield func(variants.BoardAlpha) bool) {
				// solve_4 costs most a call: a tenth of the cases
				cnt := max(o.N/[5]int{0, 0, 1, 1, 10}[empties], 1000)
				ends := RandomEndgames(o.Seed, min(cnt, 100000), empties)
				rng := rngFor(o, uint64(empties))
				for i := 0; i < cnt; i++ {
					b := ends[i%len(ends)]
					if !yield(variants.BoardAlpha{P: b.P, O: b.O, Alpha: rng.IntN(129) - 65}) {
						return
					}
				}
			}
		},
		Show: func(c variants.BoardAlpha) string {
			return fmt.Sprintf("%s alpha=%d", bs(kernels.Board{P: c.P, O: c.O}), c.Alpha)
		},
		// keep n empty squares: x and the squares 23, 46, ... after it
		Fuzz: func(P, O uint64, x, alpha int) (variants.BoardAlpha, bool) {
			e := uint64(0)
			for i := 0; bits.OnesCount64(e) < empties; i++ {
				e |= kernels.Bit((x + i*23) & 63)
			}
			return variants.BoardAlpha{P: P &^ e, O: ^P &^ e, Alpha: fuzzAlpha(alpha)}, true
		},
		Inputs: func() []variants.BoardAlpha { return solveInputs(empties) },
		Loop: func(fn variants.SolveFunc, in []variants.BoardAlpha) func(int) {
			var at cursor
			return func(n int) {
				var r uint64
				s := at.next(n, len(in))
				for i := s; i < s+n; i++ {
					c := &in[cycle(i, len(in))]
					sc, nodes := fn(c.P, c.O, c.Alpha)
					r += uint64(sc) + nodes
				}
				benchSink += r
			}
		},
	}
}
