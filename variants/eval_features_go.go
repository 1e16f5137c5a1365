package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// eval_features in Go: from the empty board's indexes (every digit 2),
// walk the occupied squares and subtract each one's digit weights (twice
// for P: 2 -> 0, once for O: 2 -> 1) through Edax's per-square feature
// list, instead of walking each feature's squares.

func init() {
	EvalFeatures.Register(Info{Name: "go-x2f-walk", Rank: 5, Note: "Go: occupied squares through the per-square feature list"}, evalFeaturesX2F)
}

func evalFeaturesX2F(b kernels.Board) kernels.Features {
	f := evalFull
	for p := b.P; p != 0; p &= p - 1 {
		s := &evalX2F[bits.TrailingZeros64(p)]
		for _, e := range s.e[:s.n] {
			f[e.i] -= 2 * e.w
		}
	}
	for o := b.O &^ b.P; o != 0; o &= o - 1 {
		s := &evalX2F[bits.TrailingZeros64(o)]
		for _, e := range s.e[:s.n] {
			f[e.i] -= e.w
		}
	}
	return f
}
