package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// EvalFeaturesFunc returns the pattern indexes of a board.
type EvalFeaturesFunc func(b kernels.Board) kernels.Features

// EvalFeatures computes the features from scratch (at the root of a search).
var EvalFeatures = newKernel[EvalFeaturesFunc, NoBatch]("eval_features", "the 46 base-3 pattern indexes of a board", kernels.EvalFeatures)

// eval_features in Go: from the empty board's indexes (every digit 2),
// walk the occupied squares and subtract each one's digit weights (twice
// for P: 2 -> 0, once for O: 2 -> 1) through Edax's per-square feature
// list, instead of walking each feature's squares.

func init() {
	EvalFeatures.Register(Info{Name: "go-x2f-walk", Rank: 5, Note: "Go: occupied squares through the per-square feature list"}, EvalFeaturesX2F)
}

func EvalFeaturesX2F(b kernels.Board) kernels.Features {
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
