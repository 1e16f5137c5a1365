// Command stable_edge generates stable_edge's amd64 variants: Edax's
// edge-stability table read through SSE2 PMOVMSKB/PUNPCKLBW or BMI2
// PEXT/PDEP gathers (gen/internal/stability).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/stability"
)

func main() {
	asmgen.Setup()
	stability.StableEdgeFuncs()
	asmgen.Generate()
}
