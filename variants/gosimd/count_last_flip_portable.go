//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package gosimd

import (
	"math/bits"
	"simd"
)

// CountLastFlip in package simd: FlipPortable with O = ^P &^ x, where a
// ray's first square that is not O is P's whenever there is one (x is on
// no ray): s = ray & P. The package has no popcount, so the flips are
// counted after the store; the turned lanes need no turning back.

// CountLastFlipPortable returns 2 x the discs P flips on x, the last empty
// square (see simd_portable.go for the vector length).
func CountLastFlipPortable(P uint64, x int) int {
	var zero, f simd.Uint64s
	PP, ones := halfTurns(P), onesS()
	r := &turnRays[x&63]
	for i := 0; i < len(r); i += PP.Len() {
		ray := simd.LoadUint64s(r[i:])
		s := ray.And(PP)
		t := s.Add(ones)
		f = f.Or(t.AndNot(s).And(ray).Masked(s.NotEqual(zero)))
	}
	a, b := orPairs(f)
	return 2 * (bits.OnesCount64(a) + bits.OnesCount64(b))
}
