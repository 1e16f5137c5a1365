//go:build goexperiment.simd && arm64 && go1.27

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// hash_clear's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	HashClear.Register(Info{Name: "gosimd-neon", Requires: reqNEON, Rank: 1,
		Note: "archsimd: empty pattern by 16-byte stores, 2 entries = 3 Uint64x2"}, gosimd.HashClearNEON)
}
