package train

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
)

// Players of another origin than the weights' self-play, for sets of
// positions that neither the weights nor the solver's tuning have seen:
// each plays a one-ply rule a human would recognise, after an opening of
// random moves.
var Players = map[string]string{
	"greedy":  "the move that flips the most discs",
	"squares": "the move that leaves the best sum of a static table of square values (corners good, the squares beside them bad)",
	"random":  "a uniformly random move",
}

// squareValue is a classic static table of square values (one quadrant,
// mirrored): corners, the edges, the X and C squares beside the corners.
var squareValue = func() [64]int {
	q := [4][4]int{
		{100, -20, 10, 5},
		{-20, -50, -2, -2},
		{10, -2, -1, -1},
		{5, -2, -1, -1},
	}
	var v [64]int
	for sq := range v {
		r, c := sq/8, sq%8
		v[sq] = q[min(r, 7-r)][min(c, 7-c)]
	}
	return v
}()

// OtherGames returns n positions with lo..hi empties, one per game, from
// games of seed whose first opening plies are random and whose other moves
// are player's (Players), both sides alike; ties are broken at random.
func OtherGames(seed uint64, n, lo, hi int, player string, opening int) ([]kernels.Board, error) {
	if _, ok := Players[player]; !ok {
		return nil, fmt.Errorf("no player %q (greedy, squares, random)", player)
	}
	o := newOps()
	var out []kernels.Board
	for i := 0; len(out) < n; i++ {
		if i > 100*n {
			return nil, fmt.Errorf("%d games gave %d positions of %d-%d empties", i, len(out), lo, hi)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		var in []kernels.Board
		b := kernels.StartBoard
		for ply := 0; ; ply++ {
			m := o.moves(b.P, b.O)
			if m == 0 {
				b = b.Swap()
				if m = o.moves(b.P, b.O); m == 0 {
					break
				}
			}
			if e := b.NumEmpties(); e >= lo && e <= hi {
				in = append(in, b)
			}
			x := nthBit(m, rng.IntN(bits.OnesCount64(m)))
			if ply >= opening && player != "random" {
				x = bestBy(o, b, m, player, rng)
			}
			b = b.Play(x, o.flip(b.P, b.O, x))
		}
		if len(in) > 0 {
			out = append(out, in[rng.IntN(len(in))])
		}
	}
	return out, nil
}

// bestBy is the move of m that player's rule scores highest.
func bestBy(o ops, b board, m uint64, player string, rng *rand.Rand) int {
	return highest(m, rng, func(x int) int {
		f := o.flip(b.P, b.O, x)
		s := 0
		switch player {
		case "greedy":
			s = bits.OnesCount64(f)
		case "squares":
			c := b.Play(x, f) // the opponent to move: its O is the mover's discs
			for p := c.O; p != 0; p &= p - 1 {
				s += squareValue[bits.TrailingZeros64(p)]
			}
			for p := c.P; p != 0; p &= p - 1 {
				s -= squareValue[bits.TrailingZeros64(p)]
			}
		}
		return s
	})
}
