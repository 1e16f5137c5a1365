// Package stability emits the stable-edge, stable-edge-count and
// stability variants (gen/stable_edge, gen/stable_edge_count and
// gen/stability call it):
// Edax's edge-stability table read with SSE2 PMOVMSKB + PUNPCKLBW gathers
// or BMI2 PEXT/PDEP, the count-only forms, and get_stability with its full
// lines computed four directions at once in AVX2, or as Edax-AVX does it
// (PCMPEQB ranks, mirrored-board diagonals, the spread in one ymm) with an
// early exit, in AVX2 and AVX-512VL.
package stability

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

const (
	fileA    = 0x0101010101010101
	fileH    = 0x8080808080808080
	central  = 0x007e7e7e7e7e7e00
	packAMul = 0x0102040810204080 // packA1A8: the A file into the top byte
	packHMul = 0x0002040810204081 // packH1H8
	unpA2A7  = 0x0000040810204080 // bits 1..6 onto A2..A7
	unpH2H7  = 0x0002040810204000 // bits 1..6 onto H2..H7
)

// edgeStab is the Go variable (package variants) pointing at the
// 256 x 256 edge-stability table, index p*256+o.
var edgeStab = NewDataAddr(Symbol{Name: "·edgeStab"}, 0)

var fileA1A8 Mem // A1_A8[s]: the 8-bit line s on the A file

// filesTable emits fileA1A8 once per generated file, for the functions
// that scatter the stable files through it.
func filesTable() {
	if fileA1A8.Symbol.Name != "" {
		return
	}
	var t [256]uint64
	for s := range t {
		for i := 0; i < 8; i++ {
			if s>>i&1 != 0 {
				t[s] |= 1 << (8 * i)
			}
		}
	}
	fileA1A8 = asmgen.Table64("fileA1A8", t[:])
}

// StableEdgeFuncs emits stable_edge's variants.
func StableEdgeFuncs() {
	filesTable()
	stableEdgeSSE2(false)
	stableEdgePEXT(false)
}

// StableEdgeCountFuncs emits stable_edge_count's variants.
func StableEdgeCountFuncs() {
	stableEdgeSSE2(true)
	stableEdgePEXT(true)
}

// StabilityFuncs emits stability's variants.
func StabilityFuncs() {
	filesTable()
	stabilityAVX2()
	spreadTables()
	stabilitySpread(spreadVariant{fn: "stabilitySpread", doc: ", AVX2", v: asmgen.Variant{Kernel: "Stability", Name: "avx2-spread", Rank: 25,
		Note: "AVX2 Edax get_stability: PCMPEQB full ranks, mirrored-board diagonal fill, spread in one ymm; 0 early when no edge or rank-and-file disc"}})
	stabilitySpread(spreadVariant{fn: "stabilitySpread512", evex: true, doc: ", AVX-512VL VPTERNLOGQ", v: asmgen.Variant{Kernel: "Stability", Name: "avx512vl-spread", Rank: 26,
		Note: "avx2-spread with AVX-512VL VPTERNLOGQ (256-bit): 3-input ANDs and ORs in the diagonal fill and the spread"}})
}

// lookup loads edge_stability[idx] (idx a 64-bit register, clobbered).
func lookup(tab, idx reg.GPVirtual) reg.GPVirtual {
	MOVBQZX(Mem{Base: tab, Index: idx, Scale: 1}, idx)
	return idx
}

