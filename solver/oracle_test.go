package solver

import (
	"math/bits"
	"sync"

	"github.com/flipbench/flipbench/kernels"
)

// The tests' oracle, independent of the solver: a plain alpha-beta on
// the kernels package's reference functions. Moves are tried with the
// fewest replies first far from the end, where positions also remember
// their bounds in a map, which changes the speed only.

// oracleScores keeps the scores already solved: several tests ask for
// the same positions.
var oracleScores sync.Map // kernels.Board -> int

// exactScore returns the exact score of b.
func exactScore(b kernels.Board) int {
	if v, ok := oracleScores.Load(b); ok {
		return v.(int)
	}
	o := oracle{bounds: map[kernels.Board][2]int{}}
	ms := oracleLegal(b)
	v := o.search(b, &ms, -65, 65, false)
	oracleScores.Store(b, v)
	return v
}

type oracle struct {
	bounds map[kernels.Board][2]int // lower and upper bounds of the score
}

// oracleMemoMin is the fewest empties at which positions keep bounds.
const oracleMemoMin = 6

// oracleMoves are the positions after each legal move of a position.
type oracleMoves struct {
	n     int
	after [32]kernels.Board
}

func oracleLegal(b kernels.Board) oracleMoves {
	var ms oracleMoves
	for e := b.Empties(); e != 0; e &= e - 1 {
		x := bits.TrailingZeros64(e)
		if f := kernels.Flip(b.P, b.O, x); f != 0 {
			ms.after[ms.n] = b.Play(x, f)
			ms.n++
		}
	}
	return ms
}

// search returns the score of b, whose moves are ms, if it lies in
// (alpha, beta), else alpha or beta on the side the score lies.
func (o oracle) search(b kernels.Board, ms *oracleMoves, alpha, beta int, passed bool) int {
	if ms.n == 0 {
		if passed {
			return min(max(oracleFinal(b), alpha), beta)
		}
		swapped := oracleLegal(b.Swap())
		return -o.search(b.Swap(), &swapped, -beta, -alpha, true)
	}
	memo := b.NumEmpties() >= oracleMemoMin
	lower, upper := -64, 64
	if bd, ok := o.bounds[b]; memo && ok {
		lower, upper = bd[0], bd[1]
	}
	switch {
	case lower >= beta:
		return beta
	case upper <= alpha:
		return alpha
	}
	a, bt := max(alpha, lower-1), min(beta, upper+1)
	v := o.children(ms, a, bt)
	switch {
	case v <= a:
		upper = v
	case v >= bt:
		lower = v
	default:
		lower, upper = v, v
	}
	if memo {
		o.bounds[b] = [2]int{lower, upper}
	}
	return min(max(v, alpha), beta)
}

// oracleSortMin is the fewest empties at which moves are sorted.
const oracleSortMin = 6

// children is the alpha-beta loop over the positions after the moves.
func (o oracle) children(ms *oracleMoves, alpha, beta int) int {
	replies := make([]oracleMoves, ms.n)
	order := make([]int, ms.n)
	sorted := ms.after[0].NumEmpties() >= oracleSortMin
	for i := range order {
		order[i] = i
		if !sorted {
			continue
		}
		replies[i] = oracleLegal(ms.after[i])
		for j := i; j > 0 && replies[order[j-1]].n > replies[i].n; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, i := range order {
		if !sorted {
			replies[i] = oracleLegal(ms.after[i])
		}
		if v := -o.search(ms.after[i], &replies[i], -beta, -alpha, false); v > alpha {
			if v >= beta {
				return beta
			}
			alpha = v
		}
	}
	return alpha
}

// oracleFinal is the score of a finished game: the disc difference, the
// empty squares going to the winner.
func oracleFinal(b kernels.Board) int {
	d := bits.OnesCount64(b.P) - bits.OnesCount64(b.O)
	switch {
	case d > 0:
		return d + b.NumEmpties()
	case d < 0:
		return d - b.NumEmpties()
	}
	return 0
}
