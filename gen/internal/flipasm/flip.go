package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Flipper emits an inline flip: the discs of O that P flips by playing on
// the empty square x (0 if none).
type Flipper interface {
	// Setup loads constants and table addresses; call once per function.
	Setup()
	// Flip emits flip(P, O, x) into a new register; P, O and x are kept.
	Flip(P, O, x reg.GPVirtual) reg.GPVirtual
	// Vector reports whether the emitter uses YMM/ZMM (VZEROUPPER at RET).
	Vector() bool
}

// vectorCode is embedded by the emitters that use YMM or ZMM registers,
// gpCode by the others (GP and XMM only): their Vector.
type (
	vectorCode struct{}
	gpCode     struct{}
)

func (vectorCode) Vector() bool { return true }
func (gpCode) Vector() bool     { return false }

// Every vector flip here splits each ray from x in two halves of four
// lanes: up (toward higher bits), where the first square that is not O is
// the lowest set bit of ~O & ray (LS1B: s & -s), and down, where it is the
// highest (MS1B), which needs LZCNT or a fill. The discs between x and
// that square flip if it is P's.
//
// Two identities keep them branch-free:
//   up:   the run below LS1B(s) is (s-1) &^ s; it flips iff LS1B(s) & P != 0
//   down: with q = MS1B(s) & P (0 if not P's), the run is ray & -(2q):
//         the ray's squares above q, and nothing when q is 0.

// rowTable is a table of 64 bytes a square (lfRay: x's up rays, then its
// down rays, 32 bytes each), its address in tab once setupRows has run.
type rowTable struct {
	rows Mem
	tab  reg.GPVirtual
}

// lfRays is the rowTable of x's rays.
func lfRays() rowTable { return rowTable{rows: table("lfRay")} }

func (t *rowTable) setupRows() {
	t.tab = GP64()
	LEAQ(t.rows, t.tab)
}

// row addresses x's row: x*64 bytes into the table.
func (t *rowTable) row(x reg.GPVirtual) Mem {
	a := GP64()
	MOVQ(x, a)
	SHLQ(U8(6), a)
	return Mem{Base: t.tab, Index: a, Scale: 1}
}

// upDown addresses x's up rays and its down rays in lfRay.
func (t *rowTable) upDown(x reg.GPVirtual) (up, dn Mem) {
	up = t.row(x)
	return up, up.Offset(32)
}

// ---------------------------------------------------------------- AVX-512

// FlipAVX512 is Edax-AVX's flip_avx512cd in 256-bit registers: the up half
// by LS1B, the down half by VPLZCNTQ; the validity tests go to mask
// registers (VPTESTMQ) and VPTERNLOGQ applies them.
type FlipAVX512 struct {
	vectorCode
	rowTable
	ones    Mem
	one, hi reg.VecVirtual
}

func NewFlipAVX512() *FlipAVX512 {
	return &FlipAVX512{rowTable: lfRays(), ones: table("flipOnes")}
}

func (f *FlipAVX512) Setup() {
	f.SetupGP()
	f.SetupVec()
}

// SetupVec loads the vector constants only: a caller short of GP
// registers holds them across its flips and calls SetupGP before each.
func (f *FlipAVX512) SetupVec() {
	f.one, f.hi = YMM(), YMM()
	VPBROADCASTQ(f.ones, f.one)
	VPSLLQ(U8(63), f.one, f.hi)
}

// SetupGP loads the ray table's address.
func (f *FlipAVX512) SetupGP() {
	f.setupRows()
}

func (f *FlipAVX512) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	return ReduceY(f.lanes(BroadcastY(P), BroadcastY(O), x))
}

// FlipVec is Flip on P and O already broadcast to YMM lanes (kept); the
// flipped discs come back in every lane, ready for the next ply's vector
// work without a trip through GP registers.
func (f *FlipAVX512) FlipVec(PP, OO reg.VecVirtual, x reg.GPVirtual) reg.VecVirtual {
	d := f.lanes(PP, OO, x)
	t := YMM()
	VSHUFI64X2(U8(1), d, d, t) // swap the 128-bit halves
	VPORQ(t, d, d)
	VPSHUFD(U8(0x4e), d, t) // swap the words of each half
	VPORQ(t, d, d)
	return d
}

