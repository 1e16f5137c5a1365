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
	rays, inner, rev Mem
	tab              reg.GPVirtual
	in, bswap, zero  reg.VecVirtual
}

func NewFlipAVXLZCNT() *FlipAVXLZCNT {
	return &FlipAVXLZCNT{rays: table("lfRay"), inner: table("dirInner"), rev: table("flipRev")}
}

func (f *FlipAVXLZCNT) Vector() bool { return true }

func (f *FlipAVXLZCNT) Setup() {
	f.tab = GP64()
	LEAQ(f.rays, f.tab)
	f.in, f.bswap, f.zero = YMM(), YMM(), YMM()
	VMOVDQU(f.inner, f.in)
	VBROADCASTI128(f.rev, f.bswap)
	VPXOR(f.zero, f.zero, f.zero)
}

func (f *FlipAVXLZCNT) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO := BroadcastAVX2(P), BroadcastAVX2(O)
	a := rayAddr(x)
	up := Mem{Base: f.tab, Index: a, Scale: 1}
	dn := up.Offset(32)
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
	VPAND(PP, oc, oc)
	VPADDQ(oc, oc, oc)
	VPSUBQ(oc, f.zero, oc)
	VPAND(dn, oc, oc)
	// up: LS1B of the stops; if P's, minus one is the run
	u, v := YMM(), YMM()
	VPANDN(up, mO, u)
	VPSUBQ(u, f.zero, t)
	VPAND(t, u, u)
	VPAND(PP, u, v)
	VPCMPEQQ(u, v, t)
	VPADDQ(t, v, v)
	VPAND(up, v, v)
	VPOR(v, oc, oc)
	return ReduceAVX2(oc)
}
