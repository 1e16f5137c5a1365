package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipAVXPPSeq is Edax-AVX's flip_avx_ppseq. Down rays: a sequential
// search from x, along each direction, over the O discs inside the edges
// (O & Inner, so that no shift wraps and the edge square always ends a
// run): two single steps, then two steps of two with the parallel prefix
// O & O>>d, which covers the six squares a run can hold; the run flips if
// the square after it is P's. Up rays: LS1B of the non-O squares (an edge
// square always is one), kept if P's; adding -1 where the stop is P's
// turns it into the run.
type FlipAVXPPSeq struct {
	avx2Flip
	stepRegs
	inner Mem
	in    reg.VecVirtual
}

func NewFlipAVXPPSeq() *FlipAVXPPSeq {
	return &FlipAVXPPSeq{avx2Flip: avx2Flip{rowTable: lfRays()}, stepRegs: dirSteps(), inner: table("dirInner")}
}

func (f *FlipAVXPPSeq) Setup() {
	f.setupRows()
	f.setupSteps(2)
	f.in = YMM()
	VMOVDQU(f.inner, f.in)
	f.setupZero()
}

func (f *FlipAVXPPSeq) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO := BroadcastAVX2(P), BroadcastAVX2(O)
	b := GP64()
	XORQ(b, b)
	BTSQ(x, b)
	X := BroadcastAVX2(b)
	up := f.row(x)
	mO := YMM()
	VPAND(f.in, OO, mO)
	// down: the run of O from x, step by step
	oc, t := YMM(), YMM()
	VPSRLVQ(f.s1, X, oc)
	VPAND(mO, oc, oc)
	VPSRLVQ(f.s1, oc, t)
	VPAND(mO, t, t)
	VPOR(t, oc, oc)
	pre := YMM()
	VPSRLVQ(f.s1, mO, pre)
	VPAND(mO, pre, pre) // O with O next to it toward x
	for i := 0; i < 2; i++ {
		VPSRLVQ(f.s2, oc, t)
		VPAND(pre, t, t)
		VPOR(t, oc, oc)
	}
	of, fl := YMM(), YMM()
	VPSRLVQ(f.s1, oc, of)
	VPAND(PP, of, of) // the square after the run, if P's
	VPCMPEQQ(f.zero, of, of)
	VPANDN(oc, of, fl)
	upFlipsPPSeq(up, PP, mO, f.zero, YMM(), YMM(), YMM(), fl)
	return ReduceAVX2(fl)
}

// upFlipsPPSeq ORs into acc the flips on the up rays (four lanes): LS1B
// of the stops (the squares of the ray not in mO, O inside the edges, so
// that an edge square always stops it); if it is P's, minus one is the
// run. zero holds zeros; s, n, q are scratch.
func upFlipsPPSeq(up Mem, PP, mO, zero, s, n, q, acc reg.VecVirtual) {
	VPANDN(up, mO, s)
	VPSUBQ(s, zero, n)
	VPAND(n, s, s)
	VPAND(PP, s, q)
	VPCMPEQQ(s, q, n)
	VPADDQ(n, q, q)
	VPAND(up, q, q)
	VPOR(q, acc, acc)
}
