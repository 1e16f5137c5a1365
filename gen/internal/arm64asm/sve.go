package arm64asm

import "math/bits"

// SVERays is Rays with the four downward rays bit-reversed: on the board
// turned half a turn (RBIT) they walk upward too, so that every SVE
// element finds its outflank as the lowest bit.
func SVERays() []uint64 {
	r := Rays()
	for x := 0; x < 64; x++ {
		for d := 4; d < 8; d++ {
			r[8*x+d] = bits.Reverse64(r[8*x+d])
		}
	}
	return r
}

// FlipSVE emits flip_bitscan with one ray per 64-bit SVE element, as
// many rays an iteration as the vector holds (all eight from 512 bits):
// the downward rays on the board turned half a turn, so the outflank is
// always the lowest bit (m & -m). R0 = P, R1 = O, R7 = x, table the symbol
// of a table of SVERays. Z24 gets the flipped discs (ORV reduces it), or
// with count per element their number (UADDV reduces it: below 512 bits
// an element holds rays of both orientations, whose bits would collide in
// an OR); P1 is all true. It uses R2, R3, R9-R11,
// Z0-Z8, Z20-Z24 and P0-P3.
func (f *Func) FlipSVE(table string, count bool) {
	f.I("MOVD", "$"+table+"(SB)", "R9")
	f.I("ADD", "R7<<6", "R9", "R9")
	f.SVEBoards()
	loop, done := f.Fresh("rays"), f.Fresh("raysdone")
	f.Label(loop)
	f.Enc(WHILELO(0, 10, 11))
	f.I("BEQ", done)
	f.Enc(LD1D(0, 0, 9, 10)) // the rays of this iteration
	f.Enc(INDEX(1, 10, 1))
	f.Enc(CMPHS(2, 0, 1, 4)) // P2: the downward rays
	f.Enc(SEL(2, 2, 22, 20)) // P per element
	f.Enc(SEL(3, 2, 23, 21)) // O per element
	f.Enc(BIC(4, 0, 3))      // the ray's squares that are not O
	f.Enc(NEG(5, 1, 4))
	f.Enc(AND(5, 5, 4)) // the outflank
	f.Enc(ORR(6, 5, 5))
	f.Enc(SUBI(6, 1))
	f.Enc(AND(6, 6, 0)) // the squares before it
	f.Enc(AND(7, 5, 2))
	f.Enc(CMPNE(3, 0, 7, 0)) // P3: closed by P
	f.Enc(DUPI(8, 0))
	f.Enc(ORRP(8, 3, 6))
	if count {
		f.Enc(CNT(8, 1, 8))
		f.Enc(ADD(24, 1, 8))
	} else {
		f.Enc(RBIT(8, 2, 8)) // the downward rays turned back
		f.Enc(ORR(24, 24, 8))
	}
	f.Enc(INCD(10))
	f.I("B", loop)
	f.Label(done)
}

// SVEBoards starts a loop over the eight directions in SVE elements: P
// (R0), O (R1) and both turned half a turn (RBIT, into R2 and R3) in
// every element of Z20-Z23, Z24 zeroed for the result, P1 all true, R10
// the first element's index (0) and R11 the directions' count (8).
func (f *Func) SVEBoards() {
	f.I("RBIT", "R0", "R2")
	f.I("RBIT", "R1", "R3")
	f.I("MOVD", "ZR", "R10")
	f.I("MOVD", "$8", "R11")
	f.Enc(PTRUE(1))
	f.Enc(DUPX(20, 0))
	f.Enc(DUPX(21, 1))
	f.Enc(DUPX(22, 2))
	f.Enc(DUPX(23, 3))
	f.Enc(DUPI(24, 0))
}
