//go:build goexperiment.simd && arm64 && go1.27

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// stable_edge's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	StableEdge.Register(Info{Name: "gosimd-neon-zip-addv", Requires: reqNEON, Rank: 1,
		Note: "archsimd: files by ZIP1 of (O, P) bytes, USHL per row, ADDV (Edax's aarch64 gather), multiply scatter"}, gosimd.StableEdgeNEON)
}
