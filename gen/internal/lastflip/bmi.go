package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// CountBMI is Edax's count_last_flip_bmi.c: the row by COUNT_FLIP; on the
// file and both diagonals (one square a row), P's discs above x shifted
// down past x's row and those below shifted up past it, so that TZCNT and
// LZCNT give 8 x (rows between x and the nearest P) + a file; & 0x38
// keeps the rows, i.e. 8 x the flips (64, no P, keeps none). The file's
// two counts are added before the & (their files sum to 7).
func CountBMI(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	cfc := cfRow(x, false)
	row := rowByte(P, x)
	n := sumBytes([]reg.GPVirtual{cfc}, []reg.GPVirtual{row})
	lt := lea("lfLine")
	xo := shifted(x, 5)
	MOVQ(x, reg.RCX)
	ANDL(U8(56), reg.ECX) // y8; 56 - y8 = y8 ^ 56
	s := GP64()
	for i := 0; i < 3; i++ { // file, a1-h8, h1-a8
		up, dn := GP64(), GP64()
		MOVQ(Mem{Base: lt, Index: xo, Scale: 1, Disp: 8 * (i + 1)}, up)
		ANDQ(P, up)
		MOVQ(up, dn)
		SHRQ(reg.CL, up)
		SHRQ(U8(8), up)
		TZCNTQ(up, up)
		XORL(U8(56), reg.ECX)
		SHLQ(reg.CL, dn)
		SHLQ(U8(8), dn)
		LZCNTQ(dn, dn)
		XORL(U8(56), reg.ECX)
		if i == 0 { // the file: its two files sum to 7
			ADDL(dn.As32(), up.As32())
			ANDL(U8(0x38), up.As32())
			MOVL(up.As32(), s.As32())
			continue
		}
		ANDL(U8(0x38), up.As32())
		ANDL(U8(0x38), dn.As32())
		ADDL(up.As32(), s.As32())
		ADDL(dn.As32(), s.As32())
	}
	SHRL(U8(2), s.As32())
	ADDL(s.As32(), n.As32())
	return n
}
