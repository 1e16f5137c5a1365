package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"math/bits"
)

// Score1Func is Edax's board_score_1: the score of a position with one
// empty square x, searched at the null window (alpha, alpha+1).
type Score1Func func(P uint64, alpha, x int) int

// Score1 is the last ply of the leaf search.
var Score1 = newKernel[Score1Func, Score1BatchFunc]("score_1", "Edax's board_score_1: score with one empty x at null window alpha", kernels.Score1)

// Pure-Go score_1 variants, one per count_last_flip variant: Edax-AVX's
// solve_1 (count_last_flip_*.c), its pass fix-up made branchless.

func init() {
	Score1.RegisterComposed(Info{Name: SolverName,
		Note: "the solver's own: the reference's definition on the selection's count_last_flip"}, Composition{})
	Score1.Register(Info{Name: "table", Rank: 10, Note: "Go, on count_last_flip table; branchless pass fix-up"}, Score1Table)
	Score1.Register(Info{Name: "kindergarten", Rank: 12, Note: "Go, on count_last_flip kindergarten; branchless pass fix-up"}, Score1Kindergarten)
	Score1.Register(Info{Name: "carry", Rank: 8, Note: "Go, on count_last_flip carry; branchless pass fix-up"}, Score1Carry)
	Score1.Register(Info{Name: "bitscan", Rank: 9, Note: "Go, on count_last_flip bitscan; branchless pass fix-up"}, Score1Bitscan)
}

// score1Pass is the score with x left empty when P cannot play on it: it
// goes to the winner, so 2 less for P unless P leads (score > 0 with x
// counted for P). As a sign bit: score-1 < 0 means score <= 0.
func score1Pass(score int) int { return score - int(uint(score-1)>>63)*2 }

// score1Fix is the score after O's reply on x flipping o (2x) discs, or
// the pass score if O cannot play either:
// score - o - ((-o | (score-1)) < 0) * 2, branchless.
func score1Fix(score, o int) int { return score - o - int(uint(-o|(score-1))>>63)*2 }

func Score1Table(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipTable(P, x); n != 0 {
		return score + n
	}
	if s := score1Pass(score); s <= alpha {
		return s
	}
	return score1Fix(score, CountLastFlipTable(^P&^(1<<uint(x&63)), x))
}

func Score1Kindergarten(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipKindergarten(P, x); n != 0 {
		return score + n
	}
	if s := score1Pass(score); s <= alpha {
		return s
	}
	return score1Fix(score, CountLastFlipKindergarten(^P&^(1<<uint(x&63)), x))
}

func Score1Carry(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipCarry(P, x); n != 0 {
		return score + n
	}
	if s := score1Pass(score); s <= alpha {
		return s
	}
	return score1Fix(score, CountLastFlipCarry(^P&^(1<<uint(x&63)), x))
}

func Score1Bitscan(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - 62
	if n := CountLastFlipBitscan(P, x); n != 0 {
		return score + n
	}
	if s := score1Pass(score); s <= alpha {
		return s
	}
	return score1Fix(score, CountLastFlipBitscan(^P&^(1<<uint(x&63)), x))
}
