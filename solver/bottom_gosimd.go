//go:build goexperiment.simd && amd64

package solver

import "simd/archsimd"

// The gosimd bottoms: shallow.go's and solve_4.go's search, node for node,
// with every kernel a direct call of a variants/gosimd function instead of
// a call through a func value of Kernels, so that the compiler inlines
// the kernels into the search. (A generic search over a kernel-set type
// would not: Go stencils by GC shape and calls a type parameter's methods
// through its dictionary, even when each kernel set has a shape of its
// own.) gosimd_gen.go writes them from the Go bottom, one per flip
// (bottom_gosimd_avx2.go, bottom_gosimd_avx512.go): change the Go bottom,
// then go generate ./solver.
//
// The kernels are those the bottom variant's note names (variants
// *_gosimd_amd64.go), in their "B" forms: the position broadcast once per
// node and passed to every kernel called there, which also earns the
// kernels the compiler's inlining credit for SIMD parameters, and no
// VZEROUPPER in them (the search's own code is scalar; goSIMDShallow
// clears the upper halves once, on the way out). Stability and
// board_solve have no gosimd variant: the bottom calls pure-Go variants
// directly (the stability cutoff and finished games are rare).

// goSIMDBuilt: this build has the gosimd bottoms.
const goSIMDBuilt = true

// goSIMDShallow is the gosimd bottoms' entry from shallow: the one the
// selection names.
func (s *search) goSIMDShallow(P, O uint64, alpha int, list uint64, parity uint8, n int) int {
	var v int
	if s.k.goSIMDFlip512 {
		v = s.simdShallowAVX512(P, O, alpha, list, parity, n)
	} else {
		v = s.simdShallowAVX2(P, O, alpha, list, parity, n)
	}
	archsimd.ClearAVXUpperBits()
	return v
}
