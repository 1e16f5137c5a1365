// Package train fits the evaluation weights (flipbench train): positions
// from random and self-play games, labels from exact solves near the end
// and from shallow searches with the weights already fitted earlier in the
// game (phase by phase, from the end backwards), and a regularised
// least-squares fit per phase group with mirror-symmetric patterns tied.
package train

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
)

type board = kernels.Board

// ops are the board kernels, this machine's default variants (the
// trainer's results never depend on which: every variant equals the
// reference).
type ops struct {
	flip  variants.FlipFunc
	moves variants.MovesFunc
}

func newOps() ops {
	s := defaultSelection()
	return ops{variants.Flip.Fn(s), variants.Moves.Fn(s)}
}

func defaultSelection() variants.Selection { return variants.Default(variants.Host(), nil) }

// finalScore is the score of a finished game with n empty squares: the
// empties go to the winner.
func finalScore(P, O uint64, n int) int {
	d := bits.OnesCount64(P) - bits.OnesCount64(O)
	switch {
	case d > 0:
		d += n
	case d < 0:
		d -= n
	}
	return d
}

// Features of a board computed square by square from per-square tables.
type sqFeat struct {
	f int8
	w uint16
}

var (
	sqFeats     [64][]sqFeat
	allEmpty    [kernels.NumFeatures]uint16
	packedIndex []int32
)

func init() {
	for i, sq := range kernels.FeatureSquares {
		n := len(sq)
		for j, x := range sq {
			w := kernels.Pow3[n-1-j]
			sqFeats[x] = append(sqFeats[x], sqFeat{int8(i), uint16(w)})
			allEmpty[i] += uint16(2 * w)
		}
	}
	packedIndex = weights.PackIndexTable()
}

// features returns the 46 feature indexes of b (as kernels.EvalFeatures).
func features(b board) [kernels.NumFeatures]uint16 {
	f := allEmpty
	for m := b.P; m != 0; m &= m - 1 {
		for _, s := range sqFeats[bits.TrailingZeros64(m)] {
			f[s.f] -= 2 * s.w
		}
	}
	for m := b.O; m != 0; m &= m - 1 {
		for _, s := range sqFeats[bits.TrailingZeros64(m)] {
			f[s.f] -= s.w
		}
	}
	return f
}

// packedFeatures returns the packed weight index of each feature.
func packedFeatures(b board) [kernels.NumFeatures]int32 {
	f := features(b)
	var p [kernels.NumFeatures]int32
	for i, v := range f {
		p[i] = packedIndex[kernels.FeatureOffset[i]+int(v)]
	}
	return p
}

// evaluator evaluates with plain per-ply tables (nil: not fitted yet),
// through the eval_features and eval_sum kernels once refresh has built
// their weights (the same sum, a few times faster: the depth-searched
// labels spend their time here).
type evaluator struct {
	plain [weights.NumPlies][]int16
	fast  *variants.EvalWeights
	feat  variants.EvalFeaturesFunc
	sum   variants.EvalSumFunc
}

// refresh rebuilds the kernels' weights after plain changed (unfitted
// plies are zero; they are never evaluated). Not concurrent with eval.
func (e *evaluator) refresh() {
	var plies [weights.NumPlies][]int16
	zero := make([]int16, kernels.NumWeights)
	for p, t := range e.plain {
		plies[p] = t
		if t == nil {
			plies[p] = zero
		}
	}
	w, err := variants.NewEvalWeights(plies)
	if err != nil {
		panic(err) // the trainer's own tables: a bug
	}
	sel := defaultSelection()
	e.feat, e.sum = variants.EvalFeatures.Fn(sel), variants.EvalSum.Fn(sel)
	var f kernels.Features
	e.sum(&f, w, 0) // a variant may build its layout on first use
	e.fast = w
}

// eval returns the evaluation of b in 1/Scale discs, clamped to the score
// range.
func (e *evaluator) eval(b board) int {
	n := bits.OnesCount64(^(b.P | b.O))
	t := e.plain[60-n]
	if t == nil {
		panic("train: evaluation at an unfitted ply")
	}
	var s int
	if e.fast != nil {
		f := e.feat(b)
		s = e.sum(&f, e.fast, 60-n)
	} else {
		f := features(b)
		s = int(t[kernels.WeightBias])
		for i, v := range f {
			s += int(t[kernels.FeatureOffset[i]+int(v)])
		}
	}
	return min(max(s, -64*weights.Scale), 64*weights.Scale)
}

// has reports whether the ply with n empties is fitted.
func (e *evaluator) has(n int) bool { return e.plain[60-n] != nil }
