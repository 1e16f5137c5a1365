// Command solve_3 generates solve_3's amd64 variants: the whole leaf
// search from 3 empties in one function per flip and score_1 pair
// (gen/internal/leaf).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/leaf"
)

func main() {
	asmgen.Setup()
	leaf.SolveFuncs(3)
	asmgen.Generate()
}
