// Command solve_2 generates solve_2's amd64 variants: the whole leaf
// search from 2 empties in one function per flip and score_1 pair
// (gen/internal/leaf).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/leaf"
)

func main() {
	asmgen.Setup()
	leaf.SolveFuncs(2)
	asmgen.Generate()
}
