// Package lastflip emits inline count_last_flip and score_1 code for avo
// generators: forms.go wraps each form in a function and a batch loop
// (gen/count_last_flip and gen/score_1 call it), and a whole-leaf generator (solve_2 .. solve_4 in assembly) can
// inline score_1 with no call.
//
// The code reads the Go tables of variants/count_last_flip_tables.go (and, for
// the forms of catalog.go, count_last_flip_tables_catalog_amd64.go) as
// ·name(SB), so it must be generated into package variants. Their layouts:
//
//	lfCountFlip [8*256]uint8    2 x P's flips at pos on a full line, by P's 8-bit pattern
//	lfPair      [36*256]uint16  P's (low byte) and O's (high byte) 2 x flips, by geometry*256 + pattern
//	lfMask      [64][4]uint64   lanes file, a1-h8, h1-a8 diagonal (byte r = row r), row bit selectors
//	lfPairMask  [64][4]uint64   lfMask with diagonals shifted down to start at byte 0
//	lfPairShift [64][4]uint64   those shifts (bits), for VPSRLVQ of P
//	lfShuf      [8][4]uint64    VPSHUFB control: lanes 0-2 kept, lane 3 = byte y of P
//	lfMMOfs     [64]uint64      movemask lookup offsets (16 bits each): lanes 0, 2, 1, 3
//	lfPairOfs   [64]uint64      the same for lfPair
//	lfPext      [64][8]uint64   masks file, PEXT line, kindergarten line, PEXT box line; their offsets
//	lfRay       [64][8]uint64   rays E, N, NE, NW, W, S, SW, SE
//	lfNb        [64][8]uint64   nearest square of each ray
//	lfNeighbour [64]uint64      the squares next to x
//
// Every emitter takes P and x (0..63) in registers and leaves them
// unchanged; counts come back doubled, as Edax's last_flip returns them.
// Emitters that touch YMM/ZMM registers leave VZEROUPPER to the caller.
package lastflip

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// Table addresses the Go table name of package variants.
func Table(name string) Mem { return asmgen.GoTable(name) }

func lea(name string) reg.GPVirtual {
	r := GP64()
	LEAQ(Table(name), r)
	return r
}

var labels int

// newLabel returns a label name unique in the generated file.
func newLabel(s string) string {
	labels++
	return fmt.Sprintf("lf_%s_%d", s, labels)
}

// shifted returns x << s in a new register.
func shifted(x reg.GPVirtual, s int) reg.GPVirtual {
	r := GP64()
	MOVQ(x, r)
	SHLQ(U8(s), r)
	return r
}

// Counter emits a count of P's flips (2x) for P on the last empty square
// x. Pmem must hold a copy of P for counters that read P's row byte from
// memory (SSE2); the others ignore it.
type Counter func(P reg.GPVirtual, Pmem Mem, x reg.GPVirtual) reg.GPVirtual

// byteMem addresses byte y of the uint64 at m.
func byteMem(m Mem, y reg.GPVirtual) Mem {
	if m.Symbol.Name != "" || m.Index != nil || m.Base == nil {
		b := GP64()
		LEAQ(m, b)
		m = Mem{Base: b}
	}
	m.Index, m.Scale = y, 1
	return m
}

// CountSSE2 is Edax's SSE last_flip: P AND each diagonal/file mask has at
// most one bit per byte, 0 - byte sets its sign bit, and PMOVMSKB packs
// the line into a byte (bit r = row r) for COUNT_FLIP. The row is P's
// byte y, read from memory.
func CountSSE2(P reg.GPVirtual, Pmem Mem, x reg.GPVirtual) reg.GPVirtual {
	return countSSE2(P, Pmem, x, false)
}

// CountSSE2Opp is CountSSE2 for O = ^P &^ x given O in a register and P
// (not O) in memory: the row byte read is complemented (COUNT_FLIP
// ignores x's own bit), so the pass case needs no copy of O on the stack.
func CountSSE2Opp(O reg.GPVirtual, Pmem Mem, x reg.GPVirtual) reg.GPVirtual {
	return countSSE2(O, Pmem, x, true)
}

