package kernels

import "math/bits"

// PopcountSum returns the total number of set bits in a slice of
// bitboards: the batch form in which a vector popcount can pay.
func PopcountSum(in []uint64) int {
	n := 0
	for _, v := range in {
		n += bits.OnesCount64(v)
	}
	return n
}