func (f *FlipAVX512) lanes(PP, OO reg.VecVirtual, x reg.GPVirtual) reg.VecVirtual {
	up, dn := f.upDown(x)
	s, d, t := YMM(), YMM(), YMM()
	k1, k2 := K(), K()
	VPANDNQ(up, OO, s) // stops: ~O on the ray
	VPADDQ(f.one, s, d)
	VPANDNQ(s, d, t) // LS1B(s)
	VPTESTMQ(PP, t, k1)
	VPTERNLOGQ_Z(U8(tAndNotBC), up, s, k1, d) // (s-1) &^ s & ray where valid
	s2, n, e, h := YMM(), YMM(), YMM(), YMM()
	VPANDNQ(dn, OO, s2)
	VPLZCNTQ(s2, n)
	VPSRLVQ(n, f.one, e) // squares at or below MS1B(s2); 0 if none
	VPSRLVQ(n, f.hi, h)  // MS1B(s2)
	VPTESTMQ(PP, h, k2)
	VPTERNLOGQ(U8(tOrAndNotBC), dn, e, k2, d) // | ray &^ e where valid
	return d
}

// ---------------------------------------------------------------- AVX2

// stepRegs holds the steps of the four directions in registers (dirSteps:
// E, N, NE, NW as 1, 8, 9, 7 in the lanes, times 1, 2 and 4).
type stepRegs struct {
	step       Mem
	s1, s2, s4 reg.VecVirtual
}

func dirSteps() stepRegs { return stepRegs{step: table("dirSteps")} }

// setupSteps loads the first n steps (2: d and 2d, 3: and 4d).
func (s *stepRegs) setupSteps(n int) {
	regs := []*reg.VecVirtual{&s.s1, &s.s2, &s.s4}[:n]
	for _, r := range regs {
		*r = YMM()
	}
	for i, r := range regs {
		VMOVDQU(s.step.Offset(32*i), *r)
	}
}

// smearDown sets res to src with each bit smeared down its lane's ray
// (src | src>>d, then by 2d and 4d: a parallel-prefix fill); the first
// shift goes to first (res or tmp), the others to tmp.
func (s *stepRegs) smearDown(src, first, res, tmp reg.VecVirtual) {
	VPSRLVQ(s.s1, src, first)
	VPOR(src, first, res)
	VPSRLVQ(s.s2, res, tmp)
	VPOR(tmp, res, res)
	VPSRLVQ(s.s4, res, tmp)
	VPOR(tmp, res, res)
}

// avx2Flip is what the AVX2 flips share: x's rays, a YMM of zeros (once
// setupZero has run), and their start.
type avx2Flip struct {
	vectorCode
	rowTable
	zero reg.VecVirtual
}

func (a *avx2Flip) setupZero() {
	a.zero = YMM()
	VPXOR(a.zero, a.zero, a.zero)
}

// start broadcasts P and O to the four lanes of a YMM each and addresses
// x's up and down rays.
func (a *avx2Flip) start(P, O, x reg.GPVirtual) (PP, OO reg.VecVirtual, up, dn Mem) {
	PP, OO = BroadcastAVX2(P), BroadcastAVX2(O)
	up, dn = a.upDown(x)
	return PP, OO, up, dn
}

// downFlipsAVX2 turns m, the MS1B of each down ray's stops (four lanes),
// into the flips: q = m & P, then ray & -(2q).
func downFlipsAVX2(m, PP, zero reg.VecVirtual, dn Mem) {
	VPAND(PP, m, m)
	VPADDQ(m, m, m)
	VPSUBQ(m, zero, m)
	VPAND(dn, m, m)
}

// FlipAVX2PPFill is Edax-AVX's flip_avx_ppfill: the up half by LS1B, the
// down half by a parallel-prefix fill along each ray (shifts d, 2d, 4d)
// that isolates MS1B without LZCNT.
type FlipAVX2PPFill struct {
	avx2Flip
	stepRegs
	ones Mem
	one  reg.VecVirtual
}

func NewFlipAVX2PPFill() *FlipAVX2PPFill {
	return &FlipAVX2PPFill{
		avx2Flip: avx2Flip{rowTable: lfRays()},
		stepRegs: dirSteps(),
		ones:     table("flipOnes"),
	}
}

func (f *FlipAVX2PPFill) Setup() {
	f.setupRows()
	f.setupSteps(3)
	f.one = YMM()
	VPBROADCASTQ(f.ones, f.one)
	f.setupZero()
}

