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
// must match; lazy variants (Kernel.Cut) must keep their contract
// (score1Lazy).
var _ = declare(&Spec[variants.Score1Func, variants.Score1BatchFunc, variants.LastEmptyAlpha, int]{
	Kernel: variants.Score1,
	Call:   func(fn variants.Score1Func, c variants.LastEmptyAlpha) int { return fn(c.P, c.Alpha, c.X) },
	Cases: func(o Options) iter.Seq[variants.LastEmptyAlpha] {
		return func(yield func(variants.LastEmptyAlpha) bool) {
			ends := RandomEndgames(o.Seed, 5000, 1)
			rng := rngFor(o, 5)
			for i := 0; i < o.N; i++ {
				var c variants.LastEmptyAlpha
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
	Lazy: score1Lazy{},
	Show: func(c variants.LastEmptyAlpha) string {
		return fmt.Sprintf("%s alpha=%d", showLastEmpty(c.P, c.X), c.Alpha)
	},
	Fuzz: func(P, _ uint64, x, alpha int) (variants.LastEmptyAlpha, bool) {
		x &= 63
		return variants.LastEmptyAlpha{P: P &^ kernels.Bit(x), X: x, Alpha: fuzzAlpha(alpha)}, true
	},
	Inputs: score1Inputs,
	Loop: func(fn variants.Score1Func, in []variants.LastEmptyAlpha) func(int) {
		var at cursor
		return func(n int) {
			r := 0
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.P, c.Alpha, c.X)
			}
			benchSink += uint64(r)
		}
	},
})

// score1Lazy is the contract of score_1's lazy cuts.
type score1Lazy struct{}

// Accepts reports whether got is a score_1 result that a variant of that
// cut may return, want being the reference's (board_score_1) at alpha.
// With E the exact final score: exact variants give want; the lazy high
// cut gives want at or below alpha and a value in (alpha, E] above it
// (there want = E); the lazy low cut gives E above alpha and a value in
// [E, alpha] at or below it (where want is itself in [E, alpha]: the pass
// score when the pass fails low).
func (score1Lazy) Accepts(cut variants.Cut, c variants.LastEmptyAlpha, got, want int) bool {
	P, alpha, x := c.P, c.Alpha, c.X
	switch {
	case got == want:
		return true
	case cut == variants.LazyLowCut:
		return want <= alpha && got <= alpha && got >= score1Exact(P, x)
	case cut == variants.LazyHighCut:
		return want > alpha && got > alpha && got <= want
	}
	return false
}

// Want is want as a mismatch shows it, with what a variant of that cut
// may return instead.
func (score1Lazy) Want(cut variants.Cut, c variants.LastEmptyAlpha, want int) string {
	P, alpha, x := c.P, c.Alpha, c.X
	switch {
	case cut == variants.LazyLowCut && want <= alpha:
		e := score1Exact(P, x)
		return fmt.Sprintf("%d (low cut: any of %d..%d, exact %d)", want, e, alpha, e)
	case cut == variants.LazyHighCut && want > alpha:
		return fmt.Sprintf("%d (high cut: any of %d..%d)", want, alpha+1, want)
	}
	return fmt.Sprint(want)
}

// score1Exact is the exact final score of P to move on the last empty x:
// the reference at an alpha below every score, where no pass is cut.
func score1Exact(P uint64, x int) int { return kernels.Score1(P, kernels.ScoreMin-1, x) }
