// Command eval_features generates eval_features' amd64 variants: the
// features from scratch by PEXT and by PSHUFB (gen/internal/eval).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/eval"
)

func main() {
	asmgen.Setup()
	eval.EvalFeaturesFuncs()
	asmgen.Generate()
}
