//go:build goexperiment.simd && amd64

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// hash_clear's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	HashClear.Register(Info{Name: "gosimd-avx2", Requires: reqAVX2, Rank: 1,
		Note: "archsimd: empty pattern by 32-byte stores, 4 entries = 3 Uint64x4 (no streaming stores)"}, gosimd.HashClearAVX2)
	HashClear.Register(Info{Name: "gosimd-avx512", Requires: reqAVX512, Rank: 1, ZMM: true,
		Note: "archsimd: empty pattern by 64-byte stores, 8 entries = 3 Uint64x8"}, gosimd.HashClearAVX512)
}
