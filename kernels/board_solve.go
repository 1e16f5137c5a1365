package kernels

import "math/bits"

// BoardSolve returns the final score of a finished game (neither side can
// move) with n empty squares: empties go to the winner, none on a draw.
func BoardSolve(P uint64, n int) int {
	p := bits.OnesCount64(P)
	o := 64 - n - p
	switch {
	case p > o:
		return p - o + n
	case p < o:
		return p - o - n
	}
	return 0
}