func (f *FlipAVX2PPFill) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO, up, dn := f.start(P, O, x)
	// up: LS1B
	s, t, l := YMM(), YMM(), YMM()
	VPANDN(up, OO, s)
	VPADDQ(f.one, s, t)
	VPANDN(s, t, l) // LS1B(s)
	VPAND(PP, l, l)
	VPCMPEQQ(f.zero, l, l) // all ones where it is not P's
	VPANDN(t, s, t)        // (s-1) &^ s
	VPANDN(t, l, t)
	VPAND(up, t, t)
	// down: fill the stops downward along the ray, MS1B is the stop that
	// nothing above covers
	s2, e, u := YMM(), YMM(), YMM()
	VPANDN(dn, OO, s2)
	f.smearDown(s2, e, e, u)
	VPSRLVQ(f.s1, e, u)
	VPANDN(s2, u, u) // MS1B(s2)
	downFlipsAVX2(u, PP, f.zero, dn)
	VPOR(u, t, t)
	return ReduceAVX2(t)
}

// ---------------------------------------------------------------- SSE2

// FlipSSE2 holds the four up rays in two XMM (two lanes each) and finds
// LS1B as above; SSE2 has neither per-lane shifts nor LZCNT, so the down
// rays smear their stops to every lower bit (shifts 1, 2, 4 ... 32, the
// same in both lanes) to isolate MS1B. A lane's "is it zero" comes from
// the sign of o-1 (o is one bit or none).
type FlipSSE2 struct {
	gpCode
	rowTable
	ones Mem
	one  reg.VecVirtual
}

func NewFlipSSE2() *FlipSSE2 {
	return &FlipSSE2{rowTable: lfRays(), ones: table("flipOnes")}
}

func (f *FlipSSE2) Setup() {
	f.setupRows()
	f.one = XMM()
	MOVOU(f.ones, f.one)
}

// raysSSE2 ORs into *acc what flips makes of x's rays at byte off of its
// row (up rays at 0, down rays at 32), in two XMM of two rays each: flips
// gets the rays and their stops, ~O & ray.
func raysSSE2(acc *reg.VecVirtual, row Mem, off int, OO reg.VecVirtual, flips func(ray Mem, s reg.VecVirtual) reg.VecVirtual) {
	for h := 0; h < 2; h++ {
		ray := row.Offset(off + 16*h)
		orInto(acc, flips(ray, stopsSSE2(OO, ray)))
	}
}

// stopsSSE2 returns the squares of the rays ray (two lanes) that are not
// O's, where a ray from x stops: ~O & ray.
func stopsSSE2(OO reg.VecVirtual, ray Mem) reg.VecVirtual {
	s := XMM()
	MOVO(OO, s)
	PANDN(ray, s)
	return s
}

// orInto ORs v into the XMM *acc, or makes v the accumulator if there is
// none yet.
func orInto(acc *reg.VecVirtual, v reg.VecVirtual) {
	if *acc == nil {
		*acc = v
		return
	}
	POR(v, *acc)
}

func dupSSE2(r reg.GPVirtual) reg.VecVirtual {
	x := XMM()
	MOVQ(r, x)
	PUNPCKLQDQ(x, x)
	return x
}

func (f *FlipSSE2) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	PP, OO := dupSSE2(P), dupSSE2(O)
	row := f.row(x)
	var acc reg.VecVirtual
	raysSSE2(&acc, row, 0, OO, func(ray Mem, s reg.VecVirtual) reg.VecVirtual {
		d, l, sg := XMM(), XMM(), XMM()
		MOVO(s, d)
		PADDQ(f.one, d) // s-1
		MOVO(d, l)
		PANDN(s, l) // LS1B(s)
		PAND(PP, l) // o
		PADDQ(f.one, l)
		PSHUFD(U8(0xf5), l, sg)
		PSRAL(U8(31), sg) // all ones where o was 0
		PANDN(l, sg)      // o-1, or 0
		PAND(ray, sg)
		return sg
	})
	raysSSE2(&acc, row, 32, OO, func(ray Mem, s reg.VecVirtual) reg.VecVirtual {
		e, t := XMM(), XMM()
		MOVO(s, e)
		for _, k := range []uint64{1, 2, 4, 8, 16, 32} {
			MOVO(e, t)
			PSRLQ(U8(k), t)
			POR(t, e)
		}
		MOVO(e, t)
		PSRLQ(U8(1), t)
		PANDN(e, t) // MS1B(s)
		PAND(PP, t) // q
		PADDQ(t, t)
		z := XMM()
		PXOR(z, z)
		PSUBQ(t, z) // -(2q)
		PAND(ray, z)
		return z
	})
	return reduceSSE2(acc)
}

