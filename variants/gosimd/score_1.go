//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"simd/archsimd"
)

// Score1: Edax's board_score_1 at null window alpha on a count_last_flip,
// with the branchless pass fix-up of variants/score_1.go.

// Score1AVX2 is board_score_1 on CountLastFlipAVX2 (AVX2).
func Score1AVX2(P uint64, alpha, x int) int {
	s := Score1AVX2B(P, archsimd.BroadcastUint64x4(P), alpha, x)
	archsimd.ClearAVXUpperBits()
	return s
}

// Score1AVX2B is Score1AVX2 on P and its broadcast, without the
// VZEROUPPER, as FlipAVX2PPFillB: the form that inlines. It calls
// CountLastFlipAVX2B from one place, P's count then O's, so that the whole
// fits the budget; O's count is taken on ^P, x included (count_last_flip
// ignores the square x itself): a vector NOT, not a second broadcast.
func Score1AVX2B(P uint64, PP archsimd.Uint64x4, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	for o := false; ; o = true {
		n := CountLastFlipAVX2B(PP, x)
		if o {
			return fixScore(score, n)
		}
		if n != 0 {
			return score + n
		}
		if s := passScore(score); s <= alpha {
			return s
		}
		PP = PP.Not()
	}
}

// Score1AVX is board_score_1 on CountLastFlipAVX (AVX).
func Score1AVX(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipAVX(P, x); n != 0 {
		return score + n
	}
	if s := passScore(score); s <= alpha {
		return s
	}
	return fixScore(score, CountLastFlipAVX(^P&^bit(x), x))
}
