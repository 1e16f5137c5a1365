package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Mover emits an inline move generation: the legal-move bitboard of P.
type Mover interface {
	// Setup loads the constants into registers; call once per function.
	Setup()
	// Moves emits moves(P, O) into a new register; P and O are kept.
	Moves(P, O reg.GPVirtual) reg.GPVirtual
	// Vector reports whether the emitter uses YMM/ZMM (VZEROUPPER at RET).
	Vector() bool
}

// empties ANDs m with the empty squares ~(P|O), in GP registers (it runs
// beside the vector work).
func empties(m, P, O reg.GPVirtual) {
	e := GP64()
	MOVQ(P, e)
	ORQ(O, e)
	NOTQ(e)
	ANDQ(e, m)
}

// ---------------------------------------------------------------- AVX2

// MovesAVX2 is Edax-AVX's get_moves: the four directions in the lanes of
// a YMM register, shifted both ways with VPSLLVQ/VPSRLVQ, Kogge-Stone fill
// (one step, then the doubled step twice: runs of up to six discs).
type MovesAVX2 struct {
	vectorCode
	dirFill
}

// dirFill is what the four-direction fills (MovesAVX2, MovesAVX512VL)
// read: the tables dirSteps and dirInner, and their registers once Setup
// has loaded them.
type dirFill struct {
	step, step2, inner Mem
	s, s2, in          reg.VecVirtual
}

func newDirFill() dirFill {
	return dirFill{
		step:  table("dirSteps"),
		step2: table("dirSteps").Offset(32),
		inner: table("dirInner"),
	}
}

// NewMovesAVX2 addresses its tables (dirSteps, dirInner).
func NewMovesAVX2() *MovesAVX2 { return &MovesAVX2{dirFill: newDirFill()} }

func (m *MovesAVX2) Setup() { m.setup(vex) }

// BroadcastAVX2 puts a GP register in the four lanes of a YMM.
func BroadcastAVX2(r reg.GPVirtual) reg.VecVirtual {
	x, y := XMM(), YMM()
	VMOVQ(r, x)
	VPBROADCASTQ(x, y)
	return y
}

// ReduceAVX2 ORs the four lanes of a YMM into a GP register.
func ReduceAVX2(v reg.VecVirtual) reg.GPVirtual { return vex.reduce(v) }

func (m *MovesAVX2) Moves(P, O reg.GPVirtual) reg.GPVirtual {
	r := ReduceAVX2(m.fill(BroadcastAVX2(P), BroadcastAVX2(O), vex))
	empties(r, P, O)
	return r
}

// encoding is one encoding's instructions of the four-direction fill:
// AVX2's (VEX), or AVX-512VL's (EVEX: any of the 32 registers), whose
// VPTERNLOGQ folds each fill step's AND and OR into one instruction.
type encoding struct {
	load, and, or func(ops ...Op)
	extract       func(ops ...Op) // the high 128 bits of a YMM
	// orAnd2 emits f1 |= m1 & t, f2 |= m2 & u (t and u are scratch)
	orAnd2 func(m1, t, f1, m2, u, f2 Op)
}

var (
	vex = encoding{
		load:    func(ops ...Op) { VMOVDQU(ops[0], ops[1]) },
		and:     func(ops ...Op) { VPAND(ops[0], ops[1], ops[2]) },
		or:      func(ops ...Op) { VPOR(ops[0], ops[1], ops[2]) },
		extract: func(ops ...Op) { VEXTRACTI128(ops[0], ops[1], ops[2]) },
		orAnd2: func(m1, t, f1, m2, u, f2 Op) {
			VPAND(m1, t, t)
			VPAND(m2, u, u)
			VPOR(t, f1, f1)
			VPOR(u, f2, f2)
		},
	}
	evex = encoding{
		load: VMOVDQU64, and: VPANDQ, or: VPORQ, extract: VEXTRACTI32X4,
		orAnd2: func(m1, t, f1, m2, u, f2 Op) {
			VPTERNLOGQ(U8(tOrAndBC), m1, t, f1)
			VPTERNLOGQ(U8(tOrAndBC), m2, u, f2)
		},
	}
)

