//go:build goexperiment.simd && amd64

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// stable_edge_count's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	StableEdgeCount.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "archsimd 128-bit: files by VPMOVMSKB of (O, P), four table bytes in 32 bits, one popcount"}, gosimd.StableEdgeCountAVX)
}
