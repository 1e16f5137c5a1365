package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"math/bits"
)

// CountLastFlipFunc returns twice the discs P flips on x, the last empty
// square (O = ^P &^ x), as Edax's last_flip does.
type CountLastFlipFunc func(P uint64, x int) int

// CountLastFlip is the flip count of the last move of a game.
var CountLastFlip = newKernel[CountLastFlipFunc, CountLastFlipBatchFunc]("count_last_flip", "2 x discs P flips on x when x is the last empty square (O = ^P &^ x)", kernels.CountLastFlip)

// Pure-Go count_last_flip variants. All count the discs P flips on the
// last empty square x of a full board (O = ^P &^ x), doubled as Edax does.

// kindergarten ranks among the assembly forms: it pays only Go's call,
// where they pay an ABI0 call (stack arguments through a wrapper), which
// makes up their lead per call (results/ has the figures).
func init() {
	CountLastFlip.Register(Info{Name: "table", Rank: 10,
		Note: "Go, Edax COUNT_FLIP on 4 line indexes gathered by shift-and-or folds"}, CountLastFlipTable)
	CountLastFlip.Register(Info{Name: "kindergarten", Rank: 35,
		Note: "Go, COUNT_FLIP on 4 line indexes gathered by kindergarten multiplies"}, CountLastFlipKindergarten)
	CountLastFlip.Register(Info{Name: "carry", Rank: 8,
		Note: "Go, up-rays by carry propagation through O, down-rays by LZCNT; one popcount"}, CountLastFlipCarry)
	CountLastFlip.Register(Info{Name: "bitscan", Rank: 9,
		Note: "Go, first P per ray by TZCNT/LZCNT: distance - 1 discs flip"}, CountLastFlipBitscan)
}

// CountLastFlipTable folds each line's bytes (or a file's bits) into one
// byte: no multiply.
func CountLastFlipTable(P uint64, x int) int {
	c, y := uint(x&7), uint(x>>3)
	cf := &lfCountFlip
	n := int(cf[c*256+uint(P>>(y*8))&0xff])
	v := (P >> c) & 0x0101010101010101 // row r at bit 8r: fold to bit r
	v |= v >> 7
	v |= v >> 14
	v |= v >> 28
	n += int(cf[y*256+uint(v&0xff)])
	l := &lfLine[x&63]
	d := P & l[2] // one square per file: OR the bytes together
	d |= d >> 32
	d |= d >> 16
	d |= d >> 8
	n += int(cf[c*256+uint(d&0xff)])
	a := P & l[3]
	a |= a >> 32
	a |= a >> 16
	a |= a >> 8
	return n + int(cf[c*256+uint(a&0xff)])
}

// CountLastFlipKindergarten gathers each line with one multiply: a
// diagonal's bytes sum into the top byte (one square per file), a file's
// bits land there in row order.
func CountLastFlipKindergarten(P uint64, x int) int {
	c, y := uint(x&7), uint(x>>3)
	cf := &lfCountFlip
	l := &lfLine[x&63]
	n := int(cf[c*256+uint(P>>(y*8))&0xff])
	n += int(cf[y*256+uint(((P>>c)&0x0101010101010101)*0x0102040810204080>>56)])
	n += int(cf[c*256+uint((P&l[2])*0x0101010101010101>>56)])
	return n + int(cf[c*256+uint((P&l[3])*0x0101010101010101>>56)])
}

// CountLastFlipCarry: on an up-ray, adding its first square to O (with
// every square off the ray set) carries through the run of O and stops
// on the first P; down-rays take the highest P by LZCNT. The flipped
// sets are disjoint, so one popcount counts them all.
func CountLastFlipCarry(P uint64, x int) int {
	r, nb := &lfRay[x&63], &lfNb[x&63]
	var f uint64
	for d := 0; d < 4; d++ {
		m, l := r[d], nb[d]
		if out := ((^P | ^m) + l) & P & m; out != 0 {
			f |= (out - l) & m
		}
	}
	for d := 4; d < 8; d++ {
		m := r[d]
		if s := P & m; s != 0 {
			hb := uint64(1) << uint(63-bits.LeadingZeros64(s))
			f |= m &^ (hb | (hb - 1))
		}
	}
	return 2 * bits.OnesCount64(f)
}

// CountLastFlipBitscan: with no empty square but x, the discs before the
// first P of a ray are O's, so a ray flips (distance to that P) - 1.
func CountLastFlipBitscan(P uint64, x int) int {
	r := &lfRay[x&63]
	n := 0
	up := func(m uint64, step int) {
		if s := P & m; s != 0 {
			n += (bits.TrailingZeros64(s)-x)/step - 1
		}
	}
	down := func(m uint64, step int) {
		if s := P & m; s != 0 {
			n += (x-63+bits.LeadingZeros64(s))/step - 1
		}
	}
	up(r[0], 1)
	up(r[1], 8)
	up(r[2], 9)
	up(r[3], 7)
	down(r[4], 1)
	down(r[5], 8)
	down(r[6], 9)
	down(r[7], 7)
	return 2 * n
}
