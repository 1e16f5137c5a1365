//go:build goexperiment.simd && amd64

package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// eval_update's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	EvalUpdate.Register(Info{Name: "gosimd-avx2", Requires: reqAVX2, Rank: 1,
		Note: "archsimd 3 x Uint16x16: flipped rows summed, then one subtract (and add)"}, gosimd.EvalUpdateAVX2)
	EvalUpdate.RegisterBatch("gosimd-avx2", EvalUpdateBatchFunc(func(in []FeaturesMove, out []kernels.Features) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			gosimd.EvalUpdateAVX2(&out[i], &c.Src, c.X, c.Flipped, c.Mover)
		}
	}))
	EvalUpdate.Register(Info{Name: "gosimd-avx512", Requires: reqAVX512, Rank: 1, ZMM: true,
		Note: "archsimd Uint16x32 + Uint16x16 (AVX-512BW): two adds per flipped disc"}, gosimd.EvalUpdateAVX512)
	EvalUpdate.RegisterBatch("gosimd-avx512", EvalUpdateBatchFunc(func(in []FeaturesMove, out []kernels.Features) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			gosimd.EvalUpdateAVX512(&out[i], &c.Src, c.X, c.Flipped, c.Mover)
		}
	}))
}