// stableEdgeSSE2 gathers the four edges as Edax-AVX's get_stable_edge
// (board_sse.c) does with SSE2: the
// ranks as 16-bit words of PUNPCKLBW(O, P) (already index p*256+o), the A
// and H files by PMOVMSKB of the pair (O, P), shifted by 7 for the A file.
func stableEdgeSSE2(count bool) {
	if count {
		asmgen.Register("stableEdgeCountSSE2", asmgen.Variant{Kernel: "StableEdgeCount", Name: "sse2-movmsk", Rank: 30, Note: "SSE2 PUNPCKLBW/PMOVMSKB gathers, no scatter: four table bytes, one POPCNT"})
		asmgen.Func("stableEdgeCountSSE2", "func(P, O uint64) int")
		Doc("stableEdgeCountSSE2 counts P's stable edge discs: PUNPCKLBW/PMOVMSKB gathers, four table bytes in 32 bits, POPCNT.")
	} else {
		asmgen.Register("stableEdgeSSE2", asmgen.Variant{Kernel: "StableEdge", Name: "sse2-movmsk", Rank: 30, Note: "SSE2: ranks from PUNPCKLBW(O, P) words, files by PMOVMSKB, A1_A8 table scatter (Edax 4.5)"})
		asmgen.Func("stableEdgeSSE2", "func(P, O uint64) uint64")
		Doc("stableEdgeSSE2 returns P's stable edge discs: PUNPCKLBW/PMOVMSKB gathers, A1_A8 table scatter.")
	}
	P, O := asmgen.LoadBoard()
	xp, xo, x := XMM(), XMM(), XMM()
	MOVQ(P, xp)
	MOVQ(O, xo)
	MOVO(xo, x)
	PUNPCKLBW(xp, x) // bytes O0 P0 O1 P1 ...: word 0 is rank 1, word 7 rank 8
	r1, r8, fa, fh := GP64(), GP64(), GP64(), GP64()
	MOVQ(x, r1)
	MOVWLZX(r1.As16(), r1.As32())
	PSRLDQ(Imm(14), x) // word 7 alone (PEXTRW by register is SSE4.1 to avo)
	MOVQ(x, r8)
	PUNPCKLQDQ(xp, xo) // O in the low half, P in the high half
	PMOVMSKB(xo, fh.As32())
	PSLLQ(Imm(7), xo) // bit 0 of each byte (the A file) to the sign bit
	PMOVMSKB(xo, fa.As32())
	tab := GP64()
	MOVQ(edgeStab, tab)
	s1, s8, sa, sh := lookup(tab, r1), lookup(tab, r8), lookup(tab, fa), lookup(tab, fh)
	if count {
		returnEdgeCount(s1, s8, sa, sh)
		return
	}
	SHLQ(Imm(56), s8)
	ORQ(s8, s1)
	filesOnBoard(sa, sh)
	ORQ(sa, s1)
	ORQ(sh, s1)
	Store(s1, ReturnIndex(0))
	RET()
}

// filesOnBoard turns the stable A-file and H-file lines sa and sh (8 bits,
// rank order) into their squares, through the A1_A8 table.
func filesOnBoard(sa, sh reg.GPVirtual) {
	ft := GP64()
	LEAQ(fileA1A8, ft)
	MOVQ(Mem{Base: ft, Index: sa, Scale: 8}, sa)
	MOVQ(Mem{Base: ft, Index: sh, Scale: 8}, sh)
	SHLQ(Imm(7), sh)
}

// stableEdgePEXT gathers the files with PEXT and scatters them with PDEP
// (BMI2: microcoded on AMD before Zen 3).
func stableEdgePEXT(count bool) {
	if count {
		asmgen.Register("stableEdgeCountPEXT", asmgen.Variant{Kernel: "StableEdgeCount", Name: "bmi2-pext", Rank: 20, PEXT: true, Note: "BMI2 PEXT gathers, no scatter: four table bytes, one POPCNT"})
		asmgen.Func("stableEdgeCountPEXT", "func(P, O uint64) int")
		Doc("stableEdgeCountPEXT counts P's stable edge discs: PEXT gathers, four table bytes in 32 bits, POPCNT.")
	} else {
		asmgen.Register("stableEdgePEXT", asmgen.Variant{Kernel: "StableEdge", Name: "bmi2-pext", Rank: 20, PEXT: true, Note: "BMI2: files gathered by PEXT, scattered by PDEP"})
		asmgen.Func("stableEdgePEXT", "func(P, O uint64) uint64")
		Doc("stableEdgePEXT returns P's stable edge discs: PEXT gathers, PDEP scatter.")
	}
	P, O := asmgen.LoadBoard()
	tab := GP64()
	MOVQ(edgeStab, tab)
	// file index p*256+o: PEXT of P's file, shifted, plus O's
	file := func(mask reg.GPVirtual) reg.GPVirtual {
		p, o := GP64(), GP64()
		PEXTQ(mask, P, p)
		PEXTQ(mask, O, o)
		SHLL(Imm(8), p.As32())
		ORL(o.As32(), p.As32())
		return lookup(tab, p)
	}
	ma, mh := GP64(), GP64()
	MOVQ(U64(fileA), ma)
	MOVQ(U64(fileH), mh)
	sa, sh := file(ma), file(mh)
	// ranks: P's byte above O's
	r1, r8, o8 := GP64(), GP64(), GP64()
	MOVBQZX(P.As8(), r1)
	SHLL(Imm(8), r1.As32())
	MOVBLZX(O.As8(), o8.As32())
	ORL(o8.As32(), r1.As32())
	s1 := lookup(tab, r1)
	MOVQ(P, r8)
	SHRQ(Imm(56), r8)
	SHLL(Imm(8), r8.As32())
	SHRQ(Imm(56), O)
	ORL(O.As32(), r8.As32())
	s8 := lookup(tab, r8)
	if count {
		returnEdgeCount(s1, s8, sa, sh)
		return
	}
	SHLQ(Imm(56), s8)
	ORQ(s8, s1)
	PDEPQ(ma, sa, sa)
	PDEPQ(mh, sh, sh)
	ORQ(sa, s1)
	ORQ(sh, s1)
	Store(s1, ReturnIndex(0))
	RET()
}

