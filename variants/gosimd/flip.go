//go:build goexperiment.simd && amd64

package gosimd

import "simd/archsimd"

// Flip: each of the eight rays from x in a lane, four toward higher
// squares (up: E, N, NE, NW) and four toward lower ones (down: W, S, SW,
// SE). On a ray, the discs of O between x and the first square that is
// not O flip iff that square is P's. Up, that square is the lowest set
// bit of s = ray &^ O: LS1B(s) = s &^ (s-1), and the run below it is
// (s-1) &^ s. Down it is the highest set bit q; with q & P, the run is
// ray & -(2q), nothing when q is not P's. Edax-AVX's flip_avx_ppfill
// and flip_avx512cd find q by a fill and by VPLZCNTQ.

// flipRays[x] holds x's up rays, then its down rays.
var flipRays [64][2][4]uint64

// rayDirs are the eight directions as (file, rank) steps, in lane order.
var rayDirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

// Shifts of the up directions E 1, N 8, NE 9, NW 7, times 1, 2 and 4:
// the steps of the down-ray fill and of the moves' Kogge-Stone fill.
var (
	dirStep  = [4]uint64{1, 8, 9, 7}
	dirStep2 = [4]uint64{2, 16, 18, 14}
	dirStep4 = [4]uint64{4, 32, 36, 28}
)

func init() {
	for x := range flipRays {
		for d, s := range rayDirs {
			flipRays[x][d/4][d%4] = ray(x, s)
		}
	}
}

// flipUp returns the discs flipped on the up rays.
func flipUp(PP, OO, up archsimd.Uint64x4) archsimd.Uint64x4 {
	var zero archsimd.Uint64x4
	s := up.AndNot(OO)
	t := s.Add(ones4()) // s-1
	miss := s.AndNot(t).And(PP).Equal(zero).ToInt64x4().AsUint64x4()
	return t.AndNot(s).And(up).AndNot(miss)
}

// flipDown returns the discs flipped on the down rays given q = MS1B(s)
// & P per lane.
func flipDown(q, dn archsimd.Uint64x4) archsimd.Uint64x4 {
	var zero archsimd.Uint64x4
	return dn.And(zero.Sub(q.Add(q)))
}

// FlipAVX2PPFill returns the discs of O flipped by P on x (AVX2): the
// down rays' highest stop by a parallel-prefix fill (shifts d, 2d, 4d).
func FlipAVX2PPFill(P, O uint64, x int) uint64 {
	f := FlipAVX2PPFillB(archsimd.BroadcastUint64x4(P), archsimd.BroadcastUint64x4(O), x)
	archsimd.ClearAVXUpperBits()
	return f
}

// FlipAVX2PPFillB is FlipAVX2PPFill on P and O broadcast by the caller,
// once per node for all of its moves, and without the VZEROUPPER: a
// caller that keeps vectors across calls clears the upper halves once,
// when it is done (the gosimd bottoms of the solver). Its vector
// parameters earn it the compiler's SIMD inlining credit (three times the
// budget), so it inlines where it is called.
func FlipAVX2PPFillB(PP, OO archsimd.Uint64x4, x int) uint64 {
	r := &flipRays[x&63]
	up, dn := loadUint64x4(&r[0]), loadUint64x4(&r[1])
	s1 := loadUint64x4(&dirStep)
	s := dn.AndNot(OO)
	e := s.Or(s.ShiftRight(s1))
	e = e.Or(e.ShiftRight(loadUint64x4(&dirStep2)))
	e = e.Or(e.ShiftRight(loadUint64x4(&dirStep4)))
	q := s.AndNot(e.ShiftRight(s1)).And(PP) // no stop above it: MS1B(s)
	return or4(flipUp(PP, OO, up).Or(flipDown(q, dn)))
}

// FlipAVX512LZCNT returns the discs of O flipped by P on x (AVX-512CD/VL,
// 256-bit): the down rays' highest stop by VPLZCNTQ. With no stop, the
// count is 64 and the shift leaves nothing.
func FlipAVX512LZCNT(P, O uint64, x int) uint64 {
	f := FlipAVX512LZCNTB(archsimd.BroadcastUint64x4(P), archsimd.BroadcastUint64x4(O), x)
	archsimd.ClearAVXUpperBits()
	return f
}

// FlipAVX512LZCNTB is FlipAVX512LZCNT on P and O broadcast by the caller
// and without the VZEROUPPER, as FlipAVX2PPFillB: the form that inlines.
func FlipAVX512LZCNTB(PP, OO archsimd.Uint64x4, x int) uint64 {
	r := &flipRays[x&63]
	up, dn := loadUint64x4(&r[0]), loadUint64x4(&r[1])
	s := dn.AndNot(OO)
	q := ones4().ShiftAllLeft(63).ShiftRight(s.LeadingZeros()).And(PP) // MS1B(s) & P
	return or4(flipUp(PP, OO, up).Or(flipDown(q, dn)))
}
