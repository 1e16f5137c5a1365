package kernels

// EvalFeatures computes the 46 feature indexes of b from scratch, square
// by square: digit 0 for P, 1 for O, 2 for an empty square.
func EvalFeatures(b Board) Features {
	var f Features
	for i, sq := range FeatureSquares {
		v := 0
		for _, x := range sq {
			d := 2
			if b.P&Bit(x) != 0 {
				d = 0
			} else if b.O&Bit(x) != 0 {
				d = 1
			}
			v = v*3 + d
		}
		f[i] = uint16(v)
	}
	return f
}
