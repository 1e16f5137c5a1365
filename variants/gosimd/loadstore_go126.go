//go:build goexperiment.simd && amd64 && !go1.27

package gosimd

import "simd/archsimd"

// Loads and stores for the kernels on Go 1.26, whose archsimd Load and
// Store take array pointers; loadstore_go127.go has the same helpers for
// Go 1.27, where Load and Store take slices. The kernels call only these,
// so that one source builds on both; they inline (go build -gcflags=-m).

func loadInt8x32(p *[32]int8) archsimd.Int8x32       { return archsimd.LoadInt8x32(p) }
func loadUint16x16(p *[16]uint16) archsimd.Uint16x16 { return archsimd.LoadUint16x16(p) }
func loadUint16x32(p *[32]uint16) archsimd.Uint16x32 { return archsimd.LoadUint16x32(p) }
func loadUint64x2(p *[2]uint64) archsimd.Uint64x2    { return archsimd.LoadUint64x2(p) }
func loadUint64x4(p *[4]uint64) archsimd.Uint64x4    { return archsimd.LoadUint64x4(p) }
func loadUint64x8(p *[8]uint64) archsimd.Uint64x8    { return archsimd.LoadUint64x8(p) }

func storeUint16x16(v archsimd.Uint16x16, p *[16]uint16) { v.Store(p) }
func storeUint16x32(v archsimd.Uint16x32, p *[32]uint16) { v.Store(p) }
func storeUint64x4(v archsimd.Uint64x4, p *[4]uint64)    { v.Store(p) }
func storeUint64x8(v archsimd.Uint64x8, p *[8]uint64)    { v.Store(p) }
