package train

import (
	"math/bits"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/weights"
)

// Game kinds: uniformly random moves, or self-play after a random
// opening: the move that leaves the opponent the fewest replies (no
// weights yet) or the best one-ply evaluation (with weights), with a
// random move one time in ten.
const (
	kindRandom = iota
	kindSelfPlay
)

// playGame plays game i of a seed and returns the positions met where the
// side to move has a move.
// With play, the self-play moves are chosen by a search of playDepth
// plies on it.
func playGame(o ops, seed uint64, i int, play *evaluator, playDepth int) []board {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	kind := kindRandom
	if i%2 == 1 {
		kind = kindSelfPlay
	}
	opening := 2 + rng.IntN(19)
	b := kernels.StartBoard
	out := make([]board, 0, 60)
	for ply := 0; ; ply++ {
		m := o.moves(b.P, b.O)
		if m == 0 {
			b = b.Swap()
			if m = o.moves(b.P, b.O); m == 0 {
				return out
			}
		}
		out = append(out, b)
		var x int
		if kind == kindRandom || ply < opening || rng.IntN(10) == 0 {
			x = nthBit(m, rng.IntN(bits.OnesCount64(m)))
		} else {
			x = policy(o, b, m, play, playDepth, rng)
		}
		b = b.Play(x, o.flip(b.P, b.O, x))
	}
}

func nthBit(m uint64, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}

// cornerMask are the four corners.
const cornerMask = 0x8100000000000081

// policy picks the move with the lowest score for the opponent (ties at
// random).
func policy(o ops, b board, m uint64, play *evaluator, playDepth int, rng *rand.Rand) int {
	return highest(m, rng, func(x int) int {
		f := o.flip(b.P, b.O, x)
		c := b.Play(x, f)
		var s int
		if play != nil && playDepth > 1 && c.NumEmpties() >= playDepth {
			se := searcher{ops: o, ev: play}
			s = se.search(c, playDepth-1)
		} else if play != nil && play.has(c.NumEmpties()) {
			s = play.eval(c)
		} else {
			om := o.moves(c.P, c.O)
			s = 10*bits.OnesCount64(om) + 20*bits.OnesCount64(om&cornerMask)
			if kernels.Bit(x)&cornerMask != 0 {
				s -= 30
			}
		}
		return -s
	})
}

// highest is the move of m of the highest score, ties broken at random
// (each tied move as likely).
func highest(m uint64, rng *rand.Rand, score func(x int) int) int {
	best, bestScore, ties := -1, 0, 0
	for mm := m; mm != 0; mm &= mm - 1 {
		x := bits.TrailingZeros64(mm)
		s := score(x)
		switch {
		case best < 0 || s > bestScore:
			best, bestScore, ties = x, s, 1
		case s == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = x
			}
		}
	}
	return best
}

// SelfPlay returns n positions with lo..hi empties, one per game, from
// games of seed played by w (a one-ply search on its evaluation, after a
// random opening of 2 to 20 plies and with a random move one time in ten):
// positions of real-looking games, none of the FFO sets', for sets that
// tune or measure the solver away from the positions it is known on.
func SelfPlay(seed uint64, n, lo, hi int, set *weights.Set) ([]kernels.Board, error) {
	w, err := set.EvalWeights()
	if err != nil {
		return nil, err
	}
	o := newOps()
	play := &evaluator{plain: w.Plain}
	play.refresh()
	var out []kernels.Board
	for i := 1; len(out) < n; i += 2 { // odd games are self-play
		ps := playGame(o, seed, i, play, 1)
		rng := rand.New(rand.NewPCG(seed, uint64(i)^0x5e1f))
		var in []kernels.Board
		for _, b := range ps {
			if e := b.NumEmpties(); e >= lo && e <= hi {
				in = append(in, b)
			}
		}
		if len(in) > 0 {
			out = append(out, in[rng.IntN(len(in))])
		}
	}
	return out, nil
}
