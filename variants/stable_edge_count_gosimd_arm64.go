//go:build goexperiment.simd && arm64 && go1.27

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// stable_edge_count's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	StableEdgeCount.Register(Info{Name: "gosimd-neon-zip-addv", Requires: reqNEON, Rank: 1,
		Note: "archsimd: files by ZIP1 of (O, P) bytes, USHL per row, ADDV; four table bytes in 32 bits, one popcount"}, gosimd.StableEdgeCountNEON)
}
