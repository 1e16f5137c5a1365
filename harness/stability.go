package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// stability: random-game positions, and every fourth case a nearly full
// random board (many full lines and chains of stable discs).
var _ = declare(&Spec[variants.StabilityFunc, kernels.Board, uint64]{
	Kernel: variants.Stability,
	Call:   func(fn variants.StabilityFunc, b kernels.Board) uint64 { return fn(b.P, b.O) },
	Cases: func(o Options) iter.Seq[kernels.Board] {
		return func(yield func(kernels.Board) bool) {
			p := pool(o)
			rng := rngFor(o, 23)
			for i := 0; i < o.N; i++ {
				b := p.board(i)
				if i%4 == 3 {
					P, empty := rng.Uint64(), uint64(0)
					for k := rng.IntN(9); k > 0; k-- {
						empty |= 1 << rng.IntN(64)
					}
					b = kernels.Board{P: P &^ empty, O: ^P &^ empty}
				}
				if !yield(b) {
					return
				}
			}
		}
	},
	Show:   bs,
	Fuzz:   fuzzBoardInput,
	Inputs: benchBoards,
	Loop:   loopBoard[variants.StabilityFunc],
})
