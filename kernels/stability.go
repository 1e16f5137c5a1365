package kernels

// lineFull reports whether every square from x stepping (df, dr) both ways
// to the edge of the board is occupied.
func lineFull(disc uint64, x, df, dr int) bool {
	for _, s := range [2]int{1, -1} {
		f, r := x%8+s*df, x/8+s*dr
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			if disc&Bit(r*8+f) == 0 {
				return false
			}
			f, r = f+s*df, r+s*dr
		}
	}
	return true
}

// Stability returns the stable discs of P that Edax's get_stability finds:
// the stable edge discs, central discs whose four lines are full, and then,
// repeatedly, central discs that in each of the four directions lie on a
// full line or touch a stable disc of P.
func Stability(P, O uint64) uint64 {
	disc := P | O
	var full [4]uint64 // horizontal, vertical, diagonal a1-h8, diagonal h1-a8
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for x := 0; x < 64; x++ {
		for d, dd := range dirs {
			if disc&Bit(x) != 0 && lineFull(disc, x, dd[0], dd[1]) {
				full[d] |= Bit(x)
			}
		}
	}
	central := func(x int) bool { f, r := x%8, x/8; return f > 0 && f < 7 && r > 0 && r < 7 }
	stable := StableEdge(P, O)
	for x := 0; x < 64; x++ {
		if P&Bit(x) != 0 && central(x) && full[0]&full[1]&full[2]&full[3]&Bit(x) != 0 {
			stable |= Bit(x)
		}
	}
	for changed := true; changed; {
		changed = false
		for x := 0; x < 64; x++ {
			if P&Bit(x) == 0 || !central(x) || stable&Bit(x) != 0 {
				continue
			}
			ok := true
			for d, dd := range dirs {
				a, b := x+dd[0]+8*dd[1], x-dd[0]-8*dd[1]
				if full[d]&Bit(x) == 0 && stable&Bit(a) == 0 && stable&Bit(b) == 0 {
					ok = false
					break
				}
			}
			if ok {
				stable |= Bit(x)
				changed = true
			}
		}
	}
	return stable
}
