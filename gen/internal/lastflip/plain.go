package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// plainLines gathers x's four lines as Edax's count_last_flip_plain.c
// does, with no instruction beyond x86-64: the row by a shift, the file
// by a kindergarten multiply, each diagonal (one square a file) by
// summing its bytes with a multiply by 0x0101010101010101. Returns the
// indexes of the row, file, a1-h8 and h1-a8 diagonals (the file in row
// order, the others in file order).
func plainLines(P, x reg.GPVirtual) [4]reg.GPVirtual {
	row := rowByte(P, x)
	file, d9, d7 := kgLines(P, x, x)
	return [4]reg.GPVirtual{row, file, d9, d7}
}

// CountPlain is count_last_flip_plain.c: four COUNT_FLIP lookups on the
// plainLines indexes.
func CountPlain(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	l := plainLines(P, x)
	cfc, cfy := cfRows(x)
	return sumBytes([]reg.GPVirtual{cfc, cfy, cfc, cfc}, l[:])
}

// PairPlain returns P's count in the low byte and O's in the next, from
// the same indexes in lfSpan (Edax's uint16 COUNT_FLIP, "lower byte for
// P, upper byte for O").
func PairPlain(P, x reg.GPVirtual) reg.GPVirtual {
	l := plainLines(P, x)
	ofs := GP64()
	MOVQ(Mem{Base: lea("lfPlainOfs"), Index: x, Scale: 8}, ofs)
	return spanSum(ofs, l)
}

// Score1Plain is Edax's solve_exact_1 of count_last_flip_plain.c (both
// counts from one set of lookups) with the reference's cut at alpha.
func Score1Plain(P, x, alpha reg.GPVirtual) reg.GPVirtual {
	nP, nO := splitPair(PairPlain(P, x))
	return ScoreSimul(P, alpha, nP, nO)
}
