package harness

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// solve_2, solve_3, solve_4: positions with n empties from random games,
// either side to move, alphas spread over the score range; the score and
// the node count must match (the node count is the search's fingerprint).
// Benchmarked at an alpha near the disc difference, as the solver calls
// the leaf.
var (
	_ = declare(leafSpec(variants.Solve2, 2))
	_ = declare(leafSpec(variants.Solve3, 3))
	_ = declare(leafSpec(variants.Solve4, 4))
)

type solveInput struct {
	b     kernels.Board
	alpha int
}

type scoreNodes struct {
	Score int
	Nodes uint64
}

func (s scoreNodes) String() string { return fmt.Sprintf("score %d, %d nodes", s.Score, s.Nodes) }

func leafSpec(k *variants.Kernel[variants.SolveFunc], empties int) *Spec[variants.SolveFunc, solveInput, scoreNodes] {
	return &Spec[variants.SolveFunc, solveInput, scoreNodes]{
		Kernel: k,
		Call: func(fn variants.SolveFunc, c solveInput) scoreNodes {
			s, n := fn(c.b.P, c.b.O, c.alpha)
			return scoreNodes{s, n}
		},
		Cases: func(o Options) iter.Seq[solveInput] {
			return func(yield func(solveInput) bool) {
				// solve_4 costs ~8 µs a call: a tenth of the cases
				cnt := max(o.N/[5]int{0, 0, 1, 1, 10}[empties], 1000)
				ends := RandomEndgames(o.Seed, min(cnt, 100000), empties)
				rng := rngFor(o, uint64(empties))
				for i := 0; i < cnt; i++ {
					if !yield(solveInput{ends[i%len(ends)], rng.IntN(129) - 65}) {
						return
					}
				}
			}
		},
		Show: func(c solveInput) string { return fmt.Sprintf("%s alpha=%d", bs(c.b), c.alpha) },
		// keep n empty squares: x and the squares 23, 46, ... after it
		Fuzz: func(P, O uint64, x, alpha int) (solveInput, bool) {
			e := uint64(0)
			for i := 0; bits.OnesCount64(e) < empties; i++ {
				e |= kernels.Bit((x + i*23) & 63)
			}
			return solveInput{kernels.Board{P: P &^ e, O: ^P &^ e}, fuzzAlpha(alpha)}, true
		},
		Inputs: func() []solveInput { return solveInputs(empties) },
		Loop: func(fn variants.SolveFunc, in []solveInput) func(int) {
			return func(n int) {
				var r uint64
				for i := 0; i < n; i++ {
					c := &in[cycle(i, len(in))]
					sc, nodes := fn(c.b.P, c.b.O, c.alpha)
					r += uint64(sc) + nodes
				}
				benchSink += r
			}
		},
	}
}
