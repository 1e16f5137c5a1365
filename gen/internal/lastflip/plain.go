package lastflip

import (
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

// PlainLines is count_last_flip_plain.c's last_flip and solve_exact_1.
var PlainLines = LineSet{lines: plainLines, byRow: [4]bool{1: true},
	ofs: func(x reg.GPVirtual) Mem { return Mem{Base: lea("lfPlainOfs"), Index: x, Scale: 8} }}
