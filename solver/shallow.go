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

// The packed list's squares and the bitboards made from them, with the
// shift counts masked: the compiler then drops Go's check for counts of
// 64 and more (a square is below 64, a list holds at most 8).

func sq(list uint64, i uint) int { return int(list >> (8 * i & 63) & 0xff) }
func sqBit(x int) uint64         { return 1 << uint(x&63) }
func removeSq(list uint64, i uint) uint64 {
	low := uint64(1)<<(8*i&63) - 1
	return list&low | list>>8&^low
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
		for i := uint(0); i < mobilityOrderAt; i++ {
			x := sq(list, i)
			if moves&sqBit(x) == 0 {
				continue
			}
			f := s.flip(P, O, x)
			flips[i] = f
			keys[k] = mobilityKey(s.moves(O&^f, P|f|sqBit(x)), parity, x, i)
			k++
		}
		for j := 0; j < k; j++ {
			i := pickKey(keys[:k]) % mobilityOrderAt
			x, f := sq(list, i), flips[i]
			v := -s.shallow(O&^f, P|f|sqBit(x), -alpha-1, removeSq(list, i), parity^kernels.QuadrantID[x&63], n-1)
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
			x := sq(list, i)
			if prio&sqBit(x) == 0 {
				continue
			}
			f := s.flip(P, O, x)
			rest := removeSq(list, i)
			var v int
			if n == 5 {
				v = -s.nws4(O&^f, P|f|sqBit(x), -alpha-1, rest, parity^kernels.QuadrantID[x&63])
			} else {
				v = -s.shallow(O&^f, P|f|sqBit(x), -alpha-1, rest, parity^kernels.QuadrantID[x&63], n-1)
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
