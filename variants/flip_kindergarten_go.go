package variants

import "math/bits"

// Two more pure-Go flips from Edax's family of flip_*.c files:
//
//   - carry: on the four upward rays the first non-O square is found by an
//     addition (the carry runs through the O discs and stops on it), on the
//     four downward rays by LZCNT as in bitscan.
//   - kindergarten: each of the four lines through x is gathered into an
//     8-bit index by a multiply, two small tables give the outflanking disc
//     and the flipped discs of that line, and a multiply scatters them back.

func init() {
	Flip.Register(Info{Name: "carry", Rank: 9, Note: "Go: carry propagation upward, LZCNT downward (Edax flip_carry_64)"}, flipCarry)
	Flip.Register(Info{Name: "kindergarten", Rank: 4, Note: "Go: multiply-gathered 8-bit lines and outflank/flipped tables (Edax flip_kindergarten)"}, flipKindergarten)
}

func flipCarry(P, O uint64, x int) uint64 {
	var f uint64
	for d := 0; d < 4; d++ {
		// (O | ^m) + bit x: bits 0..x and everything off the ray are ones,
		// so the carry enters the ray and stops on its first non-O square.
		m := maskUp[x][d]
		out := ((O | ^m) + uint64(1)<<uint(x)) & m & P
		if out != 0 {
			f |= (out - 1) & m
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

func flipKindergarten(P, O uint64, x int) uint64 {
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
