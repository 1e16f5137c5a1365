//go:build goexperiment.simd && amd64

package gosimd

import "math/bits"

// Score1: Edax's board_score_1 at null window alpha on a count_last_flip,
// with Edax 4.5.3's branchless pass fix-up, as variants/score_1_go.go.

// passScore is the score with x left empty when P cannot play on it: it
// goes to the winner, so 2 less for P unless P leads.
func passScore(score int) int { return score - int(uint(score-1)>>63)*2 }

// fixScore is the score after O's reply on x flipping o (2x) discs, or the
// pass score if O cannot play either.
func fixScore(score, o int) int { return score - o - int(uint(-o|(score-1))>>63)*2 }

// Score1AVX2 is board_score_1 on CountLastFlipAVX2 (AVX2).
func Score1AVX2(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipAVX2(P, x); n != 0 {
		return score + n
	}
	if s := passScore(score); s <= alpha {
		return s
	}
	return fixScore(score, CountLastFlipAVX2(^P&^bit(x), x))
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
