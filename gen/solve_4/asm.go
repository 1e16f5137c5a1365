// Command solve_4 generates solve_4's amd64 variants: the whole leaf
// search from 4 empties in one function per flip and score_1 pair
// (gen/internal/leaf).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/leaf"
)

func main() {
	asmgen.Setup()
	leaf.SolveFuncs(4)
	asmgen.Generate()
}
