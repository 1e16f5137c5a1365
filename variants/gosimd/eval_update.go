//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"simd/archsimd"

	"github.com/flipbench/flipbench/kernels"
)

// EvalUpdate: the 46 pattern indexes (48 uint16 lanes) after a move. A
// square's digit is 2 when empty, 1 for the player to move first (mover
// 0), 0 for the other; x2fRow[sq] holds, per feature, the weight of sq's
// digit (0 if sq is not in it), so a move subtracts x's row once or twice
// and each flipped disc's row changes its digit by one. The flipped rows
// are summed first: no lane exceeds 3^10, so nothing wraps.

// x2fRow[sq]: per feature lane, the power of 3 of sq's digit.
var x2fRow [64]kernels.Features

func init() {
	for i, sq := range kernels.FeatureSquares {
		for j, x := range sq {
			x2fRow[x][i] += uint16(kernels.Pow3[len(sq)-1-j])
		}
	}
}

// EvalUpdateAVX2 writes to dst the indexes of src after the move on x
// flipping flipped by mover (AVX2): 3 x 16 lanes, three VPADDW per
// flipped disc.
func EvalUpdateAVX2(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	r := &x2fRow[x&63]
	r0, r1, r2 := load3(r)
	var d0, d1, d2 archsimd.Uint16x16
	for ; flipped != 0; flipped &= flipped - 1 {
		f0, f1, f2 := load3(&x2fRow[bits.TrailingZeros64(flipped)])
		d0, d1, d2 = d0.Add(f0), d1.Add(f1), d2.Add(f2)
	}
	s0, s1, s2 := load3(src)
	s0, s1, s2 = s0.Sub(r0), s1.Sub(r1), s2.Sub(r2)
	if mover == 0 {
		s0, s1, s2 = s0.Sub(r0.Add(d0)), s1.Sub(r1.Add(d1)), s2.Sub(r2.Add(d2))
	} else {
		s0, s1, s2 = s0.Add(d0), s1.Add(d1), s2.Add(d2)
	}
	storeUint16x16(s0, (*[16]uint16)(dst[:16]))
	storeUint16x16(s1, (*[16]uint16)(dst[16:32]))
	storeUint16x16(s2, (*[16]uint16)(dst[32:]))
	archsimd.ClearAVXUpperBits()
}

func load3(f *kernels.Features) (a, b, c archsimd.Uint16x16) {
	return loadUint16x16((*[16]uint16)(f[:16])),
		loadUint16x16((*[16]uint16)(f[16:32])),
		loadUint16x16((*[16]uint16)(f[32:]))
}

// EvalUpdateAVX512 is EvalUpdateAVX2 with lanes 0-31 in a Uint16x32
// (AVX-512BW) and 32-47 in a Uint16x16: two VPADDW per flipped disc.
func EvalUpdateAVX512(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	r := &x2fRow[x&63]
	r0, r1 := load2(r)
	var d0 archsimd.Uint16x32
	var d1 archsimd.Uint16x16
	for ; flipped != 0; flipped &= flipped - 1 {
		f0, f1 := load2(&x2fRow[bits.TrailingZeros64(flipped)])
		d0, d1 = d0.Add(f0), d1.Add(f1)
	}
	s0, s1 := load2(src)
	s0, s1 = s0.Sub(r0), s1.Sub(r1)
	if mover == 0 {
		s0, s1 = s0.Sub(r0.Add(d0)), s1.Sub(r1.Add(d1))
	} else {
		s0, s1 = s0.Add(d0), s1.Add(d1)
	}
	storeUint16x32(s0, (*[32]uint16)(dst[:32]))
	storeUint16x16(s1, (*[16]uint16)(dst[32:]))
	archsimd.ClearAVXUpperBits()
}

func load2(f *kernels.Features) (archsimd.Uint16x32, archsimd.Uint16x16) {
	return loadUint16x32((*[32]uint16)(f[:32])), loadUint16x16((*[16]uint16)(f[32:]))
}
