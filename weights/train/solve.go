package train

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// Solver gives exact scores (disc difference for the side to move with
// perfect play). The trainer uses its own small solver (Exact); the
// project's solver package can be plugged in through this interface.
type Solver interface {
	Solve(b kernels.Board) int
}

// Exact is a plain exact endgame solver: alpha-beta with a transposition
// table, fastest-first ordering (fewest opponent replies), corners first
// near the leaves. Fast enough for labels up to about 20 empties; not the
// project's solver. Not safe for concurrent use: one per goroutine.
type Exact struct {
	ops   ops
	ev    *evaluator // if set, orders moves far from the end
	tt    []ttEntry
	mask  uint64
	Nodes uint64
}

type ttEntry struct {
	P, O         uint64
	lower, upper int8
	move         uint8
	n            uint8
}

const (
	ttMinEmpties = 7
	evalOrderMin = 12 // eval ordering at this many empties and more
	evalOrderDiv = 16 // 1/128 disc -> ordering units (16 per reply)
)

// NewExact returns a solver with a 2^bits-entry transposition table.
func NewExact(bits int) *Exact {
	return &Exact{ops: newOps(), tt: make([]ttEntry, 1<<bits), mask: 1<<bits - 1}
}

func hash(P, O uint64) uint64 {
	h := P*0x9E3779B97F4A7C15 ^ O*0xC2B2AE3D27D4EB4F
	return h ^ h>>29
}

// Solve returns the exact score of b.
func (s *Exact) Solve(b kernels.Board) int {
	return s.ab(b.P, b.O, -64, 64, bits.OnesCount64(^(b.P | b.O)), false)
}

// SolveWindow returns the score of b if it lies in (alpha, beta), else a
// bound beyond the window (fail-soft).
func (s *Exact) SolveWindow(b kernels.Board, alpha, beta int) int {
	return s.ab(b.P, b.O, alpha, beta, bits.OnesCount64(^(b.P | b.O)), false)
}

const cornerMask = 0x8100000000000081

type child struct {
	P, O  uint64
	x     int
	score int
}