// fillMasks returns the shift counts and wrap masks of the doubling fill
// of empty squares along the four line directions, one per ymm lane
// (horizontal, vertical, a1-h8 diagonal by 9, h1-a8 by 7 in the order
// 1, 8, 7, 9): for a jump of k = 1, 2, 4 steps up (<<s*k) or down
// (>>s*k), the destinations whose source is on the same line.
func fillMasks() (shifts, left, right []uint64) {
	dirs := [4]struct {
		s  int
		df int // file change of one step up
	}{{1, 1}, {8, 0}, {7, -1}, {9, 1}}
	for _, k := range [3]int{1, 2, 4} {
		for _, d := range dirs {
			shifts = append(shifts, uint64(d.s*k))
			var l, r uint64
			for y := 0; y < 64; y++ {
				fy := y % 8
				if src := fy - d.df*k; src >= 0 && src < 8 && y-d.s*k >= 0 {
					l |= 1 << y
				}
				if src := fy + d.df*k; src >= 0 && src < 8 && y+d.s*k < 64 {
					r |= 1 << y
				}
			}
			left, right = append(left, l), append(right, r)
		}
	}
	return
}

// edgeMul adds the stable discs of one file to acc with multiplies only
// (packA1A8 gathers, 6-bit A2-A7 scatter): no PEXT, so it suits AMD too.
func edgeMul(P, O, tab, acc reg.GPVirtual, mask, pack, unpack, unpackMask uint64) {
	m, mul, p, o := GP64(), GP64(), GP64(), GP64()
	MOVQ(U64(mask), m)
	MOVQ(U64(pack), mul)
	MOVQ(P, p)
	ANDQ(m, p)
	IMULQ(mul, p)
	SHRQ(Imm(56), p)
	MOVQ(O, o)
	ANDQ(m, o)
	IMULQ(mul, o)
	SHRQ(Imm(56), o)
	SHLL(Imm(8), p.As32())
	ORL(o.As32(), p.As32())
	s := lookup(tab, p)
	ANDL(U32(0x7e), s.As32())
	MOVQ(U64(unpack), mul)
	IMULQ(mul, s)
	MOVQ(U64(unpackMask), m)
	ANDQ(m, s)
	ORQ(s, acc)
}

