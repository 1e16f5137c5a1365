package kernels

import "math/bits"

// CountStableEdge is the count-only form: popcount of StableEdge.
func CountStableEdge(P, O uint64) int { return bits.OnesCount64(StableEdge(P, O)) }
