//go:build goexperiment.simd && amd64

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// count_last_flip's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	CountLastFlip.Register(Info{Name: "gosimd-avx2-movemask", Requires: reqAVX2, Rank: 1,
		Note: "archsimd: one VPMOVMSKB of file, diagonals and the row (VPSHUFB); 4 lookups (avx2-movemask's shape)"}, gosimd.CountLastFlipAVX2)
	CountLastFlip.RegisterBatch("gosimd-avx2-movemask", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipAVX2(c.P, c.X)
		}
	}))
	CountLastFlip.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "archsimd 128-bit: two VPMOVMSKB, the row byte from P; 4 lookups (sse2-movemask's shape, VEX)"}, gosimd.CountLastFlipAVX)
	CountLastFlip.RegisterBatch("gosimd-avx-movemask", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipAVX(c.P, c.X)
		}
	}))
}
