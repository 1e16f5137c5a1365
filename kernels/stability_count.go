package kernels

import "math/bits"

// StabilityCount is the number of P's stable discs (Stability's), what
// Edax's get_stability returns: the stability cutoff's bound.
func StabilityCount(P, O uint64) int { return bits.OnesCount64(Stability(P, O)) }
