package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// ---------------------------------------------------------------- AVX2 acepck

// FlipAVXAcepck is Edax-AVX's flip_avx_acepck.c (ideas by acepck,
// Egaroucid pull request 293). Down rays: P on the ray is smeared downward (shifts
// d, 2d, 4d), so that the ray minus the smear is the run from x to the
// nearest P; it flips iff that P is nearer than the nearest empty square,
// one VPCMPGTQ of the two masked sets (no MS1B needed: a down ray never
// holds bit 63, so the signed compare is an unsigned one). Up rays: the
// BLSMSK of the non-O squares, x to the first of them; minus P it is the
// run, kept unless removing P changed nothing (the stop was empty).
type FlipAVXAcepck struct {
	avx2Flip // no setupZero: its zero register unused
	stepRegs
	ones Mem
	one  reg.VecVirtual
}

func NewFlipAVXAcepck() *FlipAVXAcepck {
	return &FlipAVXAcepck{avx2Flip: avx2Flip{rowTable: lfRays()}, stepRegs: dirSteps(), ones: table("flipOnes")}
}

func (f *FlipAVXAcepck) Setup() {
	f.setupRows()
	f.setupSteps(3)
	f.one = YMM()
	VPBROADCASTQ(f.ones, f.one)
}

func (f *FlipAVXAcepck) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO, up, dn := f.start(P, O, x)
	// down: the smear of P, and whether P comes before an empty square
	rP, rS, t := YMM(), YMM(), YMM()
	VPAND(dn, PP, rP)
	f.smearDown(rP, t, rS, t)
	rE, g, fl := YMM(), YMM(), YMM()
	VPANDN(dn, OO, rE)
	VPXOR(rP, rE, rE) // empty squares of the ray
	VPCMPGTQ(rE, rP, g)
	VPANDN(dn, rS, fl) // the ray above the nearest P
	VPAND(g, fl, fl)
	// up: BLSMSK of the stops, minus P, if P was the stop
	lO, b, lF := YMM(), YMM(), YMM()
	VPANDN(up, OO, lO)
	VPADDQ(f.one, lO, b)
	VPXOR(lO, b, b)
	VPAND(up, b, b)
	VPANDN(b, PP, lF)
	VPCMPEQQ(b, lF, b)
	VPANDN(lF, b, b)
	VPOR(b, fl, fl)
	return ReduceAVX2(fl)
}

// ---------------------------------------------------------------- SSE2 acepck

// FlipSSEAcepck is Edax-AVX's flip_sse_acepck (acepck's carry version): SSE2
// only, every direction by a different trick, two per XMM.
//
//	SE, NE  PSADBW gathers the ray into one byte, bit order = distance
//	        order; LS1B of its stops, kept if P's; PMULUDQ and PSHUFD copy
//	        that bit to every byte, PSUBUSB 1 makes the files nearer than
//	        it, masked by the ray.
//	NW, N   LS1B of the stops, kept if P's (q); q minus q's file bit (a
//	        PSADBW of q) is every bit from that file below q's row: the
//	        ray's squares nearer than q.
//	SW, S   empty - P on the ray sets every bit above the nearest non-O
//	        square iff it is P's; those O bits are the run if the O bits
//	        next to x are contiguous, which a dword and a word compare
//	        (PCMPGTL, PCMPEQW) vouch for.
//	E       a byte add of x's east neighbour to O carries over the run to
//	        its end; if that is P's, PSUBUSB leaves the run.
//	W       a byte add of (P<<1)&O to O carries from the nearest P to x;
//	        P is split into the row's bits 0-2 and 3-5 (one per lane, the
//	        highest of each by PMINUB) so that carries never meet.
type FlipSSEAcepck struct {
	gpCode
	rowTable
	cons               Mem
	one, v0, r0, r1, z reg.VecVirtual
}

func NewFlipSSEAcepck() *FlipSSEAcepck {
	return &FlipSSEAcepck{rowTable: rowTable{rows: table("acepckSSE")}, cons: table("acepckSSEConst")}
}

func (f *FlipSSEAcepck) Setup() {
	f.setupRows()
	f.one, f.v0, f.r0, f.r1, f.z = XMM(), XMM(), XMM(), XMM(), XMM()
	PCMPEQL(f.one, f.one)
	MOVOU(f.cons, f.v0)
	MOVOU(f.cons.Offset(16), f.r0)
	MOVOU(f.cons.Offset(32), f.r1)
	PXOR(f.z, f.z)
}

func (f *FlipSSEAcepck) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO := dupSSE2(P), dupSSE2(O)
	row := f.row(x)
	load := func(off int) reg.VecVirtual {
		m := XMM()
		MOVOU(row.Offset(off), m)
		return m
	}

	// SE, NE
	m27 := load(0)
	o27, p27 := XMM(), XMM()
	MOVO(OO, o27)
	PANDN(m27, o27) // stops on the rays
	PSADBW(f.z, o27)
	MOVO(PP, p27)
	PAND(m27, p27)
	PSADBW(f.z, p27)
	PADDB(f.one, o27)
	PANDN(p27, o27) // the nearest stop if P's, as a file bit
	PMULULQ(f.v0, o27)
	f27 := XMM()
	PSHUFD(U8(0xa0), o27, f27) // in every byte
	PSUBUSB(f.v0, f27)
	PAND(m27, f27)

	// NW, N
	m56 := load(32)
	f56, d := XMM(), XMM()
	MOVO(OO, f56)
	PANDN(m56, f56)
	PADDQ(f.one, f56)
	PANDN(PP, f56) // P & ~(s-1): the nearest stop if P's
	PAND(m56, f56)
	MOVO(f56, d)
	PSADBW(f.z, d) // its file bit
	PSUBQ(d, f56)
	PAND(m56, f56)

	// SW, S
	m01 := load(48)
	o01, a01, p01, c := XMM(), XMM(), XMM(), XMM()
	MOVO(OO, o01)
	PAND(m01, o01)
	MOVO(OO, a01)
	POR(PP, a01)
	PANDN(m01, a01) // empty squares of the rays
	MOVO(PP, p01)
	PAND(m01, p01)
	PSUBQ(p01, a01) // bits above the nearest non-O square iff it is P's
	MOVO(m01, c)
	PCMPGTL(o01, c) // dwords of the ray not all O
	PSRLQ(U8(24), c)
	PANDN(o01, c) // O, minus rows 1-4 (row 0) if rows 4-7 (0-3) are not all O
	PCMPEQW(m01, c)
	PSRLQ(U8(8), c) // row i stays if the word of row i+1 is all O
	PAND(o01, c)
	PAND(a01, c)

	// E
	m34 := load(16)
	f4 := XMM()
	MOVO(m34, f4)
	PADDB(OO, f4)
	PAND(PP, f4)
	PSUBUSB(m34, f4)

	// W
	f3, w := XMM(), XMM()
	MOVO(PP, f3)
	PADDQ(f3, f3)
	PAND(f.r0, f3)
	PMINUB(f.r1, f3)
	PAND(OO, f3)         // at most one carry seed per lane and row
	PUNPCKLQDQ(m34, m34) // x in both lanes
	MOVO(OO, w)
	PADDB(f3, w)
	PAND(m34, w) // x iff the carry reached it
	PSUBUSB(f3, w)

	POR(f4, w)
	POR(f27, w)
	POR(f56, w)
	POR(c, w)
	return reduceSSE2(w)
}
