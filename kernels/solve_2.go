package kernels

// Solve2 is the null-window search at (alpha, alpha+1) of a position with
// two empty squares. It is fail-hard: it returns alpha+1 if the score is
// above alpha and alpha otherwise, so that every score_1 variant (exact or
// lazy) gives the same search above it. nodes counts this position and
// every position reached after a move (Edax's internal nodes).
func Solve2(b Board, alpha int) (score int, nodes uint64) {
	if b.NumEmpties() != 2 {
		panic("Solve2: board has not 2 empties")
	}
	beta := alpha + 1
	order := LeafOrder(b.Empties())
	x1, x2 := order[0], order[1]
	nodes = 1
	best := -ScoreInf
	if f := Flip(b.P, b.O, x1); f != 0 {
		nodes++
		best = -Score1(b.Play(x1, f).P, -beta, x2)
	}
	if best < beta {
		if f := Flip(b.P, b.O, x2); f != 0 {
			nodes++
			best = max(best, -Score1(b.Play(x2, f).P, -beta, x1))
		}
		if best == -ScoreInf { // P passes
			best = ScoreInf
			if f := Flip(b.O, b.P, x1); f != 0 {
				nodes++
				best = Score1(b.P&^f, alpha, x2)
			}
			if best > alpha {
				if f := Flip(b.O, b.P, x2); f != 0 {
					nodes++
					best = min(best, Score1(b.P&^f, alpha, x1))
				}
				if best == ScoreInf {
					best = BoardSolve(b.P, 2)
				}
			}
		}
	}
	if best > alpha {
		return beta, nodes
	}
	return alpha, nodes
}
