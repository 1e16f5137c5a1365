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
// search_shallow): no table, a stability cutoff, and the moves in order:
// at 6 empties, fastest first (mobilityOrder); at 5, two loops over the
// empties in presorted order, the squares of odd quadrants first (parity
// ordering); 4 empties go to the leaf through nws4's stability cutoff.
// list holds the n empties in presorted order.
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
	if n == mobilityOrderAt {
		var keys [mobilityOrderAt]uint64
		var flips [mobilityOrderAt]uint64
		k := 0
		for i := uint(0); i < uint(n); i++ {
			x := int(list >> (8 * i) & 0xff)
			if moves&bit(x) == 0 {
				continue
			}
			f := s.flip(P, O, x)
			flips[i] = f
			keys[k] = mobilityKey(s.moves(O&^f, P|f|bit(x)), parity, x, i)
			k++
		}
		for j := 0; j < k; j++ {
			i := pickKey(keys[:k])
			x, f := int(list>>(8*i)&0xff), flips[i]
			v := -s.shallow(O&^f, P|f|bit(x), -alpha-1, variants.RemoveByte(list, i), parity^kernels.QuadrantID[x], n-1)
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
		return best
	}
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

// mobilityOrderAt is where the shallow search orders its moves fastest
// first: the opponent's mobility after each (corners twice), then the
// squares of odd quadrants first, then presorted order. It costs a flip
// and a move generation per move at every node there, and saves more
// nodes on the tune set (at 5 empties too, but not the cost of a move
// generation before every leaf: not there).
const mobilityOrderAt = 6

// mobilityKey is the sort key of move x, the i-th empty of the list, by
// the opponent's moves after it: the weighted mobility, then its
// quadrant's parity (odd first), then i (presorted order), in one
// number.
func mobilityKey(oppMoves uint64, parity uint8, x int, i uint) uint64 {
	key := uint64(kernels.WeightedCount(oppMoves)) << 1
	if parity&kernels.QuadrantID[x] == 0 {
		key |= 1
	}
	return key<<8 | uint64(i)
}

// pickKey returns the list index of the smallest key of keys and removes
// it (the key becomes the largest possible).
func pickKey(keys []uint64) uint {
	b := 0
	for j := 1; j < len(keys); j++ {
		if keys[j] < keys[b] {
			b = j
		}
	}
	i := uint(keys[b] & 0xff)
	keys[b] = ^uint64(0)
	return i
}
