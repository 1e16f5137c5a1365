//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import "simd/archsimd"

// CountLastFlip on NEON: FlipNEONRBIT's rays with O = ^P &^ x, where the
// first square past a run is P's whenever there is one (x is on no ray),
// so s = ray & P; CNT and ADDV count both lanes at once, the turned one
// needing no RBIT back.

// lastFlips2 returns the discs P flips on the rays of ray, x being the
// last empty square.
func lastFlips2(PP, ray archsimd.Uint64x2) archsimd.Uint64x2 {
	var zero archsimd.Uint64x2
	s := ray.And(PP)
	t := s.Add(ones2())
	none := s.Equal(zero).ToInt64x2().ToBits()
	return t.AndNot(s).And(ray).AndNot(none)
}

// CountLastFlipNEONRBIT returns 2 x the discs P flips on x, the last empty
// square (ASIMD).
func CountLastFlipNEONRBIT(P uint64, x int) int {
	PP := halfTurn2(P)
	r := &turnRays[x&63]
	f := lastFlips2(PP, loadUint64x2((*[2]uint64)(r[0:2])))
	f = f.Or(lastFlips2(PP, loadUint64x2((*[2]uint64)(r[2:4]))))
	f = f.Or(lastFlips2(PP, loadUint64x2((*[2]uint64)(r[4:6]))))
	f = f.Or(lastFlips2(PP, loadUint64x2((*[2]uint64)(r[6:8]))))
	return 2 * int(f.ReshapeToUint8s().OnesCount().ReduceSum())
}
