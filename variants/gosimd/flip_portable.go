//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package gosimd

import (
	"math/bits"
	"simd"
)

// Flip in package simd: FlipNEONRBIT's rays (turnRays), the board in even
// lanes and its half turn in odd ones, the lowest stop of every ray by
// s &^ (s-1), as many pairs a vector as it has lanes (all eight rays in
// one at 512 bits).

// FlipPortable returns the discs of O flipped by P on x (see
// simd_portable.go for the vector length).
func FlipPortable(P, O uint64, x int) uint64 {
	var zero, f simd.Uint64s
	PP, OO, ones := halfTurns(P), halfTurns(O), onesS()
	r := &turnRays[x&63]
	for i := 0; i < len(r); i += PP.Len() {
		ray := simd.LoadUint64s(r[i:])
		s := ray.AndNot(OO)
		t := s.Add(ones) // s-1
		hit := s.AndNot(t).And(PP).NotEqual(zero)
		f = f.Or(t.AndNot(s).And(ray).Masked(hit))
	}
	a, b := orPairs(f)
	return a | bits.Reverse64(b)
}
