//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"simd/archsimd"

	"github.com/flipbench/flipbench/kernels"
)

// StableEdgeCount: Edax's get_edge_stability on StableEdgeAVX's gathers.
// The count needs no scatter: the four table bytes side by side in 32
// bits, the corners counted once (from the ranks) by masking them off the
// files, and one popcount.

// StableEdgeCountAVX returns the number of P's stable edge discs (AVX,
// 128-bit).
func StableEdgeCountAVX(P, O uint64) int {
	var zero archsimd.Int8x16
	var v archsimd.Uint64x2
	v = v.SetElem(0, O).SetElem(1, P)
	h := zero.Greater(v.AsInt8x16()).ToBits()                 // the H file, p<<8|o
	a := zero.Greater(v.ShiftAllLeft(7).AsInt8x16()).ToBits() // the A file
	t := kernels.EdgeStability
	s := uint32(t[uint16(P)<<8|uint16(O)&0xff]) | uint32(t[uint16(P>>56)<<8|uint16(O>>56)])<<8 |
		uint32(t[a])<<16 | uint32(t[h])<<24
	return bits.OnesCount32(s & 0x7e7effff)
}
