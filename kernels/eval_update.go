package kernels

// EvalUpdate returns the features after a move on x that flips flipped.
// mover is the digit (0 or 1) of the side that moves: x goes from empty
// (2) to mover, and the flipped discs from 1-mover to mover. Features keep
// their digits' meaning, so after a move by digit 0, digit 0 is the side
// that just moved (Edax alternates the weight tables by ply instead).
func EvalUpdate(f Features, x int, flipped uint64, mover int) Features {
	for i, sq := range FeatureSquares {
		for j, y := range sq {
			w := Pow3[len(sq)-1-j]
			switch {
			case y == x:
				f[i] -= uint16((2 - mover) * w)
			case flipped&Bit(y) != 0 && mover == 0:
				f[i] -= uint16(w)
			case flipped&Bit(y) != 0:
				f[i] += uint16(w)
			}
		}
	}
	return f
}
