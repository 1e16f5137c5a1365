package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipAVXShufMax is Edax-AVX's flip_avx_shuf_max: MS1B of the down rays'
// stops without LZCNT. Each byte's MS1B is the larger of two VPSHUFB
// lookups (low nibble, high nibble shifted up: VPMAXUB); an eraser from
// three compares (high byte of a word, high word of a dword, high dword
// of a quadword not zero) keeps only the highest non-zero byte. Up rays:
// LS1B of the stops, kept if P's; (q == 0) - q is every bit from q up, or
// all of them when q is 0, and the ray minus it is the run.
type FlipAVXShufMax struct {
	avx2Flip
	nib         Mem
	lo, hi, m0f reg.VecVirtual
}

func NewFlipAVXShufMax() *FlipAVXShufMax {
	return &FlipAVXShufMax{avx2Flip: avx2Flip{rowTable: lfRays()}, nib: table("flipNibble")}
}

func (f *FlipAVXShufMax) Setup() {
	f.setupRows()
	f.lo, f.hi, f.m0f = YMM(), YMM(), YMM()
	VBROADCASTI128(f.nib, f.lo)
	VBROADCASTI128(f.nib.Offset(16), f.hi)
	VBROADCASTI128(f.nib.Offset(32), f.m0f)
	f.setupZero()
}

func (f *FlipAVXShufMax) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO, up, dn := f.start(P, O, x)
	// down: the highest non-zero byte of the stops
	s, e, t := YMM(), YMM(), YMM()
	VPANDN(dn, OO, s)
	VPSRLW(U8(8), s, e)
	VPCMPEQB(f.zero, e, e)
	VPSRLD(U8(16), s, t)
	VPCMPEQW(f.zero, t, t)
	VPAND(t, e, e)
	VPSRLQ(U8(32), s, t)
	VPCMPEQD(f.zero, t, t)
	VPAND(t, e, e)
	// and its MS1B
	l, h := YMM(), YMM()
	VPAND(f.m0f, s, l)
	VPSHUFB(l, f.lo, l)
	VPSRLQ(U8(4), s, h)
	VPAND(f.m0f, h, h)
	VPSHUFB(h, f.hi, h)
	VPMAXUB(h, l, l)
	VPAND(e, l, l)
	downFlipsAVX2(l, PP, f.zero, dn)
	upFlipsAVX2(up, PP, OO, f.zero, YMM(), t)
	VPOR(t, l, l)
	return ReduceAVX2(l)
}

// upFlipsAVX2 sets t to the flips on the up rays ray (four lanes): LS1B
// of the stops, kept if P's; the ray below it, or nothing. zero holds
// zeros, s is scratch.
func upFlipsAVX2(ray Mem, PP, OO, zero, s, t reg.VecVirtual) {
	VPANDN(ray, OO, s)
	VPSUBQ(s, zero, t)
	VPAND(t, s, s)
	VPAND(PP, s, s)
	VPCMPEQQ(zero, s, t)
	VPSUBQ(s, t, t)
	VPANDN(ray, t, t)
}
