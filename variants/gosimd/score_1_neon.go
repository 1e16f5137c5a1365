//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import "math/bits"

// Score1NEONRBIT is board_score_1 on CountLastFlipNEONRBIT (ASIMD), with
// score_1.go's branchless pass fix-up. O's count is taken on ^P, x
// included: the rays never hold x.
func Score1NEONRBIT(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipNEONRBIT(P, x); n != 0 {
		return score + n
	}
	if s := passScore(score); s <= alpha {
		return s
	}
	return fixScore(score, CountLastFlipNEONRBIT(^P, x))
}
