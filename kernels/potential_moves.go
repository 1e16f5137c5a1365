package kernels

// PotentialMoves returns the empty squares next to an O disc along a line
// through which that disc could be flipped (Edax's get_potential_moves):
// a disc counts in a direction only if it has a square on both sides.
func PotentialMoves(P, O uint64) uint64 {
	var m uint64
	for x := 0; x < 64; x++ {
		if O&Bit(x) == 0 {
			continue
		}
		for _, d := range directions {
			fa, ra := x%8+d[0], x/8+d[1]
			fb, rb := x%8-d[0], x/8-d[1]
			if onBoard(fa, ra) && onBoard(fb, rb) {
				m |= Bit(ra*8 + fa)
			}
		}
	}
	return m &^ (P | O)
}
