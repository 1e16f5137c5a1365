//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// StableEdgeCount: Edax's get_edge_stability on StableEdgeAVX's gathers.
// The count needs no scatter: the four table bytes side by side in 32
// bits, the corners counted once (from the ranks) by masking them off the
// files, and one popcount.

// StableEdgeCountAVX returns the number of P's stable edge discs (AVX,
// 128-bit).
func StableEdgeCountAVX(P, O uint64) int {
	a, h := edgeFiles(P, O)
	t := kernels.EdgeStability
	s := uint32(t[uint16(P)<<8|uint16(O)&0xff]) | uint32(t[uint16(P>>56)<<8|uint16(O>>56)])<<8 |
		uint32(t[a])<<16 | uint32(t[h])<<24
	return bits.OnesCount32(s & 0x7e7effff)
}
