package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// StabilityCount is the number of P's stable discs (Edax-AVX board.c,
// get_stability): what the stability cutoff bounds the score with, after
// stable_edge_count.
var StabilityCount = newKernel[CountFunc, NoBatch]("stability_count", "number of P's stable discs", kernels.StabilityCount)

func init() {
	StabilityCount.RegisterComposed(Info{Name: SolverName, Rank: 20,
		Note: "the solver's own: the popcount of the selection's stability"}, Composition{})
	StabilityCount.Register(Info{Name: "go", Rank: 10, Note: "Go: popcount of stability go"}, StabilityCountGo)
}

// StabilityCountGo is the popcount of StabilityGo.
func StabilityCountGo(P, O uint64) int { return bits.OnesCount64(StabilityGo(P, O)) }
