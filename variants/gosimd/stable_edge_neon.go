//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import (
	"simd/archsimd"

	"github.com/flipbench/flipbench/kernels"
)

// StableEdge on NEON, as Edax's get_stable_edge for aarch64: ZIP1 of O's
// and P's bytes makes halfword j row j's (O, P) pair; with bit 0 (A file)
// or bit 7 (H file) of each byte kept and USHL by j, ADDV sums the
// halfwords into the edge-table index p*256+o. The ranks are bytes of P
// and O; the files go back by multiply (stable_edge.go's StableEdgeAVX).

// rowShift is j in halfword j.
var rowShift = [8]int16{0, 1, 2, 3, 4, 5, 6, 7}

// edgeFilesNEON gathers the A and H files as edge-table indexes p*256+o.
func edgeFilesNEON(P, O uint64) (a, h uint16) {
	po := archsimd.BroadcastUint64x2(O).ReshapeToUint8s().
		InterleaveLo(archsimd.BroadcastUint64x2(P).ReshapeToUint8s()).ReshapeToUint16s()
	one := archsimd.BroadcastUint16x8(0x0101)
	j := loadInt16x8(&rowShift)
	a = po.And(one).Shift(j).ReduceSum()
	h = po.ShiftAllRight(7).And(one).Shift(j).ReduceSum()
	return a, h
}

// StableEdgeNEON returns P's stable edge discs (ASIMD).
func StableEdgeNEON(P, O uint64) uint64 {
	a, h := edgeFilesNEON(P, O)
	t := kernels.EdgeStability
	return uint64(t[uint16(P)<<8|uint16(O)&0xff]) |
		uint64(t[uint16(P>>56)<<8|uint16(O>>56)])<<56 |
		uint64(t[a]&0x7e)*0x0000040810204080&0x0001010101010100 | // bits 1..6 onto A2..A7
		uint64(t[h]&0x7e)*0x0002040810204000&0x0080808080808000 // onto H2..H7
}
