package arm64asm

import "fmt"

// The eight directions as (file, rank) steps: the first four walk to
// higher squares (the outflank is the lowest bit of a ray), the last four
// to lower ones (the highest bit).
var rayDirs = [8][2]int{{1, 0}, {-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {1, -1}, {0, -1}, {-1, -1}}

// RaysTable and SVERaysTable name the tables of Rays and SVERays, which
// flip's file holds and count_last_flip's and score_1's read (Shared).
const (
	RaysTable    = "arm64Rays"
	SVERaysTable = "arm64SVERays"
)

// Rays is the table of the bitscan forms: for square x and direction d,
// word 8*x+d is every square from x (not x) to the edge.
func Rays() []uint64 {
	out := make([]uint64, 64*8)
	for x := 0; x < 64; x++ {
		for d, s := range rayDirs {
			f, r := x%8+s[0], x/8+s[1]
			for f >= 0 && f < 8 && r >= 0 && r < 8 {
				out[8*x+d] |= 1 << (8*r + f)
				f, r = f+s[0], r+s[1]
			}
		}
	}
	return out
}

// FlipBitscan emits Edax's flip_bitscan: per direction, the squares of
// the ray from x that are not O; the first of them (the lowest bit
// upward, found by NEG and AND; the highest downward, by CLZ) is the
// outflank; the ray's squares before it flip if it is P's. R0 = P, R1 =
// O, R7 = x, table the symbol of a table of Rays; the result in R10. It
// uses R3-R6, R8, R9, R11.
func (f *Func) FlipBitscan(table string) {
	f.I("MOVD", "$"+table+"(SB)", "R9")
	f.I("ADD", "R7<<6", "R9", "R9")
	f.I("MOVD", "ZR", "R10")
	f.I("MOVD", "$0x8000000000000000", "R11")
	for d := 0; d < 8; d++ {
		f.I("MOVD", fmt.Sprintf("%d(R9)", 8*d), "R3")
		f.I("BIC", "R1", "R3", "R4") // the ray's squares that are not O
		if d < 4 {
			f.I("NEG", "R4", "R5")
			f.I("AND", "R4", "R5", "R5") // outflank: the lowest
			f.I("SUB", "$1", "R5", "R6")
		} else {
			f.I("CLZ", "R4", "R5")
			f.I("LSR", "R5", "R11", "R5")
			f.I("AND", "R4", "R5", "R5") // outflank: the highest, 0 if none
			f.I("LSL", "$1", "R5", "R6")
			f.I("NEG", "R6", "R6")
		}
		f.I("AND", "R3", "R6", "R6") // the squares between x and it
		f.I("TST", "R5", "R0")
		f.I("CSEL", "NE", "R6", "ZR", "R6")
		f.I("ORR", "R6", "R10", "R10")
	}
}
