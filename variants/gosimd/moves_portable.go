//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package gosimd

import (
	"math/bits"
	"simd"
)

// Moves in package simd: a shift is the same in every lane, so the even
// lanes hold the board and the odd ones its half turn, where a shift left
// walks the opposite direction; four Kogge-Stone fills (MovesAVX2's) by 1,
// 8, 9 and 7 cover the eight directions. Lanes past the first pair repeat
// it. The inner masks read the same on the turned board.

// movesUp returns the squares that close a run of O from P, shifting left
// by d with O inside inner.
func movesUp(PP, OO simd.Uint64s, d, inner uint64) simd.Uint64s {
	mO := OO.And(simd.BroadcastUint64s(inner))
	f := PP.ShiftAllLeft(d).And(mO)
	f = f.Or(f.ShiftAllLeft(d).And(mO))
	pre := mO.And(mO.ShiftAllLeft(d))
	f = f.Or(f.ShiftAllLeft(2 * d).And(pre))
	f = f.Or(f.ShiftAllLeft(2 * d).And(pre))
	return f.ShiftAllLeft(d)
}

// MovesPortable returns P's legal moves (see simd_portable.go for the
// vector length).
func MovesPortable(P, O uint64) uint64 {
	PP, OO := halfTurns(P), halfTurns(O)
	m := movesUp(PP, OO, 1, 0x7e7e7e7e7e7e7e7e)
	m = m.Or(movesUp(PP, OO, 8, 0x00ffffffffffff00))
	m = m.Or(movesUp(PP, OO, 9, 0x007e7e7e7e7e7e00))
	m = m.Or(movesUp(PP, OO, 7, 0x007e7e7e7e7e7e00))
	a, b := orPairs(m)
	return (a | bits.Reverse64(b)) &^ (P | O)
}
