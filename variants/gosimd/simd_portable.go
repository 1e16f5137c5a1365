//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package gosimd

import (
	"math/bits"
	"simd"
)

// The portable kernels (*_portable.go) use Go 1.27's package simd, whose
// vectors have a length chosen at start-up (128 bits on NEON and AVX, 256
// with AVX2 and VPCLMULQDQ, 512 with AVX-512 and VPCLMULQDQ, emulated in
// Go without AVX or, on arm64, PMULL): the compiler specializes each
// function per length and dispatches on simd.VectorBitSize at the
// exported entry. The package has no per-lane shift and, short of ToArch
// (per architecture), no lane extraction or horizontal operation, so lanes
// differ by data only (a board and its half turn), and results leave
// through a store. Loops step by Len and tables hold eight lanes, the
// most any length has (512 bits).

// evenLanes selects lanes 0, 2, 4, ...
var evenLanes = [8]int64{-1, 0, -1, 0, -1, 0, -1, 0}

// halfTurns is (b, b turned half a turn) repeated over the lanes: bit i
// of an odd lane is bit 63-i of b.
func halfTurns(b uint64) simd.Uint64s {
	even := simd.LoadInt64s(evenLanes[:]).ToMask()
	return simd.BroadcastUint64s(b).IfElse(even, simd.BroadcastUint64s(bits.Reverse64(b)))
}

// orPairs ORs the even lanes of v together, and its odd lanes.
func orPairs(v simd.Uint64s) (even, odd uint64) {
	var buf [8]uint64
	v.Store(buf[:])
	for i := 0; i < v.Len(); i += 2 {
		even |= buf[i]
		odd |= buf[i+1]
	}
	return even, odd
}

// onesS is -1 in every lane.
func onesS() simd.Uint64s {
	var z simd.Uint64s
	return z.Equal(z).ToInt64s().ToBits()
}