func countSSE2(P reg.GPVirtual, Pmem Mem, x reg.GPVirtual, complement bool) reg.GPVirtual {
	mt := lea("lfMask")
	xo := shifted(x, 5)
	pp := XMM()
	MOVQ(P, pp)
	PUNPCKLQDQ(pp, pp)
	m0, m1 := XMM(), XMM()
	MOVOU(Mem{Base: mt, Index: xo, Scale: 1}, m0)
	MOVOU(Mem{Base: mt, Index: xo, Scale: 1, Disp: 16}, m1)
	PAND(pp, m0)
	PAND(pp, m1)
	z0, z1 := XMM(), XMM()
	PXOR(z0, z0)
	PXOR(z1, z1)
	PSUBB(m0, z0)
	PSUBB(m1, z1)
	t0, t1 := GP64(), GP64()
	PMOVMSKB(z0, t0.As32()) // file | a1-h8 diagonal << 8
	PMOVMSKB(z1, t1.As32()) // h1-a8 diagonal (bits 8-15: unused lane)
	cf := lea("lfCountFlip")
	cy := GP64() // table row for pos y
	MOVQ(x, cy)
	ANDQ(U8(56), cy)
	SHLQ(U8(5), cy)
	ADDQ(cf, cy)
	cc := GP64() // table row for pos c
	MOVQ(x, cc)
	ANDQ(U8(7), cc)
	SHLQ(U8(8), cc)
	ADDQ(cf, cc)
	n, i := GP64(), GP64()
	MOVBLZX(t0.As8(), i.As32())
	MOVBLZX(Mem{Base: cy, Index: i, Scale: 1}, n.As32())
	SHRL(U8(8), t0.As32())
	MOVBLZX(Mem{Base: cy, Index: t0, Scale: 1}, i.As32())
	ADDL(i.As32(), n.As32())
	MOVBLZX(t1.As8(), t1.As32())
	MOVBLZX(Mem{Base: cy, Index: t1, Scale: 1}, i.As32())
	ADDL(i.As32(), n.As32())
	y := GP64()
	MOVQ(x, y)
	SHRQ(U8(3), y)
	MOVBLZX(byteMem(Pmem, y), i.As32())
	if complement {
		XORL(U32(0xff), i.As32())
	}
	MOVBLZX(Mem{Base: cc, Index: i, Scale: 1}, i.As32())
	ADDL(i.As32(), n.As32())
	return n
}

// broadcastAVX2 puts P in the four lanes of a YMM register (VEX only: no
// SSE/AVX transition in loops).
func broadcastAVX2(P reg.GPVirtual) reg.VecVirtual {
	pp := XMM()
	VMOVQ(P, pp)
	p4 := YMM()
	VPBROADCASTQ(pp, p4)
	return p4
}

// rowToLane3 copies P's row byte y into the eight bytes of lane 3.
func rowToLane3(p4 reg.VecVirtual, x reg.GPVirtual) reg.VecVirtual {
	st := lea("lfShuf")
	yo := GP64()
	MOVQ(x, yo)
	ANDQ(U8(56), yo)
	SHLQ(U8(2), yo)
	ps := YMM()
	VPSHUFB(Mem{Base: st, Index: yo, Scale: 1}, p4, ps)
	return ps
}

// masks returns the lane masks of x and, for the pair table, shifts the
// diagonals of ps down to their first row.
func masks(ps reg.VecVirtual, x reg.GPVirtual, pair bool) Mem {
	xo := shifted(x, 5)
	if !pair {
		return Mem{Base: lea("lfMask"), Index: xo, Scale: 1}
	}
	VPSRLVQ(Mem{Base: lea("lfPairShift"), Index: xo, Scale: 1}, ps, ps)
	return Mem{Base: lea("lfPairMask"), Index: xo, Scale: 1}
}

// movemaskAVX2 is the 32-bit line index: bytes file, a1-h8, h1-a8, row.
func movemaskAVX2(P, x reg.GPVirtual, pair bool) reg.GPVirtual {
	ps := rowToLane3(broadcastAVX2(P), x)
	m := masks(ps, x, pair)
	a, z := YMM(), YMM()
	VPAND(m, ps, a)
	VPXOR(z, z, z)
	VPSUBB(a, z, a) // one bit per byte: 0 - b has the sign bit iff b != 0
	t := GP64()
	VPMOVMSKB(a, t.As32())
	return t
}

