package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipSSEBitscan is Edax-AVX's flip_sse_bitscan: the four up rays by carry
// propagation in two XMM (two rays each), the four down rays in GP
// registers by a bit scan for the first non-O square from x.
//
// Up, per lane: with s = ~O & ray (the squares that stop a run), the carry
// (O | ~ray) + 1 = -s runs through x's run of O discs and stops on LS1B(s);
// ANDed with the ray and P it is the outflank o. A lane is 0 iff its two
// 32-bit halves are equal (PSHUFD/PCMPEQL), which turns o into o-1, or 0
// when o is 0, without a branch.
//
// Down: q = MS1B(stops) & P, and the flips are ray & -(2q). Two scans, as in
// Edax's two compile-time forms of the file:
//
//   - LZCNT (x86-64 with LZCNT): LZCNT(~O & ray); of an empty set it is 64,
//     which selects bit 63 (never on a down ray), so 2q is 0.
//   - BSR (any x86-64): BSR is undefined on 0, so the ray's last square
//     (its lowest) is always a stop: (O & inner) ^ ray with inner the ray
//     without it. Only an empty ray has no stop; then the ray mask makes
//     the scan's result irrelevant.
type FlipSSEBitscan struct {
	gpCode
	rowTable
	lzcnt bool
	ones  Mem
	one   reg.VecVirtual
}

// NewFlipSSEBitscan returns the LZCNT form if lzcnt, else the BSR form.
func NewFlipSSEBitscan(lzcnt bool) *FlipSSEBitscan {
	return &FlipSSEBitscan{lzcnt: lzcnt, rowTable: lfRays(), ones: table("flipOnes")}
}

func (f *FlipSSEBitscan) Setup() {
	f.setupRows()
	f.one = XMM()
	MOVOU(f.ones, f.one)
}

func (f *FlipSSEBitscan) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO := dupSSE2(P), dupSSE2(O)
	row := f.row(x)
	// up: lanes (E, N) then (NE, NW); lfRay is 16-byte aligned
	var acc reg.VecVirtual
	raysSSE2(&acc, row, 0, OO, func(ray Mem, s reg.VecVirtual) reg.VecVirtual {
		o, m := XMM(), XMM()
		PXOR(o, o)
		PSUBQ(s, o) // -s = (O | ~ray) + 1: the carry
		PAND(ray, o)
		PAND(PP, o)            // outflank
		PSHUFD(U8(0xb1), o, m) // swap the 32-bit halves
		PCMPEQL(o, m)          // all ones where the outflank is 0
		PSUBQ(f.one, m)        // 1 where it is 0, else 0
		PSUBQ(m, o)            // outflank - 1, or 0
		PAND(ray, o)
		return o
	})
	// down: W, S, SW, SE, one bit scan each
	r := GP64()
	XORQ(r, r)
	var nO reg.GPVirtual
	if f.lzcnt {
		nO = GP64()
		MOVQ(O, nO)
		NOTQ(nO)
	}
	for i := 0; i < 4; i++ {
		ray := row.Offset(32 + 8*i)
		s, n, q := GP64(), GP64(), GP64()
		MOVQ(ray, s)
		if f.lzcnt {
			ANDQ(nO, s)
			LZCNTQ(s, n)
			NOTQ(n) // 63-n, mod 64
		} else {
			t := GP64()
			LEAQ(Mem{Base: s, Disp: -1}, t)
			ANDQ(s, t) // the ray without its last square
			ANDQ(O, t)
			XORQ(t, s) // stops, the last square always one
			BSRQ(s, n)
		}
		XORQ(q, q)
		BTSQ(n, q)
		ANDQ(P, q) // outflank
		ADDQ(q, q)
		NEGQ(q)
		ANDQ(ray, q)
		ORQ(q, r)
	}
	ORQ(reduceSSE2(acc), r)
	return r
}
