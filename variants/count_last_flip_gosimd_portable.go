//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// count_last_flip's gosimd variants (their requirements: gosimd_portable.go).
func init() {
	CountLastFlip.Register(Info{Name: "gosimd-portable-rays", Requires: reqPortable, Rank: 1,
		Note: "package simd: flip gosimd-portable-rays with O = ^P &^ x, stored and counted by scalar popcount"}, gosimd.CountLastFlipPortable)
	CountLastFlip.RegisterBatch("gosimd-portable-rays", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipPortable(c.P, c.X)
		}
	}))
}
