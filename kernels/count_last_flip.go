package kernels

import "math/bits"

// CountLastFlip returns twice the number of discs P flips by playing on x
// when x is the last empty square, i.e. O = ^P &^ x. Twice, as Edax's
// last_flip does, because that is what the score changes by.
func CountLastFlip(P uint64, x int) int {
	O := ^P &^ Bit(x)
	return 2 * bits.OnesCount64(Flip(P, O, x))
}
