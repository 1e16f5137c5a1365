package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// lines32 gathers x's lines in 32-bit arithmetic only, as Edax's
// count_last_flip_32.c does for 32-bit CPUs: P as two 32-bit halves;
// the row and the two diagonal V's (NW+NE above x, SW+SE below: one
// square a file, Edax's merged diagonals) by masking each half, adding
// them and summing bytes with a 32-bit multiply by 0x01010101; the file
// by Edax's 32-bit packV (low half's file bits + high half's << 4,
// times 0x01020408). Returns row, file, upper V, lower V (the file in
// row order, the others in file order).
func lines32(P, x reg.GPVirtual) [4]reg.GPVirtual {
	lo, hi := GP64(), GP64()
	MOVL(P.As32(), lo.As32())
	MOVQ(P, hi)
	SHRQ(U8(32), hi)
	t := lea("lf32")
	xo := shifted(x, 5)
	gather := func(k int) reg.GPVirtual {
		a, b := GP64(), GP64()
		MOVL(Mem{Base: t, Index: xo, Scale: 1, Disp: 8 * k}, a.As32())
		ANDL(lo.As32(), a.As32())
		MOVL(Mem{Base: t, Index: xo, Scale: 1, Disp: 8*k + 4}, b.As32())
		ANDL(hi.As32(), b.As32())
		ADDL(b.As32(), a.As32())
		IMUL3L(U32(0x01010101), a.As32(), a.As32())
		SHRL(U8(24), a.As32())
		return a
	}
	row, up, dn := gather(0), gather(1), gather(2)
	// packV: bits of file c, rows 0-3 at 0, 8, 16, 24, rows 4-7 at 4 .. 28
	f, g := GP64(), GP64()
	MOVL(lo.As32(), f.As32())
	MOVL(hi.As32(), g.As32())
	MOVQ(masked(x, 7), reg.RCX)
	SHRL(reg.CL, f.As32())
	SHRL(reg.CL, g.As32())
	ANDL(U32(0x01010101), f.As32())
	ANDL(U32(0x01010101), g.As32())
	SHLL(U8(4), g.As32())
	ADDL(g.As32(), f.As32())
	IMUL3L(U32(0x01020408), f.As32(), f.As32())
	SHRL(U8(24), f.As32())
	return [4]reg.GPVirtual{row, f, up, dn}
}

// Lines32 is count_last_flip_32.c's method (Edax writes 64 functions
// with a merge per square, three lookups at most squares; one generic
// function takes four) and its solve_exact_1.
var Lines32 = LineSet{lines: lines32, byRow: [4]bool{1: true},
	ofs: func(x reg.GPVirtual) Mem { return Mem{Base: lea("lf32"), Index: shifted(x, 5), Scale: 1, Disp: 24} }}
