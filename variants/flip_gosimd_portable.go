//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// flip's gosimd variants (their requirements: gosimd_portable.go).
func init() {
	Flip.Register(Info{Name: "gosimd-portable-rays", Requires: reqPortable, Rank: 1,
		Note: "package simd: board and half-turned board in lane pairs, every ray an up ray, lowest stop by s &^ (s-1)"}, gosimd.FlipPortable)
	Flip.RegisterBatch("gosimd-portable-rays", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipPortable(b.P, b.O, b.X)
		}
	}))
}
