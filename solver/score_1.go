package solver

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// score1Own is the solver's own score_1 (score_1 solver): the
// reference's definition (kernels.Score1) on the bound count_last_flip.
func (s *search) score1Own(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - kernels.ScoreMax + 2
	if n := s.countLastFlip(P, x); n != 0 {
		return score + n
	}
	score2 := score - 2
	if score <= 0 {
		score = score2
	}
	if score > alpha {
		if n := s.countLastFlip(^P&^(uint64(1)<<uint(x)), x); n != 0 {
			score = score2 - n
		}
	}
	return score
}
