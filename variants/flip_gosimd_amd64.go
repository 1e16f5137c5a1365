//go:build goexperiment.simd && amd64

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// flip's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	Flip.Register(Info{Name: "gosimd-avx2-ppfill", Requires: reqAVX2, Rank: 1,
		Note: "archsimd Uint64x4: LS1B up, parallel-prefix fill for MS1B down (avx2-ppfill's shape)"}, gosimd.FlipAVX2PPFill)
	Flip.RegisterBatch("gosimd-avx2-ppfill", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipAVX2PPFill(b.P, b.O, b.X)
		}
	}))
	Flip.Register(Info{Name: "gosimd-avx512-lzcnt", Requires: reqAVX512, Rank: 1,
		Note: "archsimd Uint64x4, VPLZCNTQ for MS1B down (avx512-lzcnt's shape, 256-bit)"}, gosimd.FlipAVX512LZCNT)
	Flip.RegisterBatch("gosimd-avx512-lzcnt", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipAVX512LZCNT(b.P, b.O, b.X)
		}
	}))
}