// reduceSSE2 ORs the two lanes of an XMM (v, destroyed) into a GP register.
func reduceSSE2(v reg.VecVirtual) reg.GPVirtual {
	t := XMM()
	PSHUFD(U8(0x4e), v, t)
	POR(t, v)
	r := GP64()
	MOVQ(v, r)
	return r
}

// ---------------------------------------------------------------- GP

// FlipBitscan walks the eight rays in GP registers: LS1B by NEG/AND on the
// up rays, MS1B by LZCNT on the down rays. LZCNT of an empty stop set is
// 64, which selects bit 63 (never on a down ray): 2q then overflows to 0.
type FlipBitscan struct {
	gpCode
	rowTable
}

func NewFlipBitscan() *FlipBitscan { return &FlipBitscan{rowTable: lfRays()} }

func (f *FlipBitscan) Setup() {
	f.setupRows()
}

func (f *FlipBitscan) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	row := f.row(x)
	nO, r := GP64(), GP64()
	MOVQ(O, nO)
	NOTQ(nO)
	XORQ(r, r)
	for i := 0; i < 4; i++ {
		ray := row.Offset(8 * i)
		s, l, d := GP64(), GP64(), GP64()
		MOVQ(ray, s)
		ANDQ(nO, s)
		MOVQ(s, l)
		NEGQ(l)
		ANDQ(s, l) // LS1B
		ANDQ(P, l) // o
		LEAQ(Mem{Base: l, Disp: -1}, d)
		ANDQ(ray, d)
		TESTQ(l, l)
		CMOVQEQ(l, d) // o == 0: nothing
		ORQ(d, r)
	}
	for i := 0; i < 4; i++ {
		ray := row.Offset(32 + 8*i)
		s, n, q := GP64(), GP64(), GP64()
		MOVQ(ray, s)
		ANDQ(nO, s)
		LZCNTQ(s, n)
		NOTQ(n) // 63-n, mod 64
		XORQ(q, q)
		BTSQ(n, q)
		ANDQ(P, q)
		ADDQ(q, q)
		NEGQ(q)
		ANDQ(ray, q)
		ORQ(q, r)
	}
	return r
}

// ---------------------------------------------------------------- BMI2

// FlipPEXT is Edax's flip_bmi2: each of the four lines through x gathered
// into a byte (PEXT; the row by a shift), two table lookups (the
// outflanking squares of x's position in the line given the O byte, then
// the flipped squares given the outflanks that are P's) and PDEP back.
type FlipPEXT struct {
	gpCode
	rowTable
	outflank, flipped Mem
	out, flp          reg.GPVirtual
}

func NewFlipPEXT() *FlipPEXT {
	return &FlipPEXT{rowTable: rowTable{rows: table("pextLines")}, outflank: table("pextOutflank"), flipped: table("pextFlipped")}
}

func (f *FlipPEXT) Setup() {
	f.setupRows()
	f.out, f.flp = GP64(), GP64()
	LEAQ(f.outflank, f.out)
	LEAQ(f.flipped, f.flp)
}

// line emits the flips of one line given its O and P bytes (o, p: zero
// extended) and the table offset k (256 * position of x).
func (f *FlipPEXT) line(o, p reg.GPVirtual, k Op) reg.GPVirtual {
	t := GP64()
	ADDQ(k, o)
	MOVBQZX(Mem{Base: f.out, Index: o, Scale: 1}, t)
	ANDQ(p, t)
	ADDQ(k, t)
	r := GP64()
	MOVBQZX(Mem{Base: f.flp, Index: t, Scale: 1}, r)
	return r
}

func (f *FlipPEXT) Flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	row := f.row(x)
	// the row: a shift
	sh, o, p := GP64(), GP64(), GP64()
	MOVQ(row.Offset(56), sh)
	SHRXQ(sh, O, o)
	SHRXQ(sh, P, p)
	MOVBQZX(o.As8(), o)
	r := f.line(o, p, row.Offset(24))
	SHLXQ(sh, r, r)
	for i := 0; i < 3; i++ {
		m, o, p := GP64(), GP64(), GP64()
		MOVQ(row.Offset(8*i), m)
		PEXTQ(m, O, o)
		PEXTQ(m, P, p)
		l := f.line(o, p, row.Offset(32+8*i))
		PDEPQ(m, l, l)
		ORQ(l, r)
	}
	return r
}
