package variants

import "github.com/flipbench/flipbench/kernels"

// eval_sum's tables for its gathers (assembly), built from
// kernels.FeatureOffset at init; the assembly reads them as ·name(SB).

var (
	// evalGatherOffset is FeatureOffset as 48 int32 (pads 0), added to
	// the zero-extended indexes before a gather.
	evalGatherOffset [48]int32
	// evalGatherMax is each feature's largest index (3^n - 1, pads 0):
	// the gathers clamp to it, so no index can leave its table.
	evalGatherMax [48]int32
	// evalBiasIndex is the bias's index in a ply's table: the batch
	// forms of the gather sums add it themselves.
	evalBiasIndex int64 = kernels.WeightBias
)

func init() {
	for i, sq := range kernels.FeatureSquares {
		evalGatherOffset[i] = int32(kernels.FeatureOffset[i])
		evalGatherMax[i] = int32(kernels.Pow3[len(sq)] - 1)
	}
}
