package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// CountSSEAVX is the AVXLASTFLIP path of count_last_flip_sse.c: P
// broadcast to a YMM register, ANDed with the file and both diagonals
// (one bit a row), 0 - bytes and one VPMOVMSKB: three row-order indexes;
// the row by a shift of P (avx2-movemask moves it into the fourth lane
// with VPSHUFB instead).
func CountSSEAVX(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	p4 := broadcastAVX2(P)
	a, z := YMM(), YMM()
	VPAND(Mem{Base: lea("lfMask"), Index: shifted(x, 5), Scale: 1}, p4, a)
	VPXOR(z, z, z)
	VPSUBB(a, z, a)
	t := GP64()
	VPMOVMSKB(a, t.As32())
	row := rowByte(P, x)
	cfc, cfy := cfRows(x)
	f, d9, d7 := GP64(), GP64(), GP64()
	MOVBLZX(t.As8(), f.As32())
	MOVL(t.As32(), d9.As32())
	SHRL(U8(8), d9.As32())
	MOVBLZX(d9.As8(), d9.As32())
	MOVL(t.As32(), d7.As32())
	SHRL(U8(16), d7.As32())
	MOVBLZX(d7.As8(), d7.As32())
	return sumBytes([]reg.GPVirtual{cfc, cfy, cfy, cfy}, []reg.GPVirtual{row, f, d9, d7})
}
