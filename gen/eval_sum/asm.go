// Command eval_sum generates eval_sum's amd64 variants: the weight sum
// by AVX2 and AVX-512 gathers over three weight layouts, each with its
// batch form (gen/internal/eval).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/eval"
)

func main() {
	asmgen.Setup()
	eval.EvalSumFuncs()
	asmgen.Generate()
}
