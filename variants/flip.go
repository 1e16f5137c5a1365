package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"math/bits"
)

// FlipFunc returns the discs of O flipped when P plays on the empty square x.
type FlipFunc func(P, O uint64, x int) uint64

// Flip is the kernel every move of the search goes through.
var Flip = newKernel[FlipFunc, FlipBatchFunc]("flip", "discs of O flipped when P plays on the empty square x (0 if illegal)", kernels.Flip)

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
	Flip.Register(Info{Name: "bitscan", Rank: 10, Note: "Go, math/bits: first non-O square per ray by TZCNT/LZCNT"}, FlipBitscan)
	Flip.Register(Info{Name: "fill", Rank: 5, Note: "Go, 6-step shift fill per direction (dumb7fill)"}, FlipFill)
}

// FlipBitscan finds, on each ray from x, the first square that is not O
// (trailing zeros upward, leading zeros downward); if it is P, the O
// discs before it flip.
func FlipBitscan(P, O uint64, x int) uint64 {
	var f uint64
	for d := 0; d < 4; d++ {
		m := maskUp[x][d]
		if stop := (^O) & m; stop != 0 {
			first := stop & -stop
			if first&P != 0 {
				f |= (first - 1) & m
			}
		}
		f |= flipDown(P, O, maskDown[x][d])
	}
	return f
}

// flipDown is the flip on the downward ray m: its first non-O square is
// the highest (LZCNT), and the O discs above it flip if it is P.
func flipDown(P, O, m uint64) uint64 {
	if stop := (^O) & m; stop != 0 {
		first := uint64(1) << uint(63-bits.LeadingZeros64(stop))
		if first&P != 0 {
			return m &^ (first<<1 - 1)
		}
	}
	return 0
}

// FlipFill extends a run of O from x six times per direction and keeps it
// if the next square is P.
func FlipFill(P, O uint64, x int) uint64 {
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

// Two more pure-Go flips from Edax's family of flip_*.c files:
//
//   - carry: on the four upward rays the first non-O square is found by an
//     addition (the carry runs through the O discs and stops on it), on the
//     four downward rays by LZCNT as in bitscan.
//   - kindergarten: each of the four lines through x is gathered into an
//     8-bit index by a multiply, two small tables give the outflanking disc
//     and the flipped discs of that line, and a multiply scatters them back.

func init() {
	Flip.Register(Info{Name: "carry", Rank: 9, Note: "Go: carry propagation upward, LZCNT downward (Edax flip_carry_64)"}, FlipCarry)
	Flip.Register(Info{Name: "kindergarten", Rank: 4, Note: "Go: multiply-gathered 8-bit lines and outflank/flipped tables (Edax flip_kindergarten)"}, FlipKindergarten)
}

func FlipCarry(P, O uint64, x int) uint64 {
	var f uint64
	for d := 0; d < 4; d++ {
		// (O | ^m) + bit x: bits 0..x and everything off the ray are ones,
		// so the carry enters the ray and stops on its first non-O square.
		m := maskUp[x][d]
		out := ((O | ^m) + uint64(1)<<uint(x)) & m & P
		if out != 0 {
			f |= (out - 1) & m
		}
		f |= flipDown(P, O, maskDown[x][d])
	}
	return f
}

// Line tables of the kindergarten flip, indexed by the position of x on an
// 8-square line.
var (
	// kgOutflank[pos][inner 6 bits of O] = the squares that end a run of O
	// next to pos on either side (at most one per side).
	kgOutflank [8][64]uint8
	// kgFlipped[pos][outflank] = the squares strictly between pos and the
	// outflanking squares.
	kgFlipped [8][256]uint8
	// The diagonal (file - rank constant) and anti-diagonal masks through x.
	kgDiag, kgAnti [64]uint64
)

const (
	fileA      = 0x0101010101010101
	colGather  = 0x0102040810204080 // file bits at 8r -> bit 56+r
	colScatter = 0x0002040810204081 // bit r -> bit 8r (bits 1..6 only: no carries)
)

func init() {
	for pos := 0; pos < 8; pos++ {
		for inner := 0; inner < 64; inner++ {
			o := uint(inner) << 1
			var out uint8
			for _, step := range []int{1, -1} {
				y := pos + step
				for y >= 0 && y < 8 && o>>uint(y)&1 != 0 {
					y += step
				}
				if y != pos+step && y >= 0 && y < 8 {
					out |= 1 << uint(y)
				}
			}
			kgOutflank[pos][inner] = out
		}
		for out := 0; out < 256; out++ {
			var f uint8
			for y := 0; y < 8; y++ {
				if out>>uint(y)&1 == 0 {
					continue
				}
				lo, hi := min(pos, y), max(pos, y)
				for z := lo + 1; z < hi; z++ {
					f |= 1 << uint(z)
				}
			}
			kgFlipped[pos][out] = f
		}
	}
	for x := 0; x < 64; x++ {
		for y := 0; y < 64; y++ {
			if y%8-y/8 == x%8-x/8 {
				kgDiag[x] |= 1 << uint(y)
			}
			if y%8+y/8 == x%8+x/8 {
				kgAnti[x] |= 1 << uint(y)
			}
		}
	}
}

// kgLine returns the discs flipped on one line, given P and O gathered into
// 8-bit lines and x's position on it.
func kgLine(p8, o8 uint64, pos int) uint64 {
	out := uint64(kgOutflank[pos][o8>>1&63]) & p8
	return uint64(kgFlipped[pos][out])
}

func FlipKindergarten(P, O uint64, x int) uint64 {
	file, rank := x&7, x>>3
	// Row: a shift.
	f := kgLine(P>>uint(rank*8)&0xff, O>>uint(rank*8)&0xff, file) << uint(rank*8)
	// Column: gather file bits by a multiply, indexed by rank.
	p8 := (P >> uint(file) & fileA) * colGather >> 56
	o8 := (O >> uint(file) & fileA) * colGather >> 56
	f |= (kgLine(p8, o8, rank) * colScatter & fileA) << uint(file)
	// Diagonals: one square per file, so a multiply by fileA collects them
	// by file in the top byte, and the same multiply spreads them back.
	m := kgDiag[x]
	f |= kgLine((P&m)*fileA>>56, (O&m)*fileA>>56, file) * fileA & m
	m = kgAnti[x]
	f |= kgLine((P&m)*fileA>>56, (O&m)*fileA>>56, file) * fileA & m
	return f
}
