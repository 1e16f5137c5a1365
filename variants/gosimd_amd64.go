//go:build goexperiment.simd && amd64

package variants

// The gosimd variants (package gosimd, GOEXPERIMENT=simd): ordinary Go
// whose vector operations are compiler intrinsics, so a call costs a Go
// call, not an assembly one. Their batch forms loop over the gosimd
// function itself, not a func value, so the compiler inlines it there
// when its cost allows.
//
// 256-bit code requires AVX2; 128-bit code is VEX-encoded, so AVX. AVX-512
// code requires the five subsets archsimd.X86.AVX512 bundles: the
// compiler treats a block holding 512-bit values as having all of them,
// and may rewrite its logic into VPTERNLOGQ or move masks with VPMOVQ2M
// (DQ). Rank 1: never a default (flipbench pick may still choose one).
var (
	reqAVX    = []Feature{AVX}
	reqAVX2   = []Feature{AVX, AVX2}
	reqAVX512 = []Feature{AVX, AVX2, AVX512F, AVX512CD, AVX512BW, AVX512DQ, AVX512VL}
)
