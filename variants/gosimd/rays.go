//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package gosimd

// turnRays[x] pairs, for each up direction (E, N, NE, NW), x's ray with
// the ray from 63-x: on the board turned half a turn (bit i to 63-i), the
// latter is x's down ray in the opposite direction. So every ray is an up
// ray, flipped by the lowest set bit alone (s &^ (s-1)), and one vector
// of pairs serves any even lane count.
var turnRays [64][8]uint64

func init() {
	up := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}
	for x := range turnRays {
		for k, d := range up {
			turnRays[x][2*k] = ray(x, d)
			turnRays[x][2*k+1] = ray(63-x, d)
		}
	}
}
