//go:build !(goexperiment.simd && amd64)

package solver

import (
	"fmt"
	"runtime"

	"github.com/flipbench/flipbench/variants"
)

// Without GOEXPERIMENT=simd (or off amd64) there is no archsimd bottom.

const goSIMDBuilt = false

func goSIMDBottom(variants.CPUInfo) (bool, error) {
	if runtime.GOARCH != "amd64" {
		return false, fmt.Errorf("the archsimd bottom is amd64 only (this build is %s)", runtime.GOARCH)
	}
	return false, fmt.Errorf("the archsimd bottom is not in this build: build with GOEXPERIMENT=simd (e.g. GOEXPERIMENT=simd go build ./cmd/flipbench)")
}

func (s *search) goSIMDShallow(P, O uint64, alpha int, list uint64, parity uint8, n int) int {
	panic("solver: no archsimd bottom in this build")
}
