package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipAVXLZCNT is Edax-AVX's flip_avx_lzcnt. Down rays: on the file and
// the diagonals each row holds one square of the ray, so the MS1B of the
// stops is the LS1B of their byte-swapped quadword (VPSHUFB, s & -s,
// VPSHUFB back); the row (W) is solved beside it in a GP register with
// LZCNT and blended into lane 0. Up rays as flip_avx_ppseq: LS1B of the
// non-O squares, O taken inside the edges so that an edge square always
// stops the ray; adding -1 where the stop is P's turns it into the run.
type FlipAVXLZCNT struct {
	avx2Flip
	inner, rev Mem
	in, bswap  reg.VecVirtual
}

func NewFlipAVXLZCNT() *FlipAVXLZCNT {
	return &FlipAVXLZCNT{avx2Flip: avx2Flip{rowTable: lfRays()}, inner: table("dirInner"), rev: table("flipRev")}
}

func (f *FlipAVXLZCNT) Setup() {
	f.setupRows()
	f.in, f.bswap = YMM(), YMM()
	VMOVDQU(f.inner, f.in)
	VBROADCASTI128(f.rev, f.bswap)
	f.setupZero()
}

func (f *FlipAVXLZCNT) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO, up, dn := f.start(P, O, x)
	// W in GP: MS1B of the stops by LZCNT (none: bit 63, whose double is 0)
	s, n, q := GP64(), GP64(), GP64()
	MOVQ(O, s)
	NOTQ(s)
	ANDQ(dn, s)
	LZCNTQ(s, n)
	NOTQ(n) // 63-n, mod 64
	XORQ(q, q)
	BTSQ(n, q)
	// S, SW, SE: MS1B by LS1B of the byte swap
	mO, oc, t := YMM(), YMM(), YMM()
	VPAND(f.in, OO, mO)
	VPANDN(dn, mO, oc)
	VPSHUFB(f.bswap, oc, oc)
	VPSUBQ(oc, f.zero, t)
	VPAND(t, oc, oc)
	VPSHUFB(f.bswap, oc, oc)
	qx := XMM()
	VMOVQ(q, qx)
	VPBLENDD(U8(0x03), qx.AsY(), oc, oc) // lane 0 from LZCNT
	downFlipsAVX2(oc, PP, f.zero, dn)
	upFlipsPPSeq(up, PP, mO, f.zero, YMM(), t, YMM(), oc)
	return ReduceAVX2(oc)
}
