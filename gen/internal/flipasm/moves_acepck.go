package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// MovesAcepck is the all-SSE2 get_moves acepck contributed to Edax-AVX
// (its x86-64 move generator without AVX2). Both XMM lanes hold the board,
// the high one mirrored vertically (BSWAP), so that every vertical and
// diagonal pair of directions is a pair of left (or right) shifts, as in
// MovesSSE2; the row is done in the XMM too, byte by byte:
//
//   - east: (P+P & mO) + mO per row (bytes doubled by PADDB, the add in
//     32-bit lanes: mO has no h-file disc, so no carry leaves a row): the
//     carry of a P disc runs through the O discs after it and lands on the
//     square beyond.
//   - west: the O discs with an empty square to their west start the runs
//     that may end on a P disc. Each byte keeps one such start: bits 1-3
//     in the low lane, 4-6 in the high one (rows are the same in both),
//     and PMINUB drops the lower of two starts (E O E O: the lower run
//     ends on an empty square). mO + start carries through the run; if it
//     lands on a P disc the saturating PSUBUSB leaves the run, else 0; the
//     move is the square west of it.
//
// VEX selects the AVX encoding (three operands, no copies): what Edax-AVX
// runs when built for AVX without AVX2 (Sandy and Ivy Bridge).
type MovesAcepck struct {
	gpCode
	VEX          bool
	consts       Mem
	m7e, lo, min reg.VecVirtual
}

// acepckConsts is the constants' table, emitted once per generated file.
var acepckConsts *Mem

// NewMovesAcepck returns the SSE2 form, or with vex the AVX form.
func NewMovesAcepck(vex bool) *MovesAcepck {
	if acepckConsts == nil {
		rep := func(b uint64) uint64 { return b * 0x0101010101010101 }
		m := asmgen.Table64("movesAcepck", []uint64{
			rep(0x7e), rep(0x7e), // inner files, both lanes
			rep(0x0e), rep(0x70), // west starts: bits 1-3 low lane, 4-6 high lane
			rep(0x08), rep(0x40), // PMINUB caps: the highest start of each range
		})
		acepckConsts = &m
	}
	return &MovesAcepck{VEX: vex, consts: *acepckConsts}
}

func (m *MovesAcepck) Setup() {
	m.m7e, m.lo, m.min = XMM(), XMM(), XMM()
	for i, r := range []reg.VecVirtual{m.m7e, m.lo, m.min} {
		if m.VEX {
			VMOVDQU(m.consts.Offset(16*i), r)
		} else {
			MOVOU(m.consts.Offset(16*i), r)
		}
	}
}

// op emits a OP b into a new register: a copy and SSE2's two-operand
// form, or the VEX three-operand form. in emits a OP= b (a is a
// temporary): no copy in either encoding.
type xop struct {
	sse func(Op, Op)
	vex func(Op, Op, Op)
}

func (m *MovesAcepck) op(o xop, a, b Op) reg.VecVirtual {
	r := XMM()
	if m.VEX {
		o.vex(b, a, r)
	} else {
		MOVO(a, r)
		o.sse(b, r)
	}
	return r
}

func (m *MovesAcepck) in(o xop, a reg.VecVirtual, b Op) {
	if m.VEX {
		o.vex(b, a, a)
	} else {
		o.sse(b, a)
	}
}

func vex3(f func(...Op)) func(Op, Op, Op) { return func(a, b, c Op) { f(a, b, c) } }

var (
	xAnd   = xop{PAND, VPAND}
	xOr    = xop{POR, VPOR}
	xAndN  = xop{PANDN, VPANDN} // ~a & b
	xAddB  = xop{PADDB, vex3(VPADDB)}
	xAddL  = xop{PADDL, vex3(VPADDD)}
	xMinUB = xop{PMINUB, vex3(VPMINUB)}
	xSubUS = xop{PSUBUSB, vex3(VPSUBUSB)}
	xSll   = xop{PSLLQ, vex3(VPSLLQ)}
	xSrl   = xop{PSRLQ, vex3(VPSRLQ)}
)

// pair makes (r, bswap r) in an XMM.
func (m *MovesAcepck) pair(r reg.GPVirtual) reg.VecVirtual {
	b := GP64()
	MOVQ(r, b)
	BSWAPQ(b)
	x, y := XMM(), XMM()
	if m.VEX {
		VMOVQ(r, x)
		VMOVQ(b, y)
		VPUNPCKLQDQ(y, x, x)
	} else {
		MOVQ(r, x)
		MOVQ(b, y)
		PUNPCKLQDQ(y, x)
	}
	return x
}

// fill is the parallel-prefix fill of one direction, shifting by d left
// (or right), ORed into mm: mask & P moved one step, then once more, then
// twice the step over pairs of mask squares, then one last step onto the
// move.
func (m *MovesAcepck) fill(mm, PP, mask, pre reg.VecVirtual, d uint64, left bool) {
	sh := xSll
	if !left {
		sh = xSrl
	}
	f := m.op(sh, PP, U8(d))
	m.in(xAnd, f, mask)
	t := m.op(sh, f, U8(d))
	m.in(xAnd, t, mask)
	m.in(xOr, f, t)
	for i := 0; i < 2; i++ {
		t := m.op(sh, f, U8(2*d))
		m.in(xAnd, t, pre)
		m.in(xOr, f, t)
	}
	m.in(sh, f, U8(d))
	m.in(xOr, mm, f)
}

func (m *MovesAcepck) Moves(P, O reg.GPVirtual) reg.GPVirtual {
	PP, OO := m.pair(P), m.pair(O)
	mOO := m.op(xAnd, OO, m.m7e)
	occ := m.op(xOr, PP, OO)
	// east: carry through the runs
	mm := m.op(xAddB, PP, PP)
	m.in(xAnd, mm, mOO)
	m.in(xAddL, mm, mOO)
	// west: one run start per byte and lane, carried, kept if it ends on P
	st := m.op(xAddB, occ, occ)
	m.in(xAndN, st, mOO)
	m.in(xAnd, st, m.lo)
	m.in(xMinUB, st, m.min)
	c := m.op(xAddB, mOO, st)
	m.in(xAnd, c, PP)
	m.in(xSubUS, c, st)
	m.in(xSrl, c, U8(1))
	m.in(xOr, mm, c)
	// vertical: +8 in the board, -8 in the mirror
	pre := m.op(xSll, OO, U8(8))
	m.in(xAnd, pre, OO)
	m.fill(mm, PP, OO, pre, 8, true)
	// +7 in the board, -9 in the mirror
	pre = m.op(xSll, mOO, U8(7))
	m.in(xAnd, pre, mOO)
	m.fill(mm, PP, mOO, pre, 7, true)
	// -7 in the board, +9 in the mirror
	m.in(xSrl, pre, U8(7))
	m.fill(mm, PP, mOO, pre, 7, false)
	m.in(xAndN, occ, mm) // the empty squares
	r, hi := GP64(), GP64()
	if m.VEX {
		VMOVQ(occ, r)
		VPEXTRQ(Imm(1), occ, hi)
	} else {
		MOVQ(occ, r)
		PSHUFD(U8(0x4e), occ, occ)
		MOVQ(occ, hi)
	}
	BSWAPQ(hi)
	ORQ(hi, r)
	return r
}
