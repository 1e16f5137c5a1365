//go:build !(goexperiment.simd && amd64)

package solver

// Without GOEXPERIMENT=simd (or off amd64) there is no gosimd bottom:
// variants registers none.

const goSIMDBuilt = false

func (s *search) goSIMDShallow(P, O uint64, alpha int, list uint64, parity uint8, n int) int {
	panic("solver: no gosimd bottom in this build")
}
