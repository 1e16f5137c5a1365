//go:build goexperiment.simd && amd64

package gosimd

import (
	"simd/archsimd"

	"github.com/flipbench/flipbench/kernels"
)

// StableEdge: Edax's get_stable_edge, the four edges gathered into 8-bit
// lines for the 256 x 256 edge-stability table. With O in the low half
// of a vector and P in the high half, VPMOVMSKB of the sign bits gathers
// the H file as the index p*256+o at once; shifted left by 7, the A file.
// The ranks are bytes of P and O; the files go back by multiply (as
// Edax-AVX's board.c, get_stable_edge), the corners coming from the ranks.

// StableEdgeAVX returns P's stable edge discs (AVX, 128-bit).
func StableEdgeAVX(P, O uint64) uint64 {
	a, h := edgeFiles(P, O)
	t := kernels.EdgeStability
	return uint64(t[uint16(P)<<8|uint16(O)&0xff]) |
		uint64(t[uint16(P>>56)<<8|uint16(O>>56)])<<56 |
		uint64(t[a]&0x7e)*0x0000040810204080&0x0001010101010100 | // bits 1..6 onto A2..A7
		uint64(t[h]&0x7e)*0x0002040810204000&0x0080808080808000 // onto H2..H7
}

// edgeFiles gathers the A and H files as edge-table indexes p*256+o.
func edgeFiles(P, O uint64) (a, h uint16) {
	var zero archsimd.Int8x16
	var v archsimd.Uint64x2
	v = v.SetElem(0, O).SetElem(1, P)
	h = zero.Greater(v.AsInt8x16()).ToBits()                 // bit 7 of each byte: the H file
	a = zero.Greater(v.ShiftAllLeft(7).AsInt8x16()).ToBits() // bit 0: the A file
	return a, h
}
