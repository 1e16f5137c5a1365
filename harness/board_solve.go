package harness

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/flipbench/flipbench/variants"
)

type discsEmpties struct {
	P uint64 // P's discs
	n int    // empties
}

// board_solve: exhaustive over P's disc count and the number of empties;
// benchmarked on the boards of random games.
var _ = declare(&Spec[variants.BoardSolveFunc, discsEmpties, int]{
	Kernel: variants.BoardSolve,
	Call:   func(fn variants.BoardSolveFunc, c discsEmpties) int { return fn(c.P, c.n) },
	Cases: func(Options) iter.Seq[discsEmpties] {
		return func(yield func(discsEmpties) bool) {
			for n := 0; n <= 60; n++ {
				for p := 0; p <= 64-n; p++ {
					P := uint64(1)<<uint(p) - 1
					if p == 64 {
						P = ^uint64(0)
					}
					if !yield(discsEmpties{P, n}) {
						return
					}
				}
			}
		}
	},
	Show: func(c discsEmpties) string { return fmt.Sprintf("P=%s n=%d", hexbits(c.P), c.n) },
	Fuzz: func(P, O uint64, _, _ int) (discsEmpties, bool) {
		b := fuzzBoard(P, O)
		return discsEmpties{b.P, b.NumEmpties()}, true
	},
	Inputs: func() []discsEmpties {
		bs := benchBoards()
		out := make([]discsEmpties, len(bs))
		for i, b := range bs {
			out[i] = discsEmpties{b.P, bits.OnesCount64(b.Empties())}
		}
		return out
	},
	Loop: func(fn variants.BoardSolveFunc, in []discsEmpties) func(int) {
		return func(n int) {
			r := 0
			for i := 0; i < n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.P, c.n)
			}
			benchSink += uint64(r)
		}
	},
})
