package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// CountLZCNT is Edax's count_last_flip_lzcnt.c: the row by COUNT_FLIP;
// the board mirrored (BSWAP) so that x is in the upper half; there, in
// the top two rows only the S, SE and SW rays can flip: P shifted left
// until x leaves bit 63 puts each ray's squares at fixed bits (the S ray
// on the A file, lfLz for SE and SW), and LZCNT & 0x38 is 8 x its flips.
// In the middle rows the file and diagonals go to COUNT_FLIP by
// kindergarten multiplies, as in plain.
func CountLZCNT(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	// mirror rows when x is in the lower half
	q, m := GP64(), GP64()
	MOVQ(P, q)
	MOVQ(P, m)
	BSWAPQ(m)
	pos, pm := GP64(), GP64()
	MOVQ(x, pos)
	MOVQ(x, pm)
	XORQ(U8(56), pm)
	CMPQ(x, U8(32))
	CMOVQLT(m, q)
	CMOVQLT(pm, pos)

	s := GP64() // the flips off the row, doubled
	mid, done := newLabel("lzmid"), newLabel("lzdone")
	CMPQ(pos, U8(48))
	JLT(LabelRef(mid))
	// top two rows: S, SE, SW rays by LZCNT
	MOVL(U32(64), reg.ECX)
	SUBL(pos.As32(), reg.ECX)
	SHLQ(reg.CL, q)
	lz := lea("lfLz")
	c := masked(x, 7)
	SHLQ(U8(4), c)
	t := GP64()
	MOVQ(U64(0x0101010101010101), s)
	ANDQ(q, s)
	LZCNTQ(s, s)
	ANDL(U8(0x38), s.As32())
	MOVQ(Mem{Base: lz, Index: c, Scale: 1}, t)
	ANDQ(q, t)
	LZCNTQ(t, t)
	ANDL(U8(0x38), t.As32())
	ADDL(t.As32(), s.As32())
	SHLQ(U8(8), q)
	MOVQ(Mem{Base: lz, Index: c, Scale: 1, Disp: 8}, t)
	ANDQ(q, t)
	LZCNTQ(t, t)
	ANDL(U8(0x38), t.As32())
	ADDL(t.As32(), s.As32())
	SHRL(U8(2), s.As32())
	JMP(LabelRef(done))

	// middle rows: file and diagonals by kindergarten
	Label(mid)
	file, d9, d7 := kgLines(q, x, pos)
	cfc := cfRow(x, false)
	cfy := cfRow(pos, true)
	o := sumBytes([]reg.GPVirtual{cfy, cfc, cfc}, []reg.GPVirtual{file, d9, d7})
	MOVL(o.As32(), s.As32())

	Label(done)
	cfc = cfRow(x, false)
	n := sumBytes([]reg.GPVirtual{cfc}, []reg.GPVirtual{rowByte(P, x)})
	ADDL(s.As32(), n.As32())
	return n
}
