//go:build goexperiment.simd && arm64 && go1.27

// Package gosimd holds kernels written with simd/archsimd: on arm64 (Go
// 1.27), NEON; on amd64, see simd.go. The NEON kernels are the files
// *_neon.go; *_portable.go are written with the portable package simd
// and build on both. Every function needs the CPU features its doc
// comment names (NEON: ASIMD, which every arm64 core Go runs on has).
package gosimd

import (
	"math/bits"
	"simd/archsimd"
)

// Loads and stores of the NEON kernels, as loadstore_go127.go's: through
// the array forms, which inline to one instruction.

func loadInt16x8(p *[8]int16) archsimd.Int16x8    { return archsimd.LoadInt16x8Array(p) }
func loadInt64x2(p *[2]int64) archsimd.Int64x2    { return archsimd.LoadInt64x2Array(p) }
func loadUint64x2(p *[2]uint64) archsimd.Uint64x2 { return archsimd.LoadUint64x2Array(p) }

func storeUint64x2(v archsimd.Uint64x2, p *[2]uint64) { v.StoreArray(p) }

// ones2 is -1 in both lanes (CMEQ of a register with itself).
func ones2() archsimd.Uint64x2 {
	var z archsimd.Uint64x2
	return z.Equal(z).ToInt64x2().ToBits()
}

// halfTurn2 is (b, b turned half a turn): bit i of the second lane is
// bit 63-i of b (RBIT).
func halfTurn2(b uint64) archsimd.Uint64x2 {
	var v archsimd.Uint64x2
	return v.SetElem(0, b).SetElem(1, bits.Reverse64(b))
}
