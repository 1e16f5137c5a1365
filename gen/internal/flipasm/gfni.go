package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipGFNI is Edax-AVX's flip_avxgfni: the board is bit-reversed
// (GF2P8AFFINEQB reverses the bits of each byte, VPSHUFB the bytes of each
// quadword), which turns every down ray into an up ray, so all eight rays
// are solved by LS1B. P and O are broadcast as [P, rev P, P, rev P]
// against gfniRay's interleaved masks; at the end the reversed half is
// reversed back. With ZMM set all eight lanes go in one ZMM (the
// AVX512_PREFER512 path: BLSMSK of the stops, VPTESTMQ against P, zeroing
// VPANDNQ); otherwise two YMM halves with AVX2 (LS1B, kept if P's,
// (q == 0) - q erases all from q up, or everything).
type FlipGFNI struct {
	vectorCode
	rowTable
	ZMM bool

	rev        Mem
	bswap, mat reg.VecVirtual // XMM
	c          reg.VecVirtual // YMM zero, or ZMM all ones
}

func NewFlipGFNI(zmm bool) *FlipGFNI {
	return &FlipGFNI{ZMM: zmm, rowTable: rowTable{rows: table("gfniRay")}, rev: table("flipRev")}
}

func (f *FlipGFNI) Setup() {
	f.setupRows()
	f.bswap, f.mat = XMM(), XMM()
	VMOVDQU(f.rev, f.bswap)
	VPBROADCASTQ(f.rev.Offset(16), f.mat)
	if f.ZMM {
		f.c = ZMM()
		VPBROADCASTQ(table("flipOnes"), f.c) // not VPTERNLOGQ $0xff: no dependency on the register
	} else {
		f.c = YMM()
		VPXOR(f.c, f.c, f.c)
	}
}

// reverse bit-reverses both quadwords of v into d.
func (f *FlipGFNI) reverse(v, d reg.VecVirtual) {
	VGF2P8AFFINEQB(U8(0), f.mat, v, d)
	VPSHUFB(f.bswap, d, d)
}

func (f *FlipGFNI) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	v, r := XMM(), XMM()
	VMOVQ(P, v)
	VPINSRQ(U8(1), O, v, v) // [P, O]
	f.reverse(v, r)         // [rev P, rev O]
	lo, hi := XMM(), XMM()
	VPUNPCKLQDQ(r, v, lo) // [P, rev P]
	VPUNPCKHQDQ(r, v, hi) // [O, rev O]
	row := f.row(x)
	F := XMM() // [up flips, reversed down flips]
	if f.ZMM {
		PP, OO := ZMM(), ZMM()
		VSHUFI64X2(U8(0), lo.AsZ(), lo.AsZ(), PP)
		VSHUFI64X2(U8(0), hi.AsZ(), hi.AsZ(), OO)
		s, b := ZMM(), ZMM()
		VPANDNQ(row, OO, s)
		VPADDQ(f.c, s, b)
		VPTERNLOGQ(U8(0x28), row, s, b) // (b ^ s) & ray: BLSMSK on the ray
		k := K()
		VPTESTMQ(PP, b, k)
		d := ZMM()
		VPANDNQ_Z(b, PP, k, d) // minus P, where the stop is P's
		y := YMM()
		VEXTRACTI64X4(U8(1), d, y)
		VPOR(y, d.AsY(), y)
		VEXTRACTI128(U8(1), y, F)
		VPOR(F, y.AsX(), F)
	} else {
		PP, OO := YMM(), YMM()
		VINSERTI128(U8(1), lo, lo.AsY(), PP)
		VINSERTI128(U8(1), hi, hi.AsY(), OO)
		var acc reg.VecVirtual
		for h := 0; h < 2; h++ {
			s, t := YMM(), YMM()
			upFlipsAVX2(row.Offset(32*h), PP, OO, f.c, s, t)
			if acc == nil {
				acc = t
			} else {
				VPOR(t, acc, acc)
			}
		}
		VEXTRACTI128(U8(1), acc, F)
		VPOR(F, acc.AsX(), F)
	}
	t := XMM()
	VPSHUFD(U8(0x4e), F, t)
	f.reverse(t, t) // [down flips, ...]
	VPOR(t, F, t)
	g := GP64()
	VMOVQ(t, g)
	return g
}
