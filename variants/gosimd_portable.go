//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package variants

import "runtime"

// The portable gosimd variants (package gosimd, *_portable.go): Go 1.27's
// package simd, one source for amd64 and arm64. The package picks its
// vector length at start-up from what the CPU has, and emulates vectors
// in Go without AVX (amd64) or without PMULL (arm64; no Feature here):
// Requires is what its hardware vectors need at the least, so that the
// variants run beside the archsimd ones and not as emulation. Rank 1:
// never a default.
var reqPortable = map[string][]Feature{"amd64": {AVX}, "arm64": {ASIMD}}[runtime.GOARCH]
