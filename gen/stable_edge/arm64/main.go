// Command arm64 generates stable_edge's arm64 variant: Edax-AVX's
// get_stable_edge, files gathered and scattered by multiplication.
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("stable_edge/arm64")
	f := g.Func("stableEdgeMUL", "func(P, O uint64) uint64",
		"stableEdgeMUL is get_stable_edge: four table lookups, the files gathered by MUL and their six inner bits scattered back by MUL.").
		Register(Variant{Kernel: "StableEdge", Name: "arm64-mul", Rank: 4, Note: "arm64: MUL gathers, four edgeStab lookups, MUL scatter of A2-A7 and H2-H7 (Edax-AVX get_stable_edge)"})
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.EdgeLookups()
	f.I("ORR", "R11<<56", "R10", "R10")
	for _, file := range []struct {
		src       string
		mul, keep uint64
	}{{"R12", 0x0000040810204080, 0x0001010101010100}, {"R13", 0x0002040810204000, 0x0080808080808000}} {
		f.I("AND", "$0x7e", file.src, "R2")
		f.I("MOVD", Imm(file.mul), "R3")
		f.I("MUL", "R3", "R2", "R2")
		f.I("MOVD", Imm(file.keep), "R3")
		f.I("AND", "R3", "R2", "R2")
		f.I("ORR", "R2", "R10", "R10")
	}
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
	g.Generate()
}
