package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipAVXCvtps is Edax-AVX's flip_avx_cvtps: MS1B of the down rays' stops
// by the FPU. VCVTDQ2PS turns each dword into a float whose exponent is
// its MS1B; masking the mantissa and VCVTPS2DQ back leaves that bit (a
// ray's dword has at most 7 contiguous or 4 sparse bits, so rounding never
// carries into the next power of two). A negative dword (bit 31) keeps
// its sign bit only, and the low dword is dropped when the high one is
// not zero. Up rays: LS1B of the stops, kept if P's, minus one; the sign
// of the result marks an empty outflank and adds the one back.
type FlipAVXCvtps struct {
	avx2Flip
	one, exp reg.VecVirtual
}

func NewFlipAVXCvtps() *FlipAVXCvtps { return &FlipAVXCvtps{avx2Flip: avx2Flip{rowTable: lfRays()}} }

func (f *FlipAVXCvtps) Setup() {
	f.setupRows()
	f.one, f.exp = YMM(), YMM()
	VPCMPEQD(f.one, f.one, f.one)
	VPSLLD(U8(23), f.one, f.exp) // sign and exponent of a float
	f.setupZero()
}

func (f *FlipAVXCvtps) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO, up, dn := f.start(P, O, x)
	// down: MS1B of the stops by int -> float -> int
	s, fl, t := YMM(), YMM(), YMM()
	VPANDN(dn, OO, s)
	VCVTDQ2PS(s, fl)
	VANDPS(f.exp, fl, fl)
	VCVTPS2DQ(fl, fl) // MS1B of each dword, or bits 31 up to it if negative
	VPSRAD(U8(31), fl, t)
	VPSRLD(U8(1), t, t)
	VPANDN(fl, t, fl)
	VPSRLQ(U8(32), fl, t)
	VPCMPEQD(f.zero, t, t) // low dword kept iff the high one is 0
	VPAND(t, fl, fl)
	downFlipsAVX2(fl, PP, f.zero, dn)
	// up: LS1B, kept if P's, minus one, unless it was 0
	u := YMM()
	VPANDN(up, OO, u)
	VPADDQ(f.one, u, t)
	VPANDN(u, t, u)
	VPAND(PP, u, u)
	VPADDQ(f.one, u, u)
	VPSRLQ(U8(63), u, t)
	VPADDQ(t, u, u)
	VPAND(up, u, u)
	VPOR(u, fl, fl)
	return ReduceAVX2(fl)
}
