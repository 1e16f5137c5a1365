// Command arm64 generates eval_sum's arm64 variant. NEON has no gather:
// what replaces it is 46 scalar loads, each index clamped to its
// feature's table as the amd64 gathers clamp it, summed in two chains.
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("eval_sum/arm64")
	f := g.Func("evalSumLoads", "func(f *[48]uint16, t *int16) int",
		"evalSumLoads sums the 46 weights t[offset+index] of features f (the bias left to the caller): a load each, no gather on NEON.")
	f.I("MOVD", f.Arg("f"), "R0")
	f.I("MOVD", f.Arg("t"), "R1")
	f.I("MOVD", "$·evalGatherOffset(SB)", "R2")
	f.I("MOVD", "$·evalGatherMax(SB)", "R3")
	f.I("MOVD", "$23", "R4") // two features an iteration
	f.I("MOVD", "ZR", "R5")
	f.I("MOVD", "ZR", "R6")
	f.Label("loop")
	for _, acc := range []string{"R5", "R6"} {
		f.I("MOVHU.P", "2(R0)", "R7")
		f.I("MOVW.P", "4(R2)", "R8")
		f.I("MOVW.P", "4(R3)", "R9")
		f.I("CMP", "R9", "R7")
		f.I("CSEL", "HI", "R9", "R7", "R7") // an index past the table reads its last weight
		f.I("ADD", "R8", "R7", "R7")
		f.I("MOVH", "(R1)(R7<<1)", "R10")
		f.I("ADD", "R10", acc, acc)
	}
	f.I("SUBS", "$1", "R4", "R4")
	f.I("BNE", "loop")
	f.I("ADD", "R6", "R5", "R5")
	f.I("MOVD", "R5", f.Arg("ret"))
	f.I("RET")
	g.Go(`// evalSumArm64Loads is eval_sum on the plain layout with evalSumLoads,
// the bias added here.
func evalSumArm64Loads(f *kernels.Features, w *EvalWeights, ply int) int {
	t := w.Plain[clampPly(ply)]
	_ = t[kernels.NumWeights-1]
	return int(t[kernels.WeightBias]) + evalSumLoads((*[48]uint16)(f), &t[0])
}

func init() {
	EvalSum.Register(Info{Name: "arm64-loads", Rank: 3, Uses: []any{evalSumLoads},
		Note: "arm64, plain layout: NEON has no gather, so 46 clamped scalar loads (LDRSH) in two chains"}, evalSumArm64Loads)
	EvalSum.RegisterBatch("arm64-loads", EvalSumBatchFunc(func(w *EvalWeights, in []FeaturesPly, out []int) {
		out = out[:len(in)]
		for i := range in {
			out[i] = evalSumArm64Loads(&in[i].F, w, in[i].Ply)
		}
	}))
}`, "github.com/flipbench/flipbench/kernels")
	g.Generate()
}
