package solver

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// The solver's own leaf (solve_4 solver): the 4..1-empties search,
// composed from the bound flip, score_1 (or count_last_flip) and
// board_solve kernels. It searches exactly as the
// solve_4 kernel's contract says (kernels.Solve4): moves in presorted
// order, squares of odd quadrants first (a stable partition), each answered
// by the 3-empties search, then the fail-hard 2-empties search on score_1;
// it counts the same nodes. So a solve gives the same fingerprint whether
// the leaf is this one or a solve_4 variant.
//
// The empties come as a packed list: byte i is the i-th empty square in
// presorted order (kernels.PresortedSquares), so that removing a square
// keeps the order and no sort is needed below.

const scoreInf = kernels.ScoreInf

// solve2 is kernels.Solve2 with its two empties in presorted order (with
// two empties both are odd or both even, so that is the parity order).
func (s *search) solve2(P, O uint64, alpha, x1, x2 int) int {
	beta := alpha + 1
	s.nodes++
	best := -scoreInf
	if variants.Neighbours(x1)&O != 0 {
		if f := s.flip(P, O, x1); f != 0 {
			s.nodes++
			best = -s.score1(O&^f, -beta, x2)
		}
	}
	if best < beta {
		if variants.Neighbours(x2)&O != 0 {
			if f := s.flip(P, O, x2); f != 0 {
				s.nodes++
				best = max(best, -s.score1(O&^f, -beta, x1))
			}
		}
		if best == -scoreInf { // P passes
			best = scoreInf
			if variants.Neighbours(x1)&P != 0 {
				if f := s.flip(O, P, x1); f != 0 {
					s.nodes++
					best = s.score1(P&^f, alpha, x2)
				}
			}
			if best > alpha {
				if variants.Neighbours(x2)&P != 0 {
					if f := s.flip(O, P, x2); f != 0 {
						s.nodes++
						best = min(best, s.score1(P&^f, alpha, x1))
					}
				}
				if best == scoreInf {
					best = s.k.BoardSolve(P, 2)
				}
			}
		}
	}
	if best > alpha {
		return beta
	}
	return alpha
}

// solve3 is kernels.Solve3; list holds the three empties in presorted order.
func (s *search) solve3(P, O uint64, alpha int, list uint64, parity uint8) int {
	return s.leaf(3, P, O, alpha, list, parity)
}

// nws4 is the null-window search of a position of four empties as the
// shallow search enters it (Edax's search_solve_4): first the stability
// cutoff, which on so full a board refutes about a quarter of them at
// once (a node), then solve4.
func (s *search) nws4(P, O uint64, alpha int, list uint64, parity uint8) int {
	if alpha >= scThreshold[4] {
		if v := kernels.ScoreMax - 2*bits.OnesCount64(s.stability(O, P)); v <= alpha {
			s.nodes++
			return v
		}
	}
	return s.solve4(P, O, alpha, list, parity)
}

// solve4 is kernels.Solve4 (or the bound solve_4 variant); list holds the
// four empties in presorted order.
func (s *search) solve4(P, O uint64, alpha int, list uint64, parity uint8) int {
	if s.k.Solve4 != nil {
		v, n := s.k.Solve4(P, O, alpha)
		s.nodes += n
		return v
	}
	return s.leaf(4, P, O, alpha, list, parity)
}

// leaf is kernels.Solve3 (n = 3) and Solve4 (n = 4): the n presorted
// empties of list, those in an odd quadrant first, each child searched by
// the level below. A pass searches the swapped board at the same level.
func (s *search) leaf(n int, P, O uint64, alpha int, list uint64, parity uint8) int {
	s.nodes++
	q := &kernels.QuadrantID
	var m uint8
	for i := 0; i < n; i++ {
		if parity&q[list>>(8*i)&63] != 0 {
			m |= 1 << i
		}
	}
	perm := variants.OddFirst(n, m)
	best := -scoreInf
	for i := 0; i < n; i++ {
		j := uint(perm[i])
		x := sq(list, j)
		if variants.Neighbours(x)&O == 0 {
			continue
		}
		f := s.flip(P, O, x)
		if f == 0 {
			continue
		}
		rest := removeSq(list, j)
		var v int
		if n == 4 {
			v = -s.leaf(3, O&^f, P|f|sqBit(x), -alpha-1, rest, parity^q[x&63])
		} else {
			v = -s.solve2(O&^f, P|f|sqBit(x), -alpha-1, sq(rest, 0), sq(rest, 1))
		}
		if v > alpha {
			return v
		}
		best = max(best, v)
	}
	if best == -scoreInf {
		if s.moves(O, P) == 0 {
			return s.k.BoardSolve(P, n)
		}
		return -s.leaf(n, O, P, -alpha-1, list, parity)
	}
	return best
}
