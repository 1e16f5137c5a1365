package train

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// searcher is a depth-limited alpha-beta with the evaluation at its
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

type child struct {
	P, O  uint64
	x     int
	score int
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
