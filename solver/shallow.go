package solver

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// bottom is the null-window search of a position of 8 to 5 empties (8
// and 7 with a larger hashMin): the assembly bottom, which orders the
// empties itself, from 6 empties down, or the shallow search on the
// empties in presorted order.
func (s *search) bottom(P, O uint64, alpha int, parity uint8, n int) int {
	if s.k.Bottom != nil && n <= variants.ShallowMax {
		v, nodes := s.k.Bottom.Search(P, O, alpha)
		s.nodes += nodes
		return v
	}
	return s.shallow(P, O, alpha, variants.PresortList(^(P | O)), parity, n)
}

// shallow is the null-window search from 6 to 5 empties (Edax's
// search_shallow): no table, a stability cutoff, and two loops over the
// empties in presorted order, the squares of odd quadrants first (parity
// ordering); 4 empties go to the leaf through nws4's stability cutoff. list holds the n empties in
// presorted order.
func (s *search) shallow(P, O uint64, alpha int, list uint64, parity uint8, n int) int {
	if s.k.goSIMD {
		return s.goSIMDShallow(P, O, alpha, list, parity, n)
	}
	s.nodes++
	if v, ok := s.stabilityCut(P, O, alpha, n); ok {
		return v
	}
	moves := s.moves(P, O)
	if moves == 0 {
		if s.moves(O, P) == 0 {
			return s.k.BoardSolve(P, n)
		}
		return -s.shallow(O, P, -alpha-1, list, parity, n)
	}
	best := -scoreInf
	prio := moves & variants.OddQuadrants(parity)
	if prio == 0 {
		prio = moves
	}
	for {
		for i := uint(0); i < uint(n); i++ {
			x := int(list >> (8 * i) & 0xff)
			if prio&bit(x) == 0 {
				continue
			}
			f := s.flip(P, O, x)
			rest := variants.RemoveByte(list, i)
			var v int
			if n == 5 {
				v = -s.nws4(O&^f, P|f|bit(x), -alpha-1, rest, parity^kernels.QuadrantID[x])
			} else {
				v = -s.shallow(O&^f, P|f|bit(x), -alpha-1, rest, parity^kernels.QuadrantID[x], n-1)
			}
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
		moves ^= prio
		if moves == 0 {
			return best
		}
		prio = moves
	}
}