// stabilityAVX2 is Edax's get_stability: the stable edges (multiply
// gathers), the full lines of all four directions in one ymm (each lane a
// direction, VPSLLVQ/VPSRLVQ spreading the empty squares 1, 2, 4 steps
// both ways), then the neighbour rule iterated in general registers.
func stabilityAVX2() {
	shifts, left, right := fillMasks()
	shiftT := asmgen.Table64("fillShifts", shifts)
	leftT := asmgen.Table64("fillLeft", left)
	rightT := asmgen.Table64("fillRight", right)

	// Ranked first: the spread forms do less work per call on average,
	// but the solver asks for stability on nearly full boards, whose
	// full lines and stable discs run the spread's vector loop longest,
	// and waits on the answer (a cutoff): latency, not throughput, counts
	// there, which only whole solves measure (flipbench bench -solve).
	asmgen.Register("stabilityAVX2", asmgen.Variant{Kernel: "Stability", Name: "avx2-full-lines", Rank: 27, Note: "AVX2: full lines of the four directions in one ymm (VPSLLVQ/VPSRLVQ fill of empties), multiply-gathered edges, the spread in GP registers"})
	asmgen.Func("stabilityAVX2", "func(P, O uint64) uint64")
	Doc("stabilityAVX2 returns P's stable discs (Edax get_stability) with the full lines of the four directions computed in one ymm.")
	P, O := asmgen.LoadBoard()

	// full lines: e = empty squares in every lane, spread both ways
	disc := GP64()
	MOVQ(P, disc)
	ORQ(O, disc)
	e, ones := YMM(), YMM()
	VMOVQ(disc, e.AsX())
	VPBROADCASTQ(e.AsX(), e)
	VPCMPEQQ(ones, ones, ones)
	VPXOR(ones, e, e)
	l, r, t := YMM(), YMM(), YMM()
	VPSLLVQ(shiftT, e, l)
	VPAND(leftT, l, l)
	VPOR(e, l, l)
	VPSRLVQ(shiftT, e, r)
	VPAND(rightT, r, r)
	VPOR(e, r, r)
	for j := 1; j < 3; j++ {
		VPSLLVQ(shiftT.Offset(32*j), l, t)
		VPAND(leftT.Offset(32*j), t, t)
		VPOR(t, l, l)
		VPSRLVQ(shiftT.Offset(32*j), r, t)
		VPAND(rightT.Offset(32*j), t, t)
		VPOR(t, r, r)
	}
	VPOR(l, r, r)
	VPXOR(ones, r, r) // full lines: lanes h, v, d7, d9
	fh, fv, f7, f9 := GP64(), GP64(), GP64(), GP64()
	hi := XMM()
	VEXTRACTI128(Imm(1), r, hi)
	VMOVQ(r.AsX(), fh)
	VPEXTRQ(Imm(1), r.AsX(), fv)
	VMOVQ(hi, f7)
	VPEXTRQ(Imm(1), hi, f9)
	VZEROUPPER()
	st := stableEdgesMul(P, O)

	// central discs on four full lines
	c := GP64()
	MOVQ(U64(central), c)
	ANDQ(P, c)
	all := GP64()
	MOVQ(fh, all)
	ANDQ(fv, all)
	ANDQ(f7, all)
	ANDQ(f9, all)
	ANDQ(c, all)
	ORQ(all, st)

	// neighbours of stable discs, to a fixed point
	Label("again")
	old, a, b := GP64(), GP64(), GP64()
	MOVQ(st, old)
	dir := func(s uint64, full reg.GPVirtual, acc reg.GPVirtual, first bool) {
		MOVQ(st, a)
		SHRQ(Imm(s), a)
		MOVQ(st, b)
		SHLQ(Imm(s), b)
		ORQ(b, a)
		ORQ(full, a)
		if first {
			MOVQ(a, acc)
		} else {
			ANDQ(a, acc)
		}
	}
	acc := GP64()
	dir(1, fh, acc, true)
	dir(8, fv, acc, false)
	dir(7, f7, acc, false)
	dir(9, f9, acc, false)
	ANDQ(c, acc)
	ORQ(acc, st)
	CMPQ(st, old)
	JNE(LabelRef("again"))
	Store(st, ReturnIndex(0))
	RET()
}

// stableEdgesMul returns P's stable edge discs: the ranks by shifts, the
// files by multiply gathers, each through the edge-stability table.
func stableEdgesMul(P, O reg.GPVirtual) reg.GPVirtual {
	tab, st := GP64(), GP64()
	MOVQ(edgeStab, tab)
	r1, o := GP64(), GP64()
	MOVBQZX(P.As8(), r1)
	SHLL(Imm(8), r1.As32())
	MOVBLZX(O.As8(), o.As32())
	ORL(o.As32(), r1.As32())
	MOVQ(lookup(tab, r1), st)
	r8 := GP64()
	MOVQ(P, r8)
	SHRQ(Imm(56), r8)
	SHLL(Imm(8), r8.As32())
	MOVQ(O, o)
	SHRQ(Imm(56), o)
	ORL(o.As32(), r8.As32())
	s8 := lookup(tab, r8)
	SHLQ(Imm(56), s8)
	ORQ(s8, st)
	edgeMul(P, O, tab, st, fileA, packAMul, unpA2A7, 0x0001010101010100)
	edgeMul(P, O, tab, st, fileH, packHMul, unpH2H7, 0x0080808080808000)
	return st
}