func (s *Exact) ab(P, O uint64, alpha, beta, n int, passed bool) int {
	s.Nodes++
	if n == 0 {
		return finalScore(P, O, 0)
	}
	if n == 1 {
		return s.last(P, O)
	}
	moves := s.ops.moves(P, O)
	if moves == 0 {
		if passed {
			return finalScore(P, O, n)
		}
		return -s.ab(O, P, -beta, -alpha, n, true)
	}
	if n < ttMinEmpties {
		return s.small(P, O, moves, alpha, beta, n)
	}
	// Transposition table.
	var e *ttEntry
	ttMove := -1
	e = &s.tt[hash(P, O)&s.mask]
	if e.P == P && e.O == O {
		lo, hi := int(e.lower), int(e.upper)
		if v, ok := kernels.BoundCut(lo, hi, alpha, beta); ok {
			return v
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		ttMove = int(e.move)
	}
	var buf [32]child
	cs := s.ops.children(&buf, P, O, moves, func(np, no uint64, x int) int {
		om := s.ops.moves(np, no)
		sc := bits.OnesCount64(om)*16 + bits.OnesCount64(om&cornerMask)*32
		if kernels.Bit(x)&cornerMask != 0 {
			sc -= 24
		}
		if n >= evalOrderMin && s.ev != nil && s.ev.has(n-1) {
			sc += s.ev.eval(board{P: np, O: no}) / evalOrderDiv
		}
		if x == ttMove {
			sc = -1 << 20
		}
		return sc
	})
	sortChildren(cs)
	a0 := alpha
	best, bestMove := -65, cs[0].x
	for i, c := range cs {
		var v int
		if i == 0 {
			v = -s.ab(c.P, c.O, -beta, -alpha, n-1, false)
		} else {
			v = -s.ab(c.P, c.O, -alpha-1, -alpha, n-1, false)
			if v > alpha && v < beta {
				v = -s.ab(c.P, c.O, -beta, -v, n-1, false)
			}
		}
		if v > best {
			best, bestMove = v, c.x
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	// Store: exact if inside the window, else a bound.
	ne := ttEntry{P: P, O: O, lower: -64, upper: 64, move: uint8(bestMove), n: uint8(n)}
	if e.P == P && e.O == O {
		ne.lower, ne.upper = e.lower, e.upper
	}
	if best > a0 {
		ne.lower = int8(max(int(ne.lower), best))
	}
	if best < beta {
		ne.upper = int8(min(int(ne.upper), best))
	}
	if e.n <= uint8(n) || (e.P == P && e.O == O) {
		*e = ne
	}
	return best
}

// children lists in buf the positions after each of moves, P's moves in
// (P, O), each with its ordering score by score (the child, after x).
func (o ops) children(buf *[32]child, P, O, moves uint64, score func(np, no uint64, x int) int) []child {
	cs := buf[:0]
	for m := moves; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		f := o.flip(P, O, x)
		np, no := O^f, P|f|kernels.Bit(x)
		cs = append(cs, child{np, no, x, score(np, no, x)})
	}
	return cs
}

// sortChildren sorts by score, lowest first (insertion sort: a few
// moves, stable).
func sortChildren(cs []child) {
	for i := 1; i < len(cs); i++ {
		c := cs[i]
		j := i
		for ; j > 0 && cs[j-1].score > c.score; j-- {
			cs[j] = cs[j-1]
		}
		cs[j] = c
	}
}

// small searches near the end without a table: moves in odd quadrants
// (an odd number of empties) first, corners first within each.
func (s *Exact) small(P, O, moves uint64, alpha, beta, n int) int {
	best := -65
	odd := uint64(0)
	e := ^(P | O)
	for q := 0; q < 4; q++ {
		if bits.OnesCount64(e&quadrants[q])&1 == 1 {
			odd |= quadrants[q]
		}
	}
	for _, group := range [4]uint64{moves & odd & cornerMask, moves & odd &^ cornerMask, moves &^ odd & cornerMask, moves &^ odd &^ cornerMask} {
		for m := group; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			f := s.ops.flip(P, O, x)
			v := -s.ab(O^f, P|f|kernels.Bit(x), -beta, -max(alpha, best), n-1, false)
			if v > best {
				best = v
				if v >= beta {
					return v
				}
			}
		}
	}
	return best
}

var quadrants = [4]uint64{0x000000000F0F0F0F, 0x00000000F0F0F0F0, 0x0F0F0F0F00000000, 0xF0F0F0F000000000}

// last scores the position with one empty square.
func (s *Exact) last(P, O uint64) int {
	x := bits.TrailingZeros64(^(P | O))
	if f := s.ops.flip(P, O, x); f != 0 {
		return 2*bits.OnesCount64(P|f) + 2 - 64
	}
	if f := s.ops.flip(O, P, x); f != 0 {
		return 64 - 2*(bits.OnesCount64(O|f)+1)
	}
	return finalScore(P, O, 1)
}

// Searcher is a depth-limited alpha-beta with the evaluation at its
// leaves (scores in 1/Scale discs) and exact scores at game ends.
type searcher struct {
	ops   ops
	ev    *evaluator
	nodes uint64
}

func (s *searcher) search(b board, depth int) int {
	return s.ab(b.P, b.O, -1<<20, 1<<20, depth, false)
}

func (s *searcher) ab(P, O uint64, alpha, beta, depth int, passed bool) int {
	s.nodes++
	if depth == 0 {
		return s.ev.eval(board{P: P, O: O})
	}
	moves := s.ops.moves(P, O)
	if moves == 0 {
		if passed {
			return finalScore(P, O, bits.OnesCount64(^(P|O))) * 128
		}
		return -s.ab(O, P, -beta, -alpha, depth, true)
	}
	var buf [32]child
	cs := s.ops.children(&buf, P, O, moves, func(np, no uint64, _ int) int {
		switch {
		case depth >= 3 && s.ev.has(bits.OnesCount64(^(np | no))):
			return s.ev.eval(board{P: np, O: no}) // the opponent's view: lowest first
		case depth == 2:
			return bits.OnesCount64(s.ops.moves(np, no))
		}
		return 0
	})
	if depth >= 2 {
		sortChildren(cs)
	}
	best := -1 << 20
	for _, c := range cs {
		v := -s.ab(c.P, c.O, -beta, -max(alpha, best), depth-1, false)
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}
