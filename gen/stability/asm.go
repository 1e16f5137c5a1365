// Command stability generates stability's amd64 variants: Edax's
// get_stability with its full lines in AVX2, and as Edax-AVX computes it
// (the spread in one ymm) in AVX2 and AVX-512VL (gen/internal/stability).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/stability"
)

func main() {
	asmgen.Setup()
	stability.StabilityFuncs()
	asmgen.Generate()
}