// movemaskAVX512 is movemaskAVX2 with VPTESTMB into a mask register
// (AVX-512 BW+VL, 256-bit: no ZMM).
func movemaskAVX512(P, x reg.GPVirtual, pair bool) reg.GPVirtual {
	p4 := YMM()
	VPBROADCASTQ(P, p4)
	ps := rowToLane3(p4, x)
	m := masks(ps, x, pair)
	k := K()
	VPTESTMB(m, ps, k)
	t := GP64()
	KMOVD(k, t.As32())
	return t
}

// lookup4 sums table[ofs + byte] over the four bytes of t, two offsets
// added per ADD (cf_ofs_d in Edax-AVX's count_last_flip_bmi2.c); scale 1
// reads uint8 entries, scale 2 uint16.
func lookup4(t, x reg.GPVirtual, table, ofs string, scale uint8) reg.GPVirtual {
	ot, cf := lea(ofs), lea(table)
	a, b := GP64(), GP64()
	MOVL(t.As32(), a.As32())
	ANDL(U32(0x00ff00ff), a.As32())
	ADDL(Mem{Base: ot, Index: x, Scale: 8}, a.As32())
	MOVL(t.As32(), b.As32())
	SHRL(U8(8), b.As32())
	ANDL(U32(0x00ff00ff), b.As32())
	ADDL(Mem{Base: ot, Index: x, Scale: 8, Disp: 4}, b.As32())
	load := func(i reg.GPVirtual, dst reg.Register) {
		if scale == 1 {
			MOVBLZX(Mem{Base: cf, Index: i, Scale: 1}, dst)
		} else {
			MOVWLZX(Mem{Base: cf, Index: i, Scale: 2}, dst)
		}
	}
	n, i := GP64(), GP64()
	MOVWLZX(a.As16(), i.As32())
	load(i, n.As32())
	SHRL(U8(16), a.As32())
	load(a, i.As32())
	ADDL(i.As32(), n.As32())
	MOVWLZX(b.As16(), i.As32())
	load(i, a.As32())
	ADDL(a.As32(), n.As32())
	SHRL(U8(16), b.As32())
	load(b, i.As32())
	ADDL(i.As32(), n.As32())
	return n
}

// CountAVX2: one VPMOVMSKB gathers the file and both diagonals, and the
// row (moved into lane 3 by VPSHUFB): four COUNT_FLIP lookups.
func CountAVX2(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	return lookup4(movemaskAVX2(P, x, false), x, "lfCountFlip", "lfMMOfs", 1)
}

// CountAVX512 is CountAVX2 with VPTESTMB/KMOVD for VPSUBB/VPMOVMSKB.
func CountAVX512(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	return lookup4(movemaskAVX512(P, x, false), x, "lfCountFlip", "lfMMOfs", 1)
}

// PairAVX2 returns P's count in the low byte and O's in the next: the
// same index (diagonals shifted to start at bit 0) looked up in lfPair,
// whose geometry offsets know where each diagonal ends.
func PairAVX2(P, x reg.GPVirtual) reg.GPVirtual {
	return lookup4(movemaskAVX2(P, x, true), x, "lfPair", "lfPairOfs", 2)
}

// PairAVX512 is PairAVX2 with VPTESTMB.
func PairAVX512(P, x reg.GPVirtual) reg.GPVirtual {
	return lookup4(movemaskAVX512(P, x, true), x, "lfPair", "lfPairOfs", 2)
}

