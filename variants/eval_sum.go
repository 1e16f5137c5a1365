package variants

import (
	"github.com/flipbench/flipbench/kernels"
)

// EvalSumFunc returns the evaluation of features f at a ply: the bias
// plus one weight per feature.
type EvalSumFunc func(f *kernels.Features, w *EvalWeights, ply int) int

// EvalSum is the evaluation at the leaves of the ordering searches.
var EvalSum = newKernel[EvalSumFunc, EvalSumBatchFunc]("eval_sum", "bias + sum of the 46 weights of a ply", func(f *kernels.Features, w *EvalWeights, ply int) int {
	return kernels.EvalSum(f, w.Ply(ply))
})

// eval_sum in Go, one per weight layout:
//
//   - go-plain: Edax's layout, one int16 table per ply.
//   - go-interleaved: the even/odd-ply interleaved layout, one int32 per
//     index holding both plies; a shift picks the ply. Half as many tables, twice the bytes per lookup.

func init() {
	EvalSum.Register(Info{Name: "go-plain", Rank: 5, Note: "Go, plain layout: one int16 table per ply"}, EvalSumPlain)
	EvalSum.Register(Info{Name: "go-interleaved", Rank: 4, Note: "Go, interleaved layout: int32 per index, even ply low, odd ply high"}, EvalSumInterleaved)
	EvalSum.RegisterBatch("go-plain", EvalSumBatchFunc(func(w *EvalWeights, in []FeaturesPly, out []int) {
		out = out[:len(in)]
		for i := range in {
			out[i] = EvalSumPlain(&in[i].F, w, in[i].Ply)
		}
	}))
	EvalSum.RegisterBatch("go-interleaved", EvalSumBatchFunc(func(w *EvalWeights, in []FeaturesPly, out []int) {
		out = out[:len(in)]
		for i := range in {
			out[i] = EvalSumInterleaved(&in[i].F, w, in[i].Ply)
		}
	}))
}

func clampPly(ply int) int { return min(max(ply, 0), NumPlies-1) }

func EvalSumPlain(f *kernels.Features, w *EvalWeights, ply int) int {
	t := (*[kernels.NumWeights]int16)(w.Plain[clampPly(ply)])
	sum := int(t[kernels.WeightBias])
	for i, off := range evalGatherOffset[:kernels.NumFeatures] {
		sum += int(t[int(off)+int(f[i])])
	}
	return sum
}

func EvalSumInterleaved(f *kernels.Features, w *EvalWeights, ply int) int {
	ply = clampPly(ply)
	t := (*[kernels.NumWeights]int32)(w.Interleaved()[ply>>1])
	sh := uint(ply&1) * 16
	sum := int(int16(t[kernels.WeightBias] >> sh))
	for i, off := range evalGatherOffset[:kernels.NumFeatures] {
		sum += int(int16(t[int(off)+int(f[i])] >> sh))
	}
	return sum
}
