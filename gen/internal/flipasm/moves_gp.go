package flipasm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// GP fill algorithms of Edax-AVX's plain get_moves (board.c): each line
// direction d (1, 8, 7, 9) is filled from P through O both ways, then
// moved one step onto the move. Edax selects one at compile time (its
// settings: PARALLEL_PREFIX for the move generator).
const (
	// FillParallelPrefix: two single steps, then two steps of 2d over
	// pairs of O discs (runs of up to six discs).
	FillParallelPrefix = iota
	// FillKoggeStone: steps of d, 2d and 4d, the mask shrunk between them.
	FillKoggeStone
	// FillSequential: six single steps, both ways in one register.
	FillSequential
)

// MovesGP is Edax-AVX's get_moves without SIMD, in GP registers: the
// vertical and the two diagonals by the chosen fill, the row as Edax's
// get_some_horizontal_moves: east by one carry-propagating addition
// (mO + (P<<1 & mO): the carry of each P disc runs through the O discs
// after it and lands beyond them), west by the fill.
type MovesGP struct {
	gpCode
	Fill int
}

func NewMovesGP(fill int) *MovesGP { return &MovesGP{Fill: fill} }

func (m *MovesGP) Setup() {}

// shift emits r << d (left) or r >> d into a new register.
func shift(r reg.GPVirtual, d uint64, left bool) reg.GPVirtual {
	t := GP64()
	MOVQ(r, t)
	if left {
		SHLQ(U8(d), t)
	} else {
		SHRQ(U8(d), t)
	}
	return t
}

// and emits a & b into a new register.
func and(a, b reg.GPVirtual) reg.GPVirtual {
	t := GP64()
	MOVQ(a, t)
	ANDQ(b, t)
	return t
}

// fillDir returns the fill of mask from P in one way, before the last
// step (the squares of mask that P's discs see through mask).
func (m *MovesGP) fillDir(P, mask reg.GPVirtual, d uint64, left bool) reg.GPVirtual {
	switch m.Fill {
	case FillKoggeStone:
		// f = P | mask & f<<d, then 2d, 4d over the shrinking mask; the
		// result still holds P, which the last AND with mask drops
		f, mk := GP64(), GP64()
		MOVQ(P, f)
		MOVQ(mask, mk)
		for k := uint64(1); k <= 4; k <<= 1 {
			t := shift(f, k*d, left)
			ANDQ(mk, t)
			ORQ(t, f)
			if k < 4 {
				ANDQ(shift(mk, k*d, left), mk)
			}
		}
		ANDQ(mask, f)
		return f
	default: // FillParallelPrefix
		f := shift(P, d, left)
		ANDQ(mask, f)
		t := shift(f, d, left)
		ANDQ(mask, t)
		ORQ(t, f)
		pre := shift(mask, d, left)
		ANDQ(mask, pre) // pairs of mask squares
		for i := 0; i < 2; i++ {
			t := shift(f, 2*d, left)
			ANDQ(pre, t)
			ORQ(t, f)
		}
		return f
	}
}

// someMoves returns the moves of direction d both ways (not yet masked
// with the empty squares).
func (m *MovesGP) someMoves(P, mask reg.GPVirtual, d uint64) reg.GPVirtual {
	if m.Fill == FillSequential {
		f := shift(P, d, true)
		ORQ(shift(P, d, false), f)
		ANDQ(mask, f)
		for i := 0; i < 5; i++ {
			t := shift(f, d, true)
			ORQ(shift(f, d, false), t)
			ANDQ(mask, t)
			ORQ(t, f)
		}
		r := shift(f, d, true)
		ORQ(shift(f, d, false), r)
		return r
	}
	l := m.fillDir(P, mask, d, true)
	r := m.fillDir(P, mask, d, false)
	SHLQ(U8(d), l)
	SHRQ(U8(d), r)
	ORQ(r, l)
	return l
}

// horizontal returns the row's moves: east by the carry, west by the fill.
func (m *MovesGP) horizontal(P, mO reg.GPVirtual) reg.GPVirtual {
	e := GP64()
	LEAQ(Mem{Base: P, Index: P, Scale: 1}, e) // P << 1
	ANDQ(mO, e)
	ADDQ(mO, e) // what is left of the runs is O: the empties mask drops it
	var w reg.GPVirtual
	if m.Fill == FillSequential {
		w = shift(P, 1, false)
		ANDQ(mO, w)
		for i := 0; i < 5; i++ {
			t := shift(w, 1, false)
			ANDQ(mO, t)
			ORQ(t, w)
		}
	} else {
		w = m.fillDir(P, mO, 1, false)
	}
	SHRQ(U8(1), w)
	ORQ(w, e)
	return e
}

func (m *MovesGP) Moves(P, O reg.GPVirtual) reg.GPVirtual {
	mO := GP64()
	MOVQ(U64(Inner[0]), mO)
	ANDQ(O, mO)
	r := m.horizontal(P, mO)
	ORQ(m.someMoves(P, O, 8), r)
	ORQ(m.someMoves(P, mO, 7), r)
	ORQ(m.someMoves(P, mO, 9), r)
	empties(r, P, O)
	return r
}