// CountPEXT is the last_flip of Edax-AVX's count_last_flip_bmi2.c: the
// file by PEXT, one up-ray and one down-ray merged into one PEXT line, one
// east-ish and one west-ish ray merged into one kindergarten line
// (multiply by 0x0101010101010101), so three lookups; only the centre 16
// squares take a fourth.
func CountPEXT(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	pt, cf := lea("lfPext"), lea("lfCountFlip")
	xo := shifted(x, 6)
	at := func(d int) Mem { return Mem{Base: pt, Index: xo, Scale: 1, Disp: d} }
	n, i, t := GP64(), GP64(), GP64()
	PEXTQ(at(0), P, i)
	ADDQ(at(32), i)
	MOVBLZX(Mem{Base: cf, Index: i, Scale: 1}, n.As32())
	PEXTQ(at(8), P, i)
	ADDQ(at(40), i)
	MOVBLZX(Mem{Base: cf, Index: i, Scale: 1}, t.As32())
	ADDL(t.As32(), n.As32())
	k := GP64()
	MOVQ(U64(0x0101010101010101), k)
	MOVQ(P, i)
	ANDQ(at(16), i)
	IMULQ(k, i)
	SHRQ(U8(56), i)
	ADDQ(at(48), i)
	MOVBLZX(Mem{Base: cf, Index: i, Scale: 1}, t.As32())
	ADDL(t.As32(), n.As32())
	skip := newLabel("nobox")
	MOVQ(at(24), k)
	TESTQ(k, k)
	JZ(LabelRef(skip))
	PEXTQ(k, P, i)
	ADDQ(at(56), i)
	MOVBLZX(Mem{Base: cf, Index: i, Scale: 1}, t.As32())
	ADDL(t.As32(), n.As32())
	Label(skip)
	return n
}

// FlippedZMM returns the discs either side would flip on x as one
// bitboard, from the eight rays in the lanes of a ZMM register: on a full
// board the side not owning a ray's first square flips the run of the
// other's discs up to its own first disc, if it has one. The up-rays find
// it as the lowest set bit (S - 1 &^ S), the down-rays by VPLZCNTQ. P's
// flips are the result &^ P, O's the result & P.
func FlippedZMM(P, x reg.GPVirtual) reg.GPVirtual {
	p8 := ZMM()
	VPBROADCASTQ(P, p8)
	rt, nt := lea("lfRay"), lea("lfNb")
	xo := shifted(x, 6)
	M := Mem{Base: rt, Index: xo, Scale: 1}
	kp := K()
	VPTESTMQ(Mem{Base: nt, Index: xo, Scale: 1}, p8, kp) // first square is P's: O flips there
	s := ZMM()
	VPANDQ(M, p8, s)
	VPANDNQ(M, p8, kp, s) // the flipping side's discs on each ray
	c, ku, kd := GP64(), K(), K()
	MOVL(U32(0x0f), c.As32())
	KMOVW(c.As32(), ku)
	MOVL(U32(0xf0), c.As32())
	KMOVW(c.As32(), kd)
	k3, k4 := K(), K()
	VPTESTMQ(s, s, ku, k3) // up-rays with a closing disc
	VPTESTMQ(s, s, kd, k4) // down-rays with a closing disc
	ones := ZMM()
	VPTERNLOGQ(U8(0xff), ones, ones, ones)
	t := ZMM()
	VPADDQ(ones, s, t) // S - 1
	l := ZMM()
	VPLZCNTQ(s, l)
	d := ZMM()
	VPSRLVQ(l, ones, d) // at and below the highest closing disc
	ru := ZMM()
	VMOVDQU64(M, ru)
	VPTERNLOGQ_Z(U8(0x20), t, s, k3, ru) // M &^ S & (S-1): below the lowest
	rd := ZMM()
	VPANDNQ_Z(M, d, k4, rd) // M &^ d: above the highest
	VPORQ(rd, ru, ru)
	return asmgen.FoldQ(ru, VPOR)
}

// CountZMM is P's half of FlippedZMM, popcounted.
func CountZMM(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	f := FlippedZMM(P, x)
	nP := GP64()
	MOVQ(P, nP)
	NOTQ(nP)
	ANDQ(f, nP)
	POPCNTQ(nP, nP)
	ADDQ(nP, nP)
	return nP
}

