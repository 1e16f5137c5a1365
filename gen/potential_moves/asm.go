// Command potential_moves generates potential_moves' amd64 variant:
// Edax's get_potential_moves with the four directions in one YMM.
package main

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

func main() {
	asmgen.Setup()
	potentialMovesAVX2()
	asmgen.Generate()
}

// potentialMovesAVX2 is Edax's get_potential_moves with the four
// directions in one YMM: O's discs that have a square on both sides in a
// direction (the moves' inner masks), shifted both ways by its step.
func potentialMovesAVX2() {
	asmgen.Register("potentialMovesAVX2", asmgen.Variant{Kernel: "PotentialMoves", Name: "avx2", Rank: 20,
		Note: "AVX2: the four directions in one YMM, VPSLLVQ/VPSRLVQ both ways, OR-reduced"})
	asmgen.Func("potentialMovesAVX2", "func(P, O uint64) uint64")
	Doc("potentialMovesAVX2 returns P's potential moves: the four directions' inner O discs in one YMM, shifted both ways.")
	P, O := asmgen.LoadBoard()
	t, l, r := YMM(), YMM(), YMM()
	VPAND(asmgen.GoTable("dirInner"), flipasm.BroadcastAVX2(O), t)
	VMOVDQU(asmgen.GoTable("dirSteps"), l)
	VPSRLVQ(l, t, r)
	VPSLLVQ(l, t, l)
	VPOR(r, l, l)
	m := flipasm.ReduceAVX2(l)
	ORQ(P, O)
	NOTQ(O)
	ANDQ(O, m)
	Store(m, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
