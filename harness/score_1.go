package harness

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// score_1: real one-empty positions and random fills (lopsided ones make
// passes and wipe-outs likely), every alpha from a spread. Exact variants
// must match; Bound variants (lazy high cut-offs) must be exact at or
// below alpha and within (alpha, exact] above it.
var _ = declare(&Spec[variants.Score1Func, variants.PXA, int]{
	Kernel: variants.Score1,
	Call:   func(fn variants.Score1Func, c variants.PXA) int { return fn(c.P, c.Alpha, c.X) },
	Cases: func(o Options) iter.Seq[variants.PXA] {
		return func(yield func(variants.PXA) bool) {
			ends := RandomEndgames(o.Seed, 5000, 1)
			rng := rngFor(o, 5)
			for i := 0; i < o.N; i++ {
				var c variants.PXA
				if i%2 == 0 {
					b := ends[(i/2)%len(ends)]
					c.P, c.X = b.P, bits.TrailingZeros64(b.Empties())
				} else {
					c.X = rng.IntN(64)
					c.P = rng.Uint64() &^ kernels.Bit(c.X)
					if i%6 == 1 {
						c.P &= rng.Uint64()
					} else if i%6 == 3 {
						c.P |= rng.Uint64() &^ kernels.Bit(c.X)
					}
				}
				c.Alpha = rng.IntN(130) - 65
				if !yield(c) {
					return
				}
			}
		}
	},
	Bound: func(c variants.PXA, got, want int) bool { return want > c.Alpha && got > c.Alpha && got <= want },
	Show:  func(c variants.PXA) string { return fmt.Sprintf("%s alpha=%d", showPX(c.P, c.X), c.Alpha) },
	Fuzz: func(P, _ uint64, x, alpha int) (variants.PXA, bool) {
		x &= 63
		return variants.PXA{P: P &^ kernels.Bit(x), X: x, Alpha: fuzzAlpha(alpha)}, true
	},
	Inputs: score1Inputs,
	Loop: func(fn variants.Score1Func, in []variants.PXA) func(int) {
		return func(n int) {
			r := 0
			for i := 0; i < n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.P, c.Alpha, c.X)
			}
			benchSink += uint64(r)
		}
	},
})
