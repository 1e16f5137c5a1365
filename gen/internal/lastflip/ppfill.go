package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// FlippedPPFill is Edax's count_last_flip_avx_ppfill.c (the way of
// flip_avx_ppfill.c) on a full board: the four down-rays (W, S, SW, SE)
// in one YMM register, P's discs on them smeared down by a parallel
// prefix fill (VPSRLVQ by 1, 2 and 4 steps): the ray above the highest
// one flips, unless the ray has no P (it then equals the mask). The four
// up-rays: below the lowest P (P & -P). Returns the flipped discs.
func FlippedPPFill(P, x reg.GPVirtual) reg.GPVirtual {
	p4 := broadcastAVX2(P)
	rt, sh := lea("lfRay"), lea("lfPPShift")
	xo := shifted(x, 6)
	L := Mem{Base: rt, Index: xo, Scale: 1}
	R := Mem{Base: rt, Index: xo, Scale: 1, Disp: 32}
	S := func(i int) Mem { return Mem{Base: sh, Disp: 32 * i} }
	o, e, t, f := YMM(), YMM(), YMM(), YMM()
	VPAND(R, p4, o)
	VPSRLVQ(S(0), o, t)
	VPOR(t, o, e)
	VPSRLVQ(S(1), e, t)
	VPOR(t, e, e)
	VPANDN(R, e, f) // the ray above P's discs and their next 3 steps
	VPSRLVQ(S(2), e, t)
	VPANDN(f, t, f) // and the next 4
	VPCMPEQQ(R, f, t)
	VPANDN(f, t, f) // no P on the ray: nothing
	u, z, l := YMM(), YMM(), YMM()
	VPAND(L, p4, u)
	VPXOR(z, z, z)
	VPSUBQ(u, z, l)
	VPAND(l, u, u) // lowest P of each up-ray
	VPCMPEQQ(z, u, z)
	VPSUBQ(u, z, z) // at and above it; all if none
	VPANDN(L, z, z)
	VPOR(z, f, f)
	return asmgen.FoldQ(f, VPOR)
}

// CountPPFill counts FlippedPPFill.
func CountPPFill(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	r := FlippedPPFill(P, x)
	POPCNTQ(r, r)
	ADDQ(r, r)
	return r
}
