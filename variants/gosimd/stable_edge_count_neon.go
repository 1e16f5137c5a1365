//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// StableEdgeCountNEON returns the number of P's stable edge discs
// (ASIMD): the four table bytes in 32 bits, the corners counted once
// (from the ranks), one popcount, as StableEdgeCountAVX.
func StableEdgeCountNEON(P, O uint64) int {
	a, h := edgeFilesNEON(P, O)
	t := kernels.EdgeStability
	s := uint32(t[uint16(P)<<8|uint16(O)&0xff]) | uint32(t[uint16(P>>56)<<8|uint16(O>>56)])<<8 |
		uint32(t[a])<<16 | uint32(t[h])<<24
	return bits.OnesCount32(s & 0x7e7effff)
}
