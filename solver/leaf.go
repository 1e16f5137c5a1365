package solver

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// The 4..1-empties leaf, composed from the bound flip, score_1 (or
// count_last_flip) and board_solve kernels. It searches exactly as the
// solve_4 kernel's contract says (kernels.Solve4): moves in presorted
// order, squares of odd quadrants first (a stable partition), each answered
// by the 3-empties search, then the fail-hard 2-empties search on score_1;
// it counts the same nodes. So a solve gives the same fingerprint whether
// the leaf is this one or a solve_4 variant.
//
// The empties come as a packed list: byte i is the i-th empty square in
// presorted order (kernels.PresortedSquares), so that removing a square
// keeps the order and no sort is needed below.

var (
	presortIndex [64]uint8
	// perm4[odd] (perm3) lists the byte positions of a 4 (3) square list
	// in odd-first stable order, for odd = bit i set if square i is in an
	// odd quadrant.
	perm4 [16][4]uint8
	perm3 [8][3]uint8
	// neighbour[x]: squares next to x; no disc of O there means no flip.
	neighbour [64]uint64
	// quadMask[parity]: the squares of the odd quadrants.
	quadMask [16]uint64
)

func init() {
	for i, x := range kernels.PresortedSquares {
		presortIndex[x] = uint8(i)
	}
	for odd := 0; odd < 16; odd++ {
		k := 0
		for _, want := range []int{1, 0} {
			for i := 0; i < 4; i++ {
				if odd>>uint(i)&1 == want {
					perm4[odd][k] = uint8(i)
					k++
				}
			}
		}
	}
	for odd := 0; odd < 8; odd++ {
		k := 0
		for _, want := range []int{1, 0} {
			for i := 0; i < 3; i++ {
				if odd>>uint(i)&1 == want {
					perm3[odd][k] = uint8(i)
					k++
				}
			}
		}
	}
	for x := 0; x < 64; x++ {
		f, r := x%8, x/8
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && f+df >= 0 && f+df < 8 && r+dr >= 0 && r+dr < 8 {
					neighbour[x] |= 1 << uint((r+dr)*8+f+df)
				}
			}
		}
	}
	for p := 0; p < 16; p++ {
		for x := 0; x < 64; x++ {
			if uint8(p)&kernels.QuadrantID[x] != 0 {
				quadMask[p] |= 1 << uint(x)
			}
		}
	}
}

// presortList packs the empties of e (at most 8) in presorted order.
func presortList(e uint64) uint64 {
	var keys [8]uint16
	n := 0
	for ; e != 0; e &= e - 1 {
		x := bits.TrailingZeros64(e)
		k := uint16(presortIndex[x])<<8 | uint16(x)
		i := n
		for i > 0 && keys[i-1] > k {
			keys[i] = keys[i-1]
			i--
		}
		keys[i] = k
		n++
	}
	var list uint64
	for i := n - 1; i >= 0; i-- {
		list = list<<8 | uint64(keys[i]&0xff)
	}
	return list
}

// removeByte drops byte i of a packed list, the bytes above moving down.
func removeByte(list uint64, i uint) uint64 {
	low := uint64(1)<<(8*i) - 1
	return list&low | list>>8&^low
}

const scoreInf = kernels.ScoreInf

// score1 is the solver's score_1: the reference's definition
// (kernels.Score1) on the bound count_last_flip.
func (s *search) score1Own(P uint64, alpha, x int) int {
	score := 2*bits.OnesCount64(P) - kernels.ScoreMax + 2
	if n := s.clf(P, x); n != 0 {
		return score + n
	}
	score2 := score - 2
	if score <= 0 {
		score = score2
	}
	if score > alpha {
		if n := s.clf(^P&^(uint64(1)<<uint(x)), x); n != 0 {
			score = score2 - n
		}
	}
	return score
}

// solve2 is kernels.Solve2 with its two empties in presorted order (with
// two empties both are odd or both even, so that is the parity order).
func (s *search) solve2(P, O uint64, alpha, x1, x2 int) int {
	beta := alpha + 1
	s.nodes++
	best := -scoreInf
	if neighbour[x1]&O != 0 {
		if f := s.flip(P, O, x1); f != 0 {
			s.nodes++
			best = -s.sc1(O&^f, -beta, x2)
		}
	}
	if best < beta {
		if neighbour[x2]&O != 0 {
			if f := s.flip(P, O, x2); f != 0 {
				s.nodes++
				best = max(best, -s.sc1(O&^f, -beta, x1))
			}
		}
		if best == -scoreInf { // P passes
			best = scoreInf
			if neighbour[x1]&P != 0 {
				if f := s.flip(O, P, x1); f != 0 {
					s.nodes++
					best = s.sc1(P&^f, alpha, x2)
				}
			}
			if best > alpha {
				if neighbour[x2]&P != 0 {
					if f := s.flip(O, P, x2); f != 0 {
						s.nodes++
						best = min(best, s.sc1(P&^f, alpha, x1))
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
	s.nodes++
	q := &kernels.QuadrantID
	x1, x2, x3 := int(list&0xff), int(list>>8&0xff), int(list>>16&0xff)
	var m uint8
	if parity&q[x1] != 0 {
		m = 1
	}
	if parity&q[x2] != 0 {
		m |= 2
	}
	if parity&q[x3] != 0 {
		m |= 4
	}
	perm := &perm3[m]
	best := -scoreInf
	for i := 0; i < 3; i++ {
		j := uint(perm[i])
		x := int(list >> (8 * j) & 0xff)
		if neighbour[x]&O == 0 {
			continue
		}
		f := s.flip(P, O, x)
		if f == 0 {
			continue
		}
		rest := removeByte(list, j)
		v := -s.solve2(O&^f, P|f|uint64(1)<<uint(x), -alpha-1, int(rest&0xff), int(rest>>8&0xff))
		if v > alpha {
			return v
		}
		best = max(best, v)
	}
	if best == -scoreInf {
		if s.moves(O, P) == 0 {
			return s.k.BoardSolve(P, 3)
		}
		return -s.solve3(O, P, -alpha-1, list, parity)
	}
	return best
}

// solve4 is kernels.Solve4 (or the bound solve_4 variant); list holds the
// four empties in presorted order.
func (s *search) solve4(P, O uint64, alpha int, list uint64, parity uint8) int {
	if s.k.Solve4 != nil {
		v, n := s.k.Solve4(kernels.Board{P: P, O: O}, alpha)
		s.nodes += n
		return v
	}
	s.nodes++
	q := &kernels.QuadrantID
	var m uint8
	if parity&q[list&0xff] != 0 {
		m = 1
	}
	if parity&q[list>>8&0xff] != 0 {
		m |= 2
	}
	if parity&q[list>>16&0xff] != 0 {
		m |= 4
	}
	if parity&q[list>>24&0xff] != 0 {
		m |= 8
	}
	perm := &perm4[m]
	best := -scoreInf
	for i := 0; i < 4; i++ {
		j := uint(perm[i])
		x := int(list >> (8 * j) & 0xff)
		if neighbour[x]&O == 0 {
			continue
		}
		f := s.flip(P, O, x)
		if f == 0 {
			continue
		}
		v := -s.solve3(O&^f, P|f|uint64(1)<<uint(x), -alpha-1, removeByte(list, j), parity^q[x])
		if v > alpha {
			return v
		}
		best = max(best, v)
	}
	if best == -scoreInf {
		if s.moves(O, P) == 0 {
			return s.k.BoardSolve(P, 4)
		}
		return -s.solve4(O, P, -alpha-1, list, parity)
	}
	return best
}
