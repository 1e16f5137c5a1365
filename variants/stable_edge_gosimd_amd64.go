//go:build goexperiment.simd && amd64

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// stable_edge's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	StableEdge.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "archsimd 128-bit: files by VPMOVMSKB of (O, P), ranks from bytes, multiply scatter"}, gosimd.StableEdgeAVX)
}
