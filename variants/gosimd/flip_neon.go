//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import (
	"math/bits"
	"simd/archsimd"
)

// Flip on NEON, two ways. FlipNEONRBIT: Edax's flip_bitscan with every
// ray an up ray (turnRays), the board in lane 0 and the board turned
// half a turn in lane 1, four vectors for the eight rays, RBIT back.
// FlipNEONUSHL: a fill from x through O, one direction pair per vector:
// USHL shifts lane 0 left by d and lane 1 right by d, so no table of rays
// and no RBIT.

// upFlips2 returns the discs flipped on the rays of ray: the run of O
// below the lowest square that is not O, kept if that square is P's.
func upFlips2(PP, OO, ray archsimd.Uint64x2) archsimd.Uint64x2 {
	var zero archsimd.Uint64x2
	s := ray.AndNot(OO)
	t := s.Add(ones2()) // s-1
	miss := s.AndNot(t).And(PP).Equal(zero).ToInt64x2().ToBits()
	return t.AndNot(s).And(ray).AndNot(miss)
}

// FlipNEONRBIT returns the discs of O flipped by P on x (ASIMD).
func FlipNEONRBIT(P, O uint64, x int) uint64 {
	PP, OO := halfTurn2(P), halfTurn2(O)
	r := &turnRays[x&63]
	f := upFlips2(PP, OO, loadUint64x2((*[2]uint64)(r[0:2])))
	f = f.Or(upFlips2(PP, OO, loadUint64x2((*[2]uint64)(r[2:4]))))
	f = f.Or(upFlips2(PP, OO, loadUint64x2((*[2]uint64)(r[4:6]))))
	f = f.Or(upFlips2(PP, OO, loadUint64x2((*[2]uint64)(r[6:8]))))
	return f.GetElem(0) | bits.Reverse64(f.GetElem(1))
}

// dirShift holds the shifts (d, -d) of the four direction pairs (E-W,
// N-S, NE-SW, NW-SE), dirInner2 their inner masks (moves.go's dirInner):
// the squares a flipped disc can be on, so nothing wraps around a row.
var (
	dirShift  = [4][2]int64{{1, -1}, {8, -8}, {9, -9}, {7, -7}}
	dirInner2 = [4][2]uint64{
		{0x7e7e7e7e7e7e7e7e, 0x7e7e7e7e7e7e7e7e}, {0x00ffffffffffff00, 0x00ffffffffffff00},
		{0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00}, {0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00},
	}
)

// fillFlips2 returns the discs flipped in direction pair k: the run of O
// from x (Kogge-Stone: one step, then twice the doubled step over pairs
// of O, runs of up to six), kept if the square past it is P's.
func fillFlips2(PP, OO, XX archsimd.Uint64x2, k int) archsimd.Uint64x2 {
	var zero archsimd.Uint64x2
	s := loadInt64x2(&dirShift[k])
	s2 := s.Add(s)
	mO := OO.And(loadUint64x2(&dirInner2[k]))
	f := XX.Shift(s).And(mO)
	f = f.Or(f.Shift(s).And(mO))
	pre := mO.And(mO.Shift(s))
	f = f.Or(f.Shift(s2).And(pre))
	f = f.Or(f.Shift(s2).And(pre))
	miss := f.Shift(s).And(PP).Equal(zero).ToInt64x2().ToBits()
	return f.AndNot(miss)
}

// FlipNEONUSHL returns the discs of O flipped by P on x (ASIMD).
func FlipNEONUSHL(P, O uint64, x int) uint64 {
	PP, OO := archsimd.BroadcastUint64x2(P), archsimd.BroadcastUint64x2(O)
	XX := archsimd.BroadcastUint64x2(bit(x))
	f := fillFlips2(PP, OO, XX, 0)
	f = f.Or(fillFlips2(PP, OO, XX, 1))
	f = f.Or(fillFlips2(PP, OO, XX, 2))
	f = f.Or(fillFlips2(PP, OO, XX, 3))
	return f.GetElem(0) | f.GetElem(1)
}