// HasMoveAVX2 sets ZF when P has no move on x (Edax's lazy high cut
// test): a ray lets P flip iff its first square is O's and it holds a P.
// mO = ray &^ P, zeroed if the whole ray is O's; mO & neighbours != 0.
func HasMoveAVX2(P, x reg.GPVirtual) {
	p4 := broadcastAVX2(P)
	rt := lea("lfRay")
	xo := shifted(x, 6)
	var f [2]reg.VecVirtual
	for h := range f {
		M := Mem{Base: rt, Index: xo, Scale: 1, Disp: 32 * h}
		mo, eq := YMM(), YMM()
		VPANDN(M, p4, mo)
		VPCMPEQQ(M, mo, eq)
		f[h] = YMM()
		VPANDN(mo, eq, f[h])
	}
	VPOR(f[1], f[0], f[0])
	nt := lea("lfNeighbour")
	nb := YMM()
	VPBROADCASTQ(Mem{Base: nt, Index: x, Scale: 8}, nb)
	VPTEST(nb, f[0])
}

// HasMoveAVX512 sets ZF when P has no move on x: per ray, VPTESTMQ
// (a P on it) masks VPTESTNMQ (first square not P's); 256-bit, no ZMM.
func HasMoveAVX512(P, x reg.GPVirtual) {
	p4 := YMM()
	VPBROADCASTQ(P, p4)
	rt, nt := lea("lfRay"), lea("lfNb")
	xo := shifted(x, 6)
	var k [2]reg.OpmaskVirtual
	for h := range k {
		kr := K()
		VPTESTMQ(Mem{Base: rt, Index: xo, Scale: 1, Disp: 32 * h}, p4, kr)
		k[h] = K()
		VPTESTNMQ(Mem{Base: nt, Index: xo, Scale: 1, Disp: 32 * h}, p4, kr, k[h])
	}
	KORTESTW(k[0], k[1])
}

// scoreOf is 2 x popcount(P) - 62: the final score if P has x and
// nothing flips.
func scoreOf(P reg.GPVirtual) reg.GPVirtual {
	c, s := GP64(), GP64()
	POPCNTQ(P, c)
	LEAQ(Mem{Base: c, Index: c, Scale: 1, Disp: -62}, s)
	return s
}

// fixup is the branchless pass score of Edax-AVX's mm_solve_1
// (count_last_flip_sse.c) after O's reply flipping o:
// score - o - ((-o | (score-1)) < 0) * 2, i.e. 2 more for O when O
// played or when P does not lead. sm1 = score - 1.
func fixup(score, sm1, o reg.GPVirtual) reg.GPVirtual {
	u, r := GP64(), GP64()
	MOVQ(o, u)
	NEGQ(u)
	ORQ(sm1, u)
	SARQ(U8(63), u)
	LEAQ(Mem{Base: score, Index: u, Scale: 2}, r)
	SUBQ(o, r)
	return r
}

// passScore is the score with x left empty: to O unless P leads.
func passScore(score, sm1 reg.GPVirtual) reg.GPVirtual {
	t, s0 := GP64(), GP64()
	MOVQ(sm1, t)
	SARQ(U8(63), t)
	LEAQ(Mem{Base: score, Index: t, Scale: 2}, s0)
	return s0
}

// Score1 emits Edax's board_score_1 at null window alpha on a counter:
// P's count; if P cannot play, the pass score, and only if that is above
// alpha O's count with the branchless fix-up. countO, if not nil, counts
// for O given O in a register and P's memory copy (CountSSE2Opp);
// otherwise count runs on O, with O stored to the stack if Pmem is set.
// With hasMove (lazy high cut), when even the smallest flip (2) lifts the
// score above alpha the count is skipped for score + 2, a bound: such
// variants must be registered with Cut LazyHighCut.
func Score1(count, countO Counter, hasMove func(P, x reg.GPVirtual), P reg.GPVirtual, Pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
	score := scoreOf(P)
	res := GP64()
	done, pass := newLabel("done"), newLabel("pass")
	if hasMove != nil {
		exact := newLabel("exact")
		LEAQ(Mem{Base: score, Disp: 2}, res)
		CMPQ(res, alpha)
		JLE(LabelRef(exact))
		hasMove(P, x)
		JNZ(LabelRef(done))
		JMP(LabelRef(pass))
		Label(exact)
	}
	n := count(P, Pmem, x)
	LEAQ(Mem{Base: score, Index: n, Scale: 1}, res)
	TESTQ(n, n)
	JNZ(LabelRef(done))
	Label(pass)
	passTail(count, countO, P, Pmem, x, alpha, score, res, done)
	Label(done)
	return res
}