// diagMasks returns the shift counts and stop masks of the AND fill that
// finds the full diagonals, four lanes: the board along +9 and +7, and
// the board mirrored vertically (bytes reversed) along +7 and +9, which
// are the original's -9 and -7. A lane keeps a square where it is full
// from there to the edge: in round k (a jump of k = 1, 2, 4 steps) a square
// whose jump leaves the line keeps what it has (the stop mask), the others
// AND in the square k steps on.
func diagMasks() (shifts, stops []uint64) {
	lanes := [4]struct{ s, df int }{{9, 1}, {7, -1}, {7, -1}, {9, 1}}
	for _, k := range [3]int{1, 2, 4} {
		for _, l := range lanes {
			shifts = append(shifts, uint64(l.s*k))
			var m uint64
			for y := 0; y < 64; y++ {
				if f, r := y%8+l.df*k, y/8+k; f < 0 || f > 7 || r > 7 {
					m |= 1 << y
				}
			}
			stops = append(stops, m)
		}
	}
	return
}

// byteCtl is a VPSHUFB control of n 16-byte lanes: in the lanes listed in
// mirror, each 8-byte half reversed (the vertical mirror of a bitboard),
// elsewhere the identity.
func byteCtl(name string, n int, mirror ...int) Mem {
	var q []uint64
	for l := 0; l < n; l++ {
		rev := false
		for _, m := range mirror {
			rev = rev || m == l
		}
		for h := 0; h < 2; h++ {
			var v uint64
			for b := 0; b < 8; b++ {
				src := uint64(8*h + b)
				if rev {
					src = uint64(8*h + 7 - b)
				}
				v |= src << (8 * b)
			}
			q = append(q, v)
		}
	}
	return asmgen.Table64(name, q)
}

// The tables of the spread variants.
var shiftD, stopD, mirrorHigh, mirrorBoth, centralX, spreadDirs Mem

func spreadTables() {
	shifts, stops := diagMasks()
	shiftD = asmgen.Table64("diagShifts", shifts)
	stopD = asmgen.Table64("diagStops", stops)
	mirrorHigh = byteCtl("mirrorHigh", 2, 1)
	mirrorBoth = byteCtl("mirrorBoth", 1, 0)
	centralX = asmgen.Table64("centralX", []uint64{central, central})
	spreadDirs = asmgen.Table64("spreadShifts", []uint64{1, 8, 9, 7})
}

// VPTERNLOGQ truth tables: the result bit for inputs (dst, b, c) is bit
// dst<<2|b<<1|c of the immediate.
const (
	ternOr3   = 0xfe // dst | b | c
	ternAnd3  = 0x80 // dst & b & c
	ternAndOr = 0xe0 // dst & (b | c)
)

type spreadVariant struct {
	fn   string
	v    asmgen.Variant
	evex bool   // AVX-512VL: VPTERNLOGQ where three operands meet
	doc  string // how the function differs, for its doc comment
}

// stabilitySpread is Edax-AVX's get_stability, with less work per call:
//
//   - the stable edges: ranks indexed by the words of PUNPCKLBW(O, P), files
//     by PMOVMSKB of (O, P);
//   - the full ranks by one PCMPEQB, the full files by three byte
//     rotations; a position whose four edge-table bytes are 0 and whose
//     central discs of P lie on no full rank and full file at once has no
//     stable disc at all: it returns 0 before the files are scattered
//     through the A1_A8 table and before the diagonals (common on
//     random-game positions);
//   - the full diagonals by Edax's AND fill on four lanes, the board and
//     its vertical mirror, one shift direction only;
//   - the spread of stability with all four directions in one ymm and the
//     stable state in every lane: the full lines and the central discs of
//     P both get the stable edges ORed in, so that one AND of the four
//     directions' "full line or stable neighbour" with them is the next
//     state. The loop is unrolled twice so that it needs no move.
func stabilitySpread(sv spreadVariant) {
	asmgen.Register(sv.fn, sv.v)
	asmgen.Func(sv.fn, "func(P, O uint64) uint64")
	Doc(sv.fn + " returns P's stable discs (Edax get_stability" + sv.doc + "): 0 before the diagonals when no disc can be stable, then the four directions spread in one ymm.")
	sp := &spread{spreadVariant: sv}
	sp.edgeBytes()
	sp.fullRanksFiles()
	sp.exitIfNone()
	sp.edgesOnBoard()
	sp.fullLines()
	sp.spread()
}

// spread is the state of a stabilitySpread function across its phases:
// the board's halves, the edge table bytes, the full lines, the squares a
// stable state may hold.
type spread struct {
	spreadVariant
	xp, po, t, d2, ones, fh, fv, pc reg.VecVirtual // XMM
	s1, s8, sa, sh, some            reg.GPVirtual
	full, can                       reg.VecVirtual // YMM
}

