// Command arm64 generates stable_edge_count's arm64 variant: Edax's
// get_edge_stability, the four answers side by side and counted once.
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("stable_edge_count/arm64")
	f := g.Func("stableEdgeCountMUL", "func(P, O uint64) int",
		"stableEdgeCountMUL is get_edge_stability: four lookups packed in 32 bits, the corners counted from the ranks, one CNT.", "ASIMD").
		Register(Variant{Kernel: "StableEdgeCount", Name: "arm64-mul-cnt", Rank: 4, Note: "arm64: MUL gathers, four edgeStab bytes in 32 bits, CNT (Edax get_edge_stability)"})
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.EdgeLookups()
	f.I("ORR", "R11<<8", "R10", "R10")
	f.I("ORR", "R12<<16", "R10", "R10")
	f.I("ORR", "R13<<24", "R10", "R10")
	f.I("MOVD", "$0x7e7effff", "R2")
	f.I("AND", "R2", "R10", "R10")
	f.CountGP(10, 10)
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
	g.Generate()
}
