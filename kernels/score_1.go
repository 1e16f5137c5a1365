package kernels

import "math/bits"

// Score1 returns the score of a position with one empty square x, P to
// move and O = ^P &^ x, searched with a null window (alpha, alpha+1).
//
// The contract is Edax's board_score_1: if P can play, the exact final
// score; if not, the score with x left empty (given to the winner); and
// only if that exceeds alpha, the opponent's move on x is looked at. So a
// pass that fails low returns that upper bound instead of the exact score
// (Edax's lazy cut at the pass: what its LASTFLIP_LOWCUT builds return).
func Score1(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - ScoreMax + 2 // x counted for P
	if n := CountLastFlip(P, x); n != 0 {
		return score + n
	}
	score2 := score - 2 // x to the opponent
	if score <= 0 {     // 63 discs: P loses, the empty square goes to O
		score = score2
	}
	if score > alpha {
		if n := CountLastFlip(^P&^Bit(x), x); n != 0 {
			score = score2 - n
		}
	}
	return score
}