// edgeBytes emits the stable edges: the table bytes of the four edges
// (the rank indexes are the words of PUNPCKLBW(O, P), the file indexes
// PMOVMSKB of (O, P)); scattered onto the board only past the early
// exit, which needs no more than to know whether one is non-zero.
func (sp *spread) edgeBytes() {
	tab := GP64()
	MOVQ(edgeStab, tab)
	xo, xp, po, rk, t := XMM(), XMM(), XMM(), XMM(), XMM()
	sp.xp, sp.po, sp.t = xp, po, t
	VMOVQ(asmgen.ParamAddr("O"), xo)
	VMOVQ(asmgen.ParamAddr("P"), xp)
	VPUNPCKLBW(xp, xo, rk)  // word 0: rank 1's index p*256+o, word 7: rank 8's
	VPUNPCKLQDQ(xp, xo, po) // O in the low half, P in the high half
	i1, i8, ia, ih := GP32(), GP32(), GP32(), GP32()
	VPEXTRW(Imm(0), rk, i1)
	VPEXTRW(Imm(7), rk, i8)
	VPMOVMSKB(po, ih) // sign bits: the H file's index
	VPSLLQ(Imm(7), po, t)
	VPMOVMSKB(t, ia) // bit 0 of each byte to the sign: the A file's
	sp.s1, sp.s8, sp.sa, sp.sh = GP64(), GP64(), GP64(), GP64()
	MOVBQZX(Mem{Base: tab, Index: i1.As64(), Scale: 1}, sp.s1)
	MOVBQZX(Mem{Base: tab, Index: i8.As64(), Scale: 1}, sp.s8)
	MOVBQZX(Mem{Base: tab, Index: ia.As64(), Scale: 1}, sp.sa)
	MOVBQZX(Mem{Base: tab, Index: ih.As64(), Scale: 1}, sp.sh)
	sp.some = GP64()
	MOVQ(sp.s1, sp.some)
	ORQ(sp.s8, sp.some)
	ORQ(sp.sa, sp.some)
	ORQ(sp.sh, sp.some) // non-zero: some edge disc is stable
}

// fullRanksFiles emits the full ranks and files, and the central discs
// of P.
func (sp *spread) fullRanksFiles() {
	op := XMM()
	sp.d2, sp.ones, sp.fh, sp.fv = XMM(), XMM(), XMM(), XMM()
	d2, ones, fh, fv, t := sp.d2, sp.ones, sp.fh, sp.fv, sp.t
	VPSHUFD(Imm(0x4e), sp.po, op)
	VPOR(op, sp.po, d2) // the discs in both halves
	VPCMPEQD(ones, ones, ones)
	VPCMPEQB(ones, d2, fh) // full ranks
	VPSRLDQ(Imm(1), d2, t) // the low half rotated by a byte
	VPAND(t, d2, fv)
	VPSHUFLW(Imm(0x39), fv, t) // by two bytes
	VPAND(t, fv, fv)
	VPSHUFLW(Imm(0x4e), fv, t) // by four
	VPAND(t, fv, fv)           // full files
	sp.pc = XMM()
	VPAND(centralX, sp.xp, sp.pc) // the central discs of P
}

// exitIfNone returns 0 when no disc can be stable: the stable discs are
// among the stable edges and the central discs of P on four full lines,
// and there are none of either.
func (sp *spread) exitIfNone() {
	t := sp.t
	if sp.evex {
		VPTERNLOGQ(Imm(ternAnd3), sp.pc, sp.fv, sp.fh) // fh is made again below
		t = sp.fh
	} else {
		VPAND(sp.fh, sp.fv, t)
		VPAND(sp.pc, t, t)
	}
	g := GP64()
	VMOVQ(t, g)
	ORQ(sp.some, g)
	JNZ(LabelRef(sp.fn + "Spread"))
	MOVQ(U32(0), asmgen.ReturnAddr())
	RET()
	Label(sp.fn + "Spread")
	if sp.evex {
		VPCMPEQB(sp.ones, sp.d2, sp.fh)
	}
}

// edgesOnBoard puts the stable edges onto the board, in s1: ranks 1 and
// 8 as they are, the A and H files through the A1_A8 table.
func (sp *spread) edgesOnBoard() {
	SHLQ(Imm(56), sp.s8)
	filesOnBoard(sp.sa, sp.sh)
	ORQ(sp.s8, sp.s1)
	ORQ(sp.sh, sp.sa)
	ORQ(sp.sa, sp.s1) // the stable edges
}

