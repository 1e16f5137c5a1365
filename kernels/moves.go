package kernels

// Moves returns the legal moves of P: every empty square where Flip is not
// empty.
func Moves(P, O uint64) uint64 {
	var m uint64
	for x := 0; x < 64; x++ {
		if (P|O)&Bit(x) == 0 && Flip(P, O, x) != 0 {
			m |= Bit(x)
		}
	}
	return m
}