// reduce ORs the four lanes of a YMM into a GP register.
func (e encoding) reduce(v reg.VecVirtual) reg.GPVirtual {
	x, y := XMM(), XMM()
	e.extract(Imm(1), v, x)
	e.or(x, v.AsX(), x)
	VPUNPCKHQDQ(x, x, y)
	e.or(y, x, x)
	r := GP64()
	VMOVQ(x, r)
	return r
}

// setup loads the fill's steps and inner masks into registers.
func (d *dirFill) setup(e encoding) {
	d.s, d.s2, d.in = YMM(), YMM(), YMM()
	e.load(d.step, d.s)
	e.load(d.step2, d.s2)
	e.load(d.inner, d.in)
}

// fill returns the four lanes of moves of PP and OO (broadcast boards),
// not yet reduced nor masked to the empty squares: each direction shifted
// both ways, one step, then the doubled step twice (runs of up to six O
// discs).
func (d *dirFill) fill(PP, OO reg.VecVirtual, e encoding) reg.VecVirtual {
	mO := YMM()
	e.and(d.in, OO, mO)
	fl, fr, t, u := YMM(), YMM(), YMM(), YMM()
	VPSLLVQ(d.s, PP, fl)
	VPSRLVQ(d.s, PP, fr)
	e.and(mO, fl, fl)
	e.and(mO, fr, fr)
	VPSLLVQ(d.s, fl, t)
	VPSRLVQ(d.s, fr, u)
	e.orAnd2(mO, t, fl, mO, u, fr)
	// pairs of O discs: the doubled step may only jump over those
	pl, pr := YMM(), YMM()
	VPSLLVQ(d.s, mO, pl)
	e.and(mO, pl, pl)
	VPSRLVQ(d.s, pl, pr)
	for i := 0; i < 2; i++ {
		VPSLLVQ(d.s2, fl, t)
		VPSRLVQ(d.s2, fr, u)
		e.orAnd2(pl, t, fl, pr, u, fr)
	}
	VPSLLVQ(d.s, fl, fl)
	VPSRLVQ(d.s, fr, fr)
	e.or(fr, fl, fl)
	return fl
}

// ---------------------------------------------------------------- AVX-512

// BroadcastY puts a GP register in the four lanes of a YMM (AVX-512VL).
func BroadcastY(r reg.GPVirtual) reg.VecVirtual {
	y := YMM()
	VPBROADCASTQ(r, y)
	return y
}

// ReduceY ORs the four lanes of a YMM into a GP register, with EVEX forms
// only (any of the 32 registers).
func ReduceY(v reg.VecVirtual) reg.GPVirtual { return evex.reduce(v) }

// ternlog immediates, A the destination (and first source), B, C the others
const (
	tOrAndBC    = 0xf8 // A | (B & C)
	tOrAndNotBC = 0xf2 // A | (C &^ B)
	tAndNotBC   = 0x20 // A &^ B & C
	tAndNotOr   = 0x10 // A &^ (B | C)
	tXor3       = 0x96 // A ^ B ^ C
)

// MovesAVX512VL is MovesAVX2 with AVX-512VL's VPTERNLOGQ folding each
// fill step's AND and OR, and broadcasts straight from GP registers.
type MovesAVX512VL struct {
	vectorCode
	dirFill
}

func NewMovesAVX512VL() *MovesAVX512VL { return &MovesAVX512VL{dirFill: newDirFill()} }

func (m *MovesAVX512VL) Setup() { m.setup(evex) }

func (m *MovesAVX512VL) Moves(P, O reg.GPVirtual) reg.GPVirtual {
	r := ReduceY(m.fill(BroadcastY(P), BroadcastY(O), evex))
	empties(r, P, O)
	return r
}