// passTail emits board_score_1 after P's pass: res = the score with x
// left empty and, only if that is above alpha, O's reply (branch to done
// if not).
func passTail(count, countO Counter, P reg.GPVirtual, Pmem Mem, x, alpha, score, res reg.GPVirtual, done string) {
	sm1 := GP64()
	LEAQ(Mem{Base: score, Disp: -1}, sm1)
	s0 := passScore(score, sm1)
	MOVQ(s0, res)
	CMPQ(s0, alpha)
	JLE(LabelRef(done))
	O := GP64()
	MOVQ(P, O)
	NOTQ(O)
	BTRQ(x, O)
	var o reg.GPVirtual
	switch {
	case countO != nil:
		o = countO(O, Pmem, x)
	case Pmem.Base != nil || Pmem.Symbol.Name != "":
		Omem := AllocLocal(8)
		MOVQ(O, Omem)
		o = count(O, Omem, x)
	default:
		o = count(O, Pmem, x)
	}
	MOVQ(fixup(score, sm1, o), res)
}

// ScoreSimul emits score_1 from both counts at once, with no branch: nP
// and nO are P's and O's doubled counts.
func ScoreSimul(P, alpha, nP, nO reg.GPVirtual) reg.GPVirtual {
	score := scoreOf(P)
	res := GP64()
	LEAQ(Mem{Base: score, Index: nP, Scale: 1}, res)
	sm1 := GP64()
	LEAQ(Mem{Base: score, Disp: -1}, sm1)
	s0 := passScore(score, sm1)
	fx := fixup(score, sm1, nO)
	CMPQ(s0, alpha)
	CMOVQGT(fx, s0) // O's reply only counts above alpha (Edax's lazy cut)
	TESTQ(nP, nP)
	CMOVQEQ(s0, res)
	return res
}

// splitPair splits a PairAVX2/PairAVX512 result into P's and O's counts.
func splitPair(n reg.GPVirtual) (nP, nO reg.GPVirtual) {
	nP, nO = GP64(), GP64()
	MOVBLZX(n.As8(), nP.As32())
	MOVL(n.As32(), nO.As32())
	SHRL(U8(8), nO.As32())
	return nP, nO
}

// scorePair is ScoreSimul on both counts in one register (P's in the low
// byte, O's in the next).
func scorePair(P, alpha, pair reg.GPVirtual) reg.GPVirtual {
	nP, nO := splitPair(pair)
	return ScoreSimul(P, alpha, nP, nO)
}

// Score1SimulAVX2 is score_1 on PairAVX2: both sides' counts from one
// index, so a pass costs nothing more (Edax's SIMULLASTFLIP).
func Score1SimulAVX2(P, x, alpha reg.GPVirtual) reg.GPVirtual {
	return scorePair(P, alpha, PairAVX2(P, x))
}

// Score1SimulAVX512 is score_1 on PairAVX512 (VPTESTMB, 256-bit).
func Score1SimulAVX512(P, x, alpha reg.GPVirtual) reg.GPVirtual {
	return scorePair(P, alpha, PairAVX512(P, x))
}

// Score1SimulZMM is score_1 on FlippedZMM: both sides' flips from the
// eight rays in one 512-bit register.
func Score1SimulZMM(P, x, alpha reg.GPVirtual) reg.GPVirtual {
	f := FlippedZMM(P, x)
	nP, nO := GP64(), GP64()
	MOVQ(P, nP)
	NOTQ(nP)
	ANDQ(f, nP)
	POPCNTQ(nP, nP)
	ADDQ(nP, nP)
	MOVQ(P, nO)
	ANDQ(f, nO)
	POPCNTQ(nO, nO)
	ADDQ(nO, nO)
	return ScoreSimul(P, alpha, nP, nO)
}
