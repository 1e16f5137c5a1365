//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import "simd/archsimd"

// Moves on NEON: MovesAVX2's Kogge-Stone fill with one direction pair per
// vector, USHL shifting lane 0 left by d and lane 1 right by d (flip_neon.go's
// dirShift and dirInner2).

// movesPair2 returns the squares that close a run of O from P in
// direction pair k.
func movesPair2(PP, OO archsimd.Uint64x2, k int) archsimd.Uint64x2 {
	s := loadInt64x2(&dirShift[k])
	s2 := s.Add(s)
	mO := OO.And(loadUint64x2(&dirInner2[k]))
	f := PP.Shift(s).And(mO)
	f = f.Or(f.Shift(s).And(mO))
	pre := mO.And(mO.Shift(s)) // pairs of O: the doubled step jumps only those
	f = f.Or(f.Shift(s2).And(pre))
	f = f.Or(f.Shift(s2).And(pre))
	return f.Shift(s)
}

// MovesNEONUSHL returns P's legal moves (ASIMD).
func MovesNEONUSHL(P, O uint64) uint64 {
	PP, OO := archsimd.BroadcastUint64x2(P), archsimd.BroadcastUint64x2(O)
	m := movesPair2(PP, OO, 0)
	m = m.Or(movesPair2(PP, OO, 1))
	m = m.Or(movesPair2(PP, OO, 2))
	m = m.Or(movesPair2(PP, OO, 3))
	return (m.GetElem(0) | m.GetElem(1)) &^ (P | O)
}
