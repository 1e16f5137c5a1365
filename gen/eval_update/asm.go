// Command eval_update generates eval_update's amd64 variants: the
// feature update in AVX2 and AVX-512 rows of 3 x 16 lanes
// (gen/internal/eval).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/eval"
)

func main() {
	asmgen.Setup()
	eval.EvalUpdateFuncs()
	asmgen.Generate()
}