// fullLines emits the full diagonals (lanes d+9, d+7, mirror+7 (d-9),
// mirror+9 (d-7)), then the full lines of the four directions in full,
// and the stable edges into them (every direction) and into the central
// discs of P, can: the squares a state may hold.
func (sp *spread) fullLines() {
	dd := YMM()
	VPBROADCASTQ(sp.d2, dd)
	VPSHUFB(mirrorHigh, dd, dd)
	for k := 0; k < 3; k++ {
		u := YMM()
		VPSRLVQ(shiftD.Offset(32*k), dd, u)
		if sp.evex {
			VPTERNLOGQ(Imm(ternAndOr), stopD.Offset(32*k), u, dd)
		} else {
			VPOR(stopD.Offset(32*k), u, u)
			VPAND(u, dd, dd)
		}
	}
	hi, fd := XMM(), XMM()
	VEXTRACTI128(Imm(1), dd, hi)
	VPSHUFB(mirrorBoth, hi, hi)
	VPAND(hi, dd.AsX(), fd) // full diagonals: a1-h8, h1-a8
	hv := XMM()
	sp.full = YMM()
	VPUNPCKLQDQ(sp.fv, sp.fh, hv) // full ranks, full files
	VINSERTI128(Imm(1), fd, hv.AsY(), sp.full)

	e := YMM()
	if sp.evex {
		VPBROADCASTQ(sp.s1, e)
	} else {
		VMOVQ(sp.s1, e.AsX())
		VPBROADCASTQ(e.AsX(), e)
	}
	VPOR(e, sp.full, sp.full)
	sp.can = YMM()
	VPBROADCASTQ(sp.pc, sp.can)
	VPOR(e, sp.can, sp.can)
}

// and4 sets dst to the AND of x's four lanes, in every lane, with can.
func (sp *spread) and4(x, dst reg.VecVirtual) {
	y := YMM()
	VPERMQ(Imm(0x4e), x, y)
	VPAND(y, x, dst)
	VPSHUFD(Imm(0x4e), dst, y)
	if sp.evex {
		VPTERNLOGQ(Imm(ternAnd3), sp.can, y, dst)
	} else {
		VPAND(y, dst, dst)
		VPAND(sp.can, dst, dst)
	}
}

// step sets next to the discs stable after st: full or a stable neighbour
// in each direction.
func (sp *spread) step(st, next reg.VecVirtual) {
	y := YMM()
	VPSLLVQ(spreadDirs, st, next)
	VPSRLVQ(spreadDirs, st, y)
	if sp.evex {
		VPTERNLOGQ(Imm(ternOr3), sp.full, y, next)
	} else {
		VPOR(y, next, next)
		VPOR(sp.full, next, next)
	}
	sp.and4(next, next)
}

// spread emits the spread of stability until nothing is new, unrolled
// twice so that it needs no move, and returns the stable discs.
func (sp *spread) spread() {
	st, nx := YMM(), YMM()
	sp.and4(sp.full, st) // the edges and the central discs on four full lines
	again, done := sp.fn+"Again", sp.fn+"Done"
	Label(again)
	sp.step(st, nx)
	VPTEST(nx.AsX(), st.AsX()) // CF: nothing new
	JCS(LabelRef(done))
	sp.step(nx, st)
	VPTEST(st.AsX(), nx.AsX())
	JCC(LabelRef(again))
	Label(done)
	VMOVQ(st.AsX(), asmgen.ReturnAddr())
	asmgen.Ret(true)
}

// returnEdgeCount emits the count form's end: the stable bytes of the two
// ranks (s1, s8) and the two files (sa, sh) packed into one dword, the
// corners counted once (from the ranks), its popcount returned.
func returnEdgeCount(s1, s8, sa, sh reg.GPVirtual) {
	SHLL(Imm(8), s8.As32())
	SHLL(Imm(16), sa.As32())
	SHLL(Imm(24), sh.As32())
	ORL(s8.As32(), s1.As32())
	ORL(sh.As32(), sa.As32())
	ANDL(U32(0x7e7e0000), sa.As32())
	ORL(sa.As32(), s1.As32())
	POPCNTL(s1.As32(), s1.As32())
	Store(s1, ReturnIndex(0))
	RET()
}