// MovesVec is Moves on P and O already broadcast to YMM lanes (kept):
// the empty squares are masked in the vector, before the reduction.
func (m *MovesAVX512VL) MovesVec(PP, OO reg.VecVirtual) reg.GPVirtual {
	f := m.fill(PP, OO, evex)
	VPTERNLOGQ(U8(tAndNotOr), PP, OO, f) // f &^ (PP | OO)
	return ReduceY(f)
}

// MovesAVX512 runs all eight directions in one ZMM: VPROLVQ rotates left
// by d in lanes 0-3 and by 64-d (right by d) in lanes 4-7. The inner masks
// on O exclude every edge a line leaves by, so nothing that wraps around
// survives.
type MovesAVX512 struct {
	vectorCode
	rot, rot2, inner Mem
	r, r2, in        reg.VecVirtual
}

func NewMovesAVX512() *MovesAVX512 {
	return &MovesAVX512{rot: table("dirRot"), rot2: table("dirRot").Offset(64), inner: table("dirInner")}
}

func (m *MovesAVX512) Setup() {
	m.r, m.r2, m.in = ZMM(), ZMM(), ZMM()
	VMOVDQU64(m.rot, m.r)
	VMOVDQU64(m.rot2, m.r2)
	VMOVDQU64(m.inner, m.in)
}

func (m *MovesAVX512) Moves(P, O reg.GPVirtual) reg.GPVirtual {
	PP, OO := ZMM(), ZMM()
	VPBROADCASTQ(P, PP)
	VPBROADCASTQ(O, OO)
	r := ReduceY(m.fill(PP, OO))
	empties(r, P, O)
	return r
}

// MovesVec is Moves on P and O broadcast to the lanes of a YMM (kept),
// widened here to ZMM; the empty squares are masked in the vector.
func (m *MovesAVX512) MovesVec(PP, OO reg.VecVirtual) reg.GPVirtual {
	PZ, OZ := ZMM(), ZMM()
	VINSERTI64X4(Imm(1), PP, PP.AsZ(), PZ)
	VINSERTI64X4(Imm(1), OO, OO.AsZ(), OZ)
	f := m.fill(PZ, OZ)
	VPTERNLOGQ(U8(tAndNotOr), PP, OO, f) // f &^ (PP | OO), low half
	return ReduceY(f)
}

// fill returns the moves of the eight directions OR-ed down to four lanes
// of a YMM, not yet reduced nor masked.
func (m *MovesAVX512) fill(PP, OO reg.VecVirtual) reg.VecVirtual {
	mO, f, t, pre := ZMM(), ZMM(), ZMM(), ZMM()
	VPANDQ(m.in, OO, mO)
	VPROLVQ(m.r, PP, f)
	VPROLVQ(m.r, mO, pre)
	VPANDQ(mO, f, f)
	VPANDQ(mO, pre, pre)
	VPROLVQ(m.r, f, t)
	VPTERNLOGQ(U8(tOrAndBC), mO, t, f)
	for i := 0; i < 2; i++ {
		VPROLVQ(m.r2, f, t)
		VPTERNLOGQ(U8(tOrAndBC), pre, t, f)
	}
	VPROLVQ(m.r, f, f)
	y := YMM()
	VEXTRACTI64X4(Imm(1), f, y)
	VPORQ(y, f.AsY(), y)
	return y
}

// ---------------------------------------------------------------- SSE2

// MovesSSE2 has no per-lane shift counts, so it pairs each direction with
// its opposite by mirroring the board vertically in the high lane
// (BSWAP): a shift up by 8, 7 or 9 there is a shift by -8, -9 or -7 in
// the board. The horizontal pair runs in GP registers beside it: east
// moves by one carry-propagating addition, west by a Kogge-Stone fill.
type MovesSSE2 struct {
	gpCode
	vert, diag Mem
	v, d       reg.VecVirtual
}

