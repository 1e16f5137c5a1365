package kernels

// directions are the eight (file, rank) steps.
var directions = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}

// Flip returns the discs of O that P flips by playing on the empty square x:
// the reference walks each of the eight directions one square at a time.
// It returns 0 when x is not a legal move.
func Flip(P, O uint64, x int) uint64 {
	var flipped uint64
	f0, r0 := x%8, x/8
	for _, d := range directions {
		var line uint64
		f, r := f0+d[0], r0+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 && O&Bit(r*8+f) != 0 {
			line |= Bit(r*8 + f)
			f, r = f+d[0], r+d[1]
		}
		if f >= 0 && f < 8 && r >= 0 && r < 8 && P&Bit(r*8+f) != 0 {
			flipped |= line
		}
	}
	return flipped
}
