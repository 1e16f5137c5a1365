package solver

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Test copies of the pure-Go kernels the solver calls most (the
// registry's bitscan flip, Kogge-Stone moves and parity-table
// move_evaluate, and a table CRC-32C): registered as "solvertest"
// variants so that a normal test build calls them through the bound
// functions, and called directly by kcall_direct.go under the
// solverdirect tag. The two builds run the same code; the difference in
// solve time is the cost of the indirection.

var maskUp, maskDown [64][4]uint64

var crcTable [8][256]uint32

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
	for i := 0; i < 256; i++ {
		c := uint32(i)
		for k := 0; k < 8; k++ {
			if c&1 != 0 {
				c = c>>1 ^ kernels.CRC32CPoly
			} else {
				c >>= 1
			}
		}
		crcTable[0][i] = c
	}
	for t := 1; t < 8; t++ {
		for i := 0; i < 256; i++ {
			c := crcTable[t-1][i]
			crcTable[t][i] = c>>8 ^ crcTable[0][c&0xff]
		}
	}
	variants.Flip.Register(variants.Info{Name: testVariant, Note: "test copy of bitscan"}, copyFlip)
	variants.Moves.Register(variants.Info{Name: testVariant, Note: "test copy of kogge-stone"}, copyMoves)
	variants.MoveEvaluate.Register(variants.Info{Name: testVariant, Note: "test copy of parity-table"}, copyMoveEvaluate)
}

func copyFlip(P, O uint64, x int) uint64 {
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

func copyCLF(P uint64, x int) int {
	return 2 * bits.OnesCount64(copyFlip(P, ^P&^(uint64(1)<<uint(x)), x))
}

func copyMoves(P, O uint64) uint64 {
	mO := O & 0x7e7e7e7e7e7e7e7e
	m := movesDir(P, mO, 1) | movesDir(P, O, 8) | movesDir(P, mO, 7) | movesDir(P, mO, 9)
	return m &^ (P | O)
}

func movesDir(P, O uint64, d uint) uint64 {
	fl := O & (P << d)
	fr := O & (P >> d)
	fl |= O & (fl << d)
	fr |= O & (fr >> d)
	pl := O & (O << d)
	pr := pl >> d
	fl |= pl & (fl << (2 * d))
	fr |= pr & (fr >> (2 * d))
	fl |= pl & (fl << (2 * d))
	fr |= pr & (fr >> (2 * d))
	return fl<<d | fr>>d
}

// crc64 is the SSE4.2 CRC32 r64 instruction's function, slicing by 8.
func crc64(c uint32, d uint64) uint32 {
	d ^= uint64(c)
	return crcTable[7][d&0xff] ^ crcTable[6][d>>8&0xff] ^ crcTable[5][d>>16&0xff] ^ crcTable[4][d>>24&0xff] ^
		crcTable[3][d>>32&0xff] ^ crcTable[2][d>>40&0xff] ^ crcTable[1][d>>48&0xff] ^ crcTable[0][d>>56]
}

func hashCRC(P, O uint64) uint64 {
	c := crc64(0, P)
	return uint64(c)<<32 | uint64(crc64(c, O))
}

var parityWeightCopy = func() (t [65]int) {
	for n := range t {
		switch {
		case n < 12:
			t[n] = kernels.WLowParity
		case n < 21:
			t[n] = kernels.WMidParity
		case n < 30:
			t[n] = kernels.WHighParity
		}
	}
	return
}()

func copyMoveEvaluate(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if flipped == b.O {
		return kernels.WWipeout
	}
	if x == h0 {
		return kernels.WFirstMove
	}
	if x == h1 {
		return kernels.WSecondMove
	}
	score := kernels.SquareValue[x]
	if parity&kernels.QuadrantID[x] != 0 {
		score += parityWeightCopy[nEmpties&63]
	}
	np, no := b.O&^flipped, b.P|flipped|uint64(1)<<uint(x)
	h := no & 0x7e7e7e7e7e7e7e7e
	v := no & 0x00ffffffffffff00
	d := no & 0x007e7e7e7e7e7e00
	pm := (h<<1 | h>>1 | v<<8 | v>>8 | d<<7 | d>>7 | d<<9 | d>>9) &^ (np | no)
	score += (36 - kernels.WeightedCount(pm)) * kernels.WPotentialMobility
	c := no & 0x8100000000000081
	nb := (c&0x0000000000000001)<<1 | (c&0x0000000000000001)<<8 |
		(c&0x0000000000000080)>>1 | (c&0x0000000000000080)<<8 |
		(c&0x0100000000000000)<<1 | (c&0x0100000000000000)>>8 |
		(c&0x8000000000000000)>>1 | (c&0x8000000000000000)>>8
	score += bits.OnesCount64(c|nb&no) * kernels.WCornerStability
	score += (36 - kernels.WeightedCount(copyMoves(np, no))) * kernels.WMobility
	return score
}