func NewMovesSSE2() *MovesSSE2 {
	return &MovesSSE2{
		vert: table("movesInnerSSE2"),
		diag: table("movesInnerSSE2").Offset(16),
	}
}

func (m *MovesSSE2) Setup() {
	m.v, m.d = XMM(), XMM()
	MOVOU(m.vert, m.v)
	MOVOU(m.diag, m.d)
}

// pairSSE2 makes (r, bswap r) in an XMM.
func pairSSE2(r reg.GPVirtual) reg.VecVirtual {
	b := GP64()
	MOVQ(r, b)
	BSWAPQ(b)
	x, y := XMM(), XMM()
	MOVQ(r, x)
	MOVQ(b, y)
	PUNPCKLQDQ(y, x)
	return x
}

func sse2Dir(PP, mO reg.VecVirtual, d uint64) reg.VecVirtual {
	f, t, pre := XMM(), XMM(), XMM()
	MOVO(PP, f)
	PSLLQ(U8(d), f)
	PAND(mO, f)
	MOVO(f, t)
	PSLLQ(U8(d), t)
	PAND(mO, t)
	POR(t, f)
	MOVO(mO, pre)
	PSLLQ(U8(d), pre)
	PAND(mO, pre)
	for i := 0; i < 2; i++ {
		MOVO(f, t)
		PSLLQ(U8(2*d), t)
		PAND(pre, t)
		POR(t, f)
	}
	PSLLQ(U8(d), f)
	return f
}

func (m *MovesSSE2) Moves(P, O reg.GPVirtual) reg.GPVirtual {
	PP, OO := pairSSE2(P), pairSSE2(O)
	mV, mD := XMM(), XMM()
	MOVO(OO, mV)
	PAND(m.v, mV)
	MOVO(OO, mD)
	PAND(m.d, mD)
	// horizontal, in GP registers meanwhile
	h := horizontalGP(P, O)
	acc := sse2Dir(PP, mV, 8)
	POR(sse2Dir(PP, mD, 7), acc)
	POR(sse2Dir(PP, mD, 9), acc)
	r, hi := GP64(), GP64()
	MOVQ(acc, r)
	PSHUFD(U8(0x4e), acc, acc)
	MOVQ(acc, hi)
	BSWAPQ(hi)
	ORQ(hi, r)
	ORQ(h, r)
	empties(r, P, O)
	return r
}

// shrAnd sets dst to (src >> d) & mask.
func shrAnd(dst, src reg.GPVirtual, d uint64, mask reg.GPVirtual) {
	MOVQ(src, dst)
	SHRQ(U8(d), dst)
	ANDQ(mask, dst)
}

// horizontalGP returns the east and west moves (not yet masked to empty
// squares): east by adding, to the inner O discs, the first disc of each
// run that follows a P disc (the carry runs through the run and lands on
// the square after it, at most on the h-file), west by a fill.
func horizontalGP(P, O reg.GPVirtual) reg.GPVirtual {
	mO := GP64()
	MOVQ(U64(Inner[0]), mO)
	ANDQ(O, mO)
	e := GP64()
	LEAQ(Mem{Base: P, Index: P, Scale: 1}, e) // P << 1
	ANDQ(mO, e)
	ADDQ(mO, e) // what is left of the runs is O: the empties mask drops it
	// west: MovesGP's parallel-prefix fill toward lower bits (here with
	// one scratch register: the same instructions, other registers)
	f, t, pr := GP64(), GP64(), GP64()
	shrAnd(f, P, 1, mO)
	shrAnd(t, f, 1, mO)
	ORQ(t, f)
	shrAnd(pr, mO, 1, mO)
	for i := 0; i < 2; i++ {
		shrAnd(t, f, 2, pr)
		ORQ(t, f)
	}
	SHRQ(U8(1), f)
	ORQ(f, e)
	return e
}
