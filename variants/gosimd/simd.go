//go:build goexperiment.simd && amd64

// Package gosimd holds kernels written with Go 1.26's and 1.27's
// simd/archsimd (GOEXPERIMENT=simd): ordinary Go whose vector operations
// are compiler intrinsics. A call costs what any Go call costs (arguments
// in registers, no ABI wrapper), and the compiler may inline one into its
// caller, which no assembly allows: every kernel here is over the default
// budget of 80, but a hot call site inlines it when built with a profile
// (-pgo). Loads and stores go through the helpers of loadstore_go126.go
// and loadstore_go127.go, as archsimd's Load and Store changed in Go 1.27.
//
// Every function needs the CPU features its doc comment names; the
// caller checks them (package variants registers each with its
// Requires). Nothing here runs a vector instruction before such a call:
// the tables are plain arrays filled by scalar code at init.
//
// The functions that touch 256- or 512-bit registers end with
// archsimd.ClearAVXUpperBits (VZEROUPPER), as the assembly variants do:
// the compiler does not emit it (Go 1.26), and Go's own code uses SSE
// encodings, which pay a transition (Haswell) or a false dependency
// (Skylake and later) while the upper halves are dirty. 128-bit VEX code
// leaves them clean.
package gosimd

import "simd/archsimd"

// ones4 is -1 in every lane (VPCMPEQQ of a register with itself).
func ones4() archsimd.Uint64x4 {
	var z archsimd.Uint64x4
	return z.Equal(z).ToInt64x4().AsUint64x4()
}

// or4 ORs the four lanes together.
func or4(v archsimd.Uint64x4) uint64 {
	h := v.GetLo().Or(v.GetHi())
	return h.GetElem(0) | h.GetElem(1)
}

// or8 ORs the eight lanes together.
func or8(v archsimd.Uint64x8) uint64 { return or4(v.GetLo().Or(v.GetHi())) }
