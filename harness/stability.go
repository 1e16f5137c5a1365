package harness

import (
	"iter"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// stability: random-game positions, and every fourth case a nearly full
// random board (many full lines and chains of stable discs).
var _ = declare(boardSpec(variants.Stability, func(o Options) iter.Seq[kernels.Board] {
	return mixedBoards(o, 23, func(rng *rand.Rand) kernels.Board {
		P, empty := rng.Uint64(), uint64(0)
		for k := rng.IntN(9); k > 0; k-- {
			empty |= 1 << rng.IntN(64)
		}
		return kernels.Board{P: P &^ empty, O: ^P &^ empty}
	})
}))
