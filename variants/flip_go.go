package variants

import "math/bits"

// Masks of the squares reachable from x in each direction, nearest first
// in bit order for the "up" directions.
var (
	maskUp   [64][4]uint64 // toward higher squares: E, N, NE, NW
	maskDown [64][4]uint64 // toward lower squares: W, S, SW, SE
)

func init() {
	up := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}
	for x := 0; x < 64; x++ {
		for d, s := range up {
			for _, sign := range []int{1, -1} {
				f, r := x%8+sign*s[0], x/8+sign*s[1]
				var m uint64
				for f >= 0 && f < 8 && r >= 0 && r < 8 {
					m |= 1 << uint(r*8+f)
					f, r = f+sign*s[0], r+sign*s[1]
				}
				if sign == 1 {
					maskUp[x][d] = m
				} else {
					maskDown[x][d] = m
				}
			}
		}
	}
	Flip.Register(Info{Name: "bitscan", Rank: 10, Note: "Go, math/bits: first non-O square per ray by TZCNT/LZCNT"}, flipBitscan)
	Flip.Register(Info{Name: "fill", Rank: 5, Note: "Go, 6-step shift fill per direction (dumb7fill)"}, flipFill)
}

// flipBitscan finds, on each ray from x, the first square that is not O
// (trailing zeros upward, leading zeros downward); if it is P, the O
// discs before it flip.
func flipBitscan(P, O uint64, x int) uint64 {
	var f uint64
	for d := 0; d < 4; d++ {
		m := maskUp[x][d]
		if stop := (^O) & m; stop != 0 {
			first := stop & -stop
			if first&P != 0 {
				f |= (first - 1) & m
			}
		}
		m = maskDown[x][d]
		if stop := (^O) & m; stop != 0 {
			first := uint64(1) << uint(63-bits.LeadingZeros64(stop))
			if first&P != 0 {
				f |= m &^ (first<<1 - 1)
			}
		}
	}
	return f
}

// flipFill extends a run of O from x six times per direction and keeps it
// if the next square is P.
func flipFill(P, O uint64, x int) uint64 {
	m := uint64(1) << uint(x)
	mO := O & 0x7e7e7e7e7e7e7e7e
	return fillUp(P, mO, m, 1) | fillDown(P, mO, m, 1) |
		fillUp(P, O, m, 8) | fillDown(P, O, m, 8) |
		fillUp(P, mO, m, 7) | fillDown(P, mO, m, 7) |
		fillUp(P, mO, m, 9) | fillDown(P, mO, m, 9)
}

func fillUp(P, O, m uint64, d uint) uint64 {
	f := O & (m << d)
	f |= O & (f << d)
	f |= O & (f << d)
	f |= O & (f << d)
	f |= O & (f << d)
	f |= O & (f << d)
	if P&(f<<d) != 0 {
		return f
	}
	return 0
}

func fillDown(P, O, m uint64, d uint) uint64 {
	f := O & (m >> d)
	f |= O & (f >> d)
	f |= O & (f >> d)
	f |= O & (f >> d)
	f |= O & (f >> d)
	f |= O & (f >> d)
	if P&(f>>d) != 0 {
		return f
	}
	return 0
}
