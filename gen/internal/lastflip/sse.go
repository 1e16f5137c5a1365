package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// linesSSE gathers x's lines as Edax-AVX's count_last_flip_sse.c does
// by default (SSE2): P in both halves of an XMM register; the a1-h8
// diagonal and the row ANDed in and summed by PSADBW (bytes added: file
// order); the h1-a8 diagonal and the file ANDed in, 0 - bytes and
// PMOVMSKB (one bit a row: row order). Returns a1-h8, row, h1-a8, file.
func linesSSE(P, x reg.GPVirtual) [4]reg.GPVirtual {
	mt := lea("lfSSE")
	xo := shifted(x, 5)
	pp := XMM()
	MOVQ(P, pp)
	PUNPCKLQDQ(pp, pp)
	a, b, z := XMM(), XMM(), XMM()
	MOVOU(Mem{Base: mt, Index: xo, Scale: 1}, a)
	MOVOU(Mem{Base: mt, Index: xo, Scale: 1, Disp: 16}, b)
	PAND(pp, a)
	PAND(pp, b)
	PXOR(z, z)
	PSADBW(z, a)
	PSUBB(b, z)
	d9, row, t := GP64(), GP64(), GP64()
	MOVQ(a, d9)
	hi := XMM()
	PSHUFD(U8(0x0e), a, hi) // the high sum (PEXTRW would list SSE4.1)
	MOVQ(hi, row)
	PMOVMSKB(z, t.As32())
	d7 := GP64()
	MOVBLZX(t.As8(), d7.As32())
	SHRL(U8(8), t.As32())
	return [4]reg.GPVirtual{d9, row, d7, t}
}

// SSELines is count_last_flip_sse.c's last_flip (PSADBW and PMOVMSKB
// indexes) and mm_solve_exact_1 (the default, SIMULLASTFLIP).
var SSELines = LineSet{lines: linesSSE, byRow: [4]bool{2: true, 3: true},
	ofs: func(x reg.GPVirtual) Mem { return Mem{Base: lea("lfSSEOfs"), Index: x, Scale: 8} }}
