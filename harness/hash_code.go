package harness

import (
	"fmt"
	"iter"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// hash_code: random-game positions, and every fourth case two arbitrary
// words (the hash is defined on any bits).
var _ = declare(&Spec[variants.HashCodeFunc, variants.HashCodeBatchFunc, kernels.Board, uint64]{
	Kernel: variants.HashCode,
	Call:   func(fn variants.HashCodeFunc, b kernels.Board) uint64 { return fn(b.P, b.O) },
	Cases: func(o Options) iter.Seq[kernels.Board] {
		return mixedBoards(o, 7, func(rng *rand.Rand) kernels.Board {
			return kernels.Board{P: rng.Uint64(), O: rng.Uint64()}
		})
	},
	Show:   func(b kernels.Board) string { return fmt.Sprintf("P=%s O=%s", hexbits(b.P), hexbits(b.O)) },
	Fuzz:   func(P, O uint64, _, _ int) (kernels.Board, bool) { return kernels.Board{P: P, O: O}, true },
	Inputs: benchBoards,
	Loop:   loopBoard[variants.HashCodeFunc],
})
