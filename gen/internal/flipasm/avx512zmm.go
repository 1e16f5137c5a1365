package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// FlipAVX512ZMM is Edax-AVX's flip_avx512cd in its 512-bit form
// (AVX512_PREFER512): the eight rays of lfRay in one ZMM. Up lanes: the
// BLSMSK of the stops (every bit up to the first non-O square); down
// lanes, merged under a constant mask: every bit from the nearest stop up
// (the sign bit shifted right arithmetically by VPLZCNTQ of the stops;
// all bits when there is none). Masked by the ray that is the run of O
// and its stop; the lanes whose stop is P's (VPTESTMQ) keep it minus P.
type FlipAVX512ZMM struct {
	vectorCode
	rowTable
	ones     Mem
	one, msb reg.VecVirtual
	down     reg.OpmaskVirtual
}

func NewFlipAVX512ZMM() *FlipAVX512ZMM {
	return &FlipAVX512ZMM{rowTable: lfRays(), ones: table("flipOnes")}
}

func (f *FlipAVX512ZMM) Setup() {
	f.setupRows()
	f.one, f.msb = ZMM(), ZMM()
	// loaded, not VPTERNLOGQ $0xff: that reads its register, which would
	// chain each call to the previous one's result
	VPBROADCASTQ(f.ones, f.one)
	VPSLLQ(U8(63), f.one, f.msb)
	m := GP32()
	MOVL(U32(0xf0), m)
	f.down = K()
	KMOVW(m, f.down) // lanes 4-7: W, S, SW, SE
}

func (f *FlipAVX512ZMM) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO := ZMM(), ZMM()
	VPBROADCASTQ(P, PP)
	VPBROADCASTQ(O, OO)
	row := f.row(x)
	s, b, n := ZMM(), ZMM(), ZMM()
	VPANDNQ(row, OO, s)
	VPADDQ(f.one, s, b)
	VPXORQ(s, b, b) // up: BLSMSK
	VPLZCNTQ(s, n)
	VPSRAVQ(n, f.msb, f.down, b) // down: MS1B and every bit above
	VPANDQ(row, b, b)
	k := K()
	VPTESTMQ(PP, b, k)
	d := ZMM()
	VPANDNQ_Z(b, PP, k, d)
	y := YMM()
	VEXTRACTI64X4(U8(1), d, y)
	VPOR(y, d.AsY(), y)
	return ReduceAVX2(y)
}
