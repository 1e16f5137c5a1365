package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// BoardSolveFunc returns the final score of a finished game with n empties.
type BoardSolveFunc func(P uint64, n int) int

// BoardSolve scores a game that is over (no move for either side).
var BoardSolve = newKernel[BoardSolveFunc, BoardSolveBatchFunc]("board_solve", "final score of a finished game with n empties", kernels.BoardSolve)

func init() {
	BoardSolve.Register(Info{Name: "odd-empties", Rank: 5, Note: "Go: no draw test when n is odd, three-way otherwise"}, BoardSolveOdd)
	BoardSolve.RegisterBatch("odd-empties", BoardSolveBatchFunc(func(in []DiscsEmpties, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = BoardSolveOdd(c.P, c.N)
		}
	}))
}

// BoardSolveOdd: with n odd the disc total 64-n is odd, so there is no
// draw and one comparison decides who gets the empties.
func BoardSolveOdd(P uint64, n int) int {
	if n&1 == 0 {
		return kernels.BoardSolve(P, n)
	}
	score := 2*bits.OnesCount64(P) - kernels.ScoreMax // the empties to O
	if diff := score + n; diff > 0 {
		return diff + n
	}
	return score
}
