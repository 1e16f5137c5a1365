package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// Solve2 is the leaf with two empties: fail-hard (alpha or alpha+1), so
// that exact and lazy score_1 variants drive the same search.
var Solve2 = newKernel[SolveFunc, SolveBatchFunc]("solve_2", "fail-hard null-window score (alpha or alpha+1) and node count, 2 empties", boardSolveFunc(kernels.Solve2))

func init() {
	Solve2.Register(Info{Name: "go", Rank: 5, Note: "Go: carry flip and score_1 on it, no allocation"}, Solve2Go)
	Solve2.RegisterBatch("go", SolveBatchFunc(func(in []BoardAlpha, out []ScoreNodes) {
		out = out[:len(in)]
		for i, c := range in {
			out[i].Score, out[i].Nodes = Solve2Go(c.P, c.O, c.Alpha)
		}
	}))
}

// score1Go is kernels.Score1 on the carry flip.
func score1Go(P uint64, alpha, x int) int {
	bit := uint64(1) << uint(x)
	score := 2*bits.OnesCount64(P) - kernels.ScoreMax + 2
	if n := 2 * bits.OnesCount64(FlipCarry(P, ^P&^bit, x)); n != 0 {
		return score + n
	}
	score2 := score - 2
	if score <= 0 {
		score = score2
	}
	if score > alpha {
		O := ^P &^ bit
		if n := 2 * bits.OnesCount64(FlipCarry(O, P, x)); n != 0 {
			score = score2 - n
		}
	}
	return score
}

// Solve2Go is solve_2 on the carry flip.
func Solve2Go(P, O uint64, alpha int) (int, uint64) {
	var xs [4]int
	e := ^(P | O)
	presorted(e, &xs)
	sortTable(&xs, 2, kernels.Parity(e))
	return solve2On(P, O, alpha, xs[0], xs[1])
}

// solve2On is the reference Solve2 with its two empties already ordered.
func solve2On(P, O uint64, alpha, x1, x2 int) (int, uint64) {
	beta := alpha + 1
	var nodes uint64 = 1
	best := -kernels.ScoreInf
	if f := FlipCarry(P, O, x1); f != 0 {
		nodes++
		best = -score1Go(O&^f, -beta, x2)
	}
	if best < beta {
		if f := FlipCarry(P, O, x2); f != 0 {
			nodes++
			best = max(best, -score1Go(O&^f, -beta, x1))
		}
		if best == -kernels.ScoreInf { // P passes
			best = kernels.ScoreInf
			if f := FlipCarry(O, P, x1); f != 0 {
				nodes++
				best = score1Go(P&^f, alpha, x2)
			}
			if best > alpha {
				if f := FlipCarry(O, P, x2); f != 0 {
					nodes++
					best = min(best, score1Go(P&^f, alpha, x1))
				}
				if best == kernels.ScoreInf {
					best = kernels.BoardSolve(P, 2)
				}
			}
		}
	}
	if best > alpha {
		return beta, nodes
	}
	return alpha, nodes
}
