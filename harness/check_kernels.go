package harness

import (
	"fmt"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

func mustGet[F any](k *variants.Kernel[F], name string) F {
	v, err := k.Get(name)
	if err != nil {
		panic(err) // Check has already verified the variant is runnable
	}
	return v.Fn
}

func init() {
	checkers["flip"] = checkFlip
	checkers["moves"] = checkMoves
	checkers["count_last_flip"] = checkCountLastFlip
	checkers["score_1"] = checkScore1
	checkers["solve_2"] = func(v string, o Options) (int, *Mismatch) { return checkSolve(variants.Solve2, 2, v, o) }
	checkers["solve_3"] = func(v string, o Options) (int, *Mismatch) { return checkSolve(variants.Solve3, 3, v, o) }
	checkers["solve_4"] = func(v string, o Options) (int, *Mismatch) { return checkSolve(variants.Solve4, 4, v, o) }
	checkers["board_solve"] = checkBoardSolve
	checkers["stable_edge"] = checkStableEdge
	checkers["stable_edge_count"] = checkStableEdgeCount
	checkers["stability"] = checkStability
	checkers["hash_code"] = checkHashCode
	checkers["move_evaluate"] = checkMoveEvaluate
}

// flip: every empty square of each board (legal or not), so 1e6 cases
// cover about 30k positions of every phase.
func checkFlip(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.Flip, name), variants.Flip.Reference()
	p := pool(o)
	var b kernels.Board
	var empties uint64
	bi := 0
	return compare("flip", name, o.N, func(int) (uint64, uint64, func() string) {
		for empties == 0 {
			b = p.board(bi)
			bi++
			empties = b.Empties()
		}
		x := bits.TrailingZeros64(empties)
		empties &= empties - 1
		bb := b
		return fn(b.P, b.O, x), ref(b.P, b.O, x), func() string { return bs(bb) + " x=" + kernels.SquareName(x) }
	})
}

func checkMoves(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.Moves, name), variants.Moves.Reference()
	p := pool(o)
	return compare("moves", name, o.N, func(i int) (uint64, uint64, func() string) {
		b := p.board(i)
		return fn(b.P, b.O), ref(b.P, b.O), func() string { return bs(b) }
	})
}

// count_last_flip: first, exhaustively, every square x with every pattern
// of the 8 squares of x's row and of x's file (the rest P), then random P.
func checkCountLastFlip(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.CountLastFlip, name), variants.CountLastFlip.Reference()
	cases, xs := CountLastFlipPatterns()
	rng := rngFor(o, SaltCountLastFlip)
	n := max(o.N, len(cases))
	return compare("count_last_flip", name, n, func(i int) (int, int, func() string) {
		var P uint64
		var x int
		if i < len(cases) {
			P, x = cases[i], xs[i]
		} else {
			x = rng.IntN(64)
			P = rng.Uint64() &^ kernels.Bit(x)
		}
		return fn(P, x), ref(P, x), func() string {
			return bs(kernels.Board{P: P, O: ^P &^ kernels.Bit(x)}) + " x=" + kernels.SquareName(x)
		}
	})
}

// CountLastFlipPatterns returns the exhaustive inputs of the
// count_last_flip cross-check: every square x with every pattern of the 8
// squares of x's row and of x's file, the rest P (or P on every other
// rank), x empty; as pairs P[i], X[i].
func CountLastFlipPatterns() (P []uint64, X []int) {
	for x := 0; x < 64; x++ {
		row := uint64(0xff) << uint(x&^7)
		file := uint64(0x0101010101010101) << uint(x&7)
		for pat := 0; pat < 256; pat++ {
			for _, line := range []uint64{row, file} {
				p := ^line | pdep(uint64(pat), line)
				for _, fill := range []uint64{^uint64(0), 0x00ff00ff00ff00ff} {
					P = append(P, (p&fill|line&p)&^kernels.Bit(x))
					X = append(X, x)
				}
			}
		}
	}
	return P, X
}

// The salts of the cross-checks' random sources (CheckRand), per kernel.
const (
	SaltCountLastFlip = 3
	SaltScore1        = 5
)

// pdep deposits the low bits of v on the set bits of mask.
func pdep(v, mask uint64) uint64 {
	var out uint64
	for ; mask != 0; mask &= mask - 1 {
		if v&1 != 0 {
			out |= mask & -mask
		}
		v >>= 1
	}
	return out
}

// score_1: real one-empty positions and random fills, every alpha from a
// spread. Exact variants must match; Bound variants (lazy cut-offs) must be
// exact at or below alpha and within (alpha, exact] above it.
func checkScore1(name string, o Options) (int, *Mismatch) {
	v, _ := variants.Score1.Get(name)
	fn, ref := v.Fn, variants.Score1.Reference()
	ends := RandomEndgames(o.Seed, 5000, 1)
	rng := rngFor(o, SaltScore1)
	n := o.N
	for i := 0; i < n; i++ {
		var P uint64
		var x int
		if i%2 == 0 {
			b := ends[(i/2)%len(ends)]
			P, x = b.P, bits.TrailingZeros64(b.Empties())
		} else {
			x = rng.IntN(64)
			P = rng.Uint64() &^ kernels.Bit(x)
			if i%6 == 1 { // lopsided boards make passes and wipe-outs likely
				P &= rng.Uint64()
			} else if i%6 == 3 {
				P |= rng.Uint64() &^ kernels.Bit(x)
			}
		}
		alpha := rng.IntN(130) - 65
		got, want := fn(P, alpha, x), ref(P, alpha, x)
		ok := got == want
		if v.Bound && want > alpha {
			ok = got > alpha && got <= want
		}
		if !ok {
			return i + 1, &Mismatch{Kernel: "score_1", Variant: name,
				Input: fmt.Sprintf("%s x=%s alpha=%d", bs(kernels.Board{P: P, O: ^P &^ kernels.Bit(x)}), kernels.SquareName(x), alpha),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want)}
		}
	}
	return n, nil
}

type scoreNodes struct {
	Score int
	Nodes uint64
}

func (s scoreNodes) String() string { return fmt.Sprintf("score %d, %d nodes", s.Score, s.Nodes) }

// solve_n: positions with n empties from random games, either side, with
// alphas spread over the score range; score and node count must match.
func checkSolve(k *variants.Kernel[variants.SolveFunc], n int, name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(k, name), k.Reference()
	// solve_4 costs ~8 µs a call: a tenth of the cases (still 1e5 by default).
	cnt := max(o.N/[5]int{0, 0, 1, 1, 10}[n], 1000)
	ends := RandomEndgames(o.Seed, min(cnt, 100000), n)
	rng := rngFor(o, uint64(n))
	return compare(k.Name(), name, cnt, func(i int) (scoreNodes, scoreNodes, func() string) {
		b := ends[i%len(ends)]
		alpha := rng.IntN(129) - 65
		gs, gn := fn(b, alpha)
		ws, wn := ref(b, alpha)
		return scoreNodes{gs, gn}, scoreNodes{ws, wn}, func() string { return fmt.Sprintf("%s alpha=%d", bs(b), alpha) }
	})
}

// board_solve: exhaustive over disc count and number of empties.
func checkBoardSolve(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.BoardSolve, name), variants.BoardSolve.Reference()
	type in struct{ p, n int }
	var ins []in
	for n := 0; n <= 60; n++ {
		for p := 0; p <= 64-n; p++ {
			ins = append(ins, in{p, n})
		}
	}
	return compare("board_solve", name, len(ins), func(i int) (int, int, func() string) {
		c := ins[i]
		P := uint64(1)<<uint(c.p) - 1
		if c.p == 64 {
			P = ^uint64(0)
		}
		return fn(P, c.n), ref(P, c.n), func() string { return fmt.Sprintf("P=%s n=%d", hexbits(P), c.n) }
	})
}

// edgeCases returns, for the stable-edge checks, every one of the 3^8
// colourings of each edge (the rest of the board from a random game).
func edgeCases(o Options) []kernels.Board {
	p := pool(o)
	var out []kernels.Board
	for e, line := range [4][8]int{
		{0, 1, 2, 3, 4, 5, 6, 7}, {56, 57, 58, 59, 60, 61, 62, 63},
		{0, 8, 16, 24, 32, 40, 48, 56}, {7, 15, 23, 31, 39, 47, 55, 63}} {
		var mask uint64
		for _, x := range line {
			mask |= kernels.Bit(x)
		}
		for c := 0; c < 6561; c++ {
			b := p.games[(c*7+e*13)%len(p.games)]
			b.P &^= mask
			b.O &^= mask
			v := c
			for _, x := range line {
				switch v % 3 {
				case 0:
					b.P |= kernels.Bit(x)
				case 1:
					b.O |= kernels.Bit(x)
				}
				v /= 3
			}
			out = append(out, b)
		}
	}
	return out
}

func checkStableEdge(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.StableEdge, name), variants.StableEdge.Reference()
	ex, p := edgeCases(o), pool(o)
	return compare("stable_edge", name, len(ex)+o.N, func(i int) (uint64, uint64, func() string) {
		b := p.board(i)
		if i < len(ex) {
			b = ex[i]
		}
		return fn(b.P, b.O), ref(b.P, b.O), func() string { return bs(b) }
	})
}

func checkStableEdgeCount(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.StableEdgeCount, name), variants.StableEdgeCount.Reference()
	ex, p := edgeCases(o), pool(o)
	return compare("stable_edge_count", name, len(ex)+o.N, func(i int) (int, int, func() string) {
		b := p.board(i)
		if i < len(ex) {
			b = ex[i]
		}
		return fn(b.P, b.O), ref(b.P, b.O), func() string { return bs(b) }
	})
}

func checkStability(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.Stability, name), variants.Stability.Reference()
	p := pool(o)
	rng := rngFor(o, 23)
	// the reference is slow: a tenth of N, all from random games
	return compare("stability", name, o.N, func(i int) (uint64, uint64, func() string) {
		b := p.board(i)
		if i%4 == 3 { // nearly full boards: many full lines and chains of stable discs
			P, empty := rng.Uint64(), uint64(0)
			for k := rng.IntN(9); k > 0; k-- {
				empty |= 1 << rng.IntN(64)
			}
			b = kernels.Board{P: P &^ empty, O: ^P &^ empty}
		}
		return fn(b.P, b.O), ref(b.P, b.O), func() string { return bs(b) }
	})
}

func checkHashCode(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.HashCode, name), variants.HashCode.Reference()
	p := pool(o)
	rng := rngFor(o, 7)
	return compare("hash_code", name, o.N, func(i int) (uint64, uint64, func() string) {
		b := p.board(i)
		if i%4 == 3 { // arbitrary bit patterns too
			b = kernels.Board{P: rng.Uint64(), O: rng.Uint64()}
		}
		return fn(b.P, b.O), ref(b.P, b.O), func() string { return fmt.Sprintf("P=%s O=%s", hexbits(b.P), hexbits(b.O)) }
	})
}

// move_evaluate: every legal move of random-game positions, with the
// board's own parity and empties and hash moves drawn among the moves.
func checkMoveEvaluate(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.MoveEvaluate, name), variants.MoveEvaluate.Reference()
	p := pool(o)
	rng := rngFor(o, 11)
	var b kernels.Board
	var moves uint64
	bi := 0
	n := o.N
	return compare("move_evaluate", name, n, func(int) (int, int, func() string) {
		for moves == 0 {
			b = p.board(bi)
			bi++
			moves = movesFast(b.P, b.O)
		}
		x := bits.TrailingZeros64(moves)
		moves &= moves - 1
		m := movesFast(b.P, b.O)
		h0, h1 := kernels.NoMove, kernels.NoMove
		if rng.IntN(4) == 0 {
			h0 = nthBit(m, rng.IntN(bits.OnesCount64(m)))
		}
		if rng.IntN(4) == 0 {
			h1 = nthBit(m, rng.IntN(bits.OnesCount64(m)))
		}
		f := kernels.Flip(b.P, b.O, x)
		par := kernels.Parity(b.Empties())
		ne := b.NumEmpties()
		bb := b
		return fn(b, x, f, par, ne, h0, h1), ref(b, x, f, par, ne, h0, h1), func() string {
			return fmt.Sprintf("%s x=%s parity=%d empties=%d hash=%s,%s", bs(bb), kernels.SquareName(x), par, ne,
				kernels.SquareName(h0), kernels.SquareName(h1))
		}
	})
}

func init() { checkers["popcount"] = checkPopcount }

// popcount: slices of every length 0..70 (so every tail path runs) from
// random-game positions and random words, and a long one.
func checkPopcount(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.Popcount, name), variants.Popcount.Reference()
	rng := rngFor(o, 23)
	words := make([]uint64, 4096)
	for i := range words {
		words[i] = rng.Uint64()
		if i%3 == 0 {
			words[i] = ^uint64(0)
		}
	}
	n := max(o.N/10, 200) // slices of 0..70 words
	return compare("popcount", name, n, func(i int) (int, int, func() string) {
		l := i % 71
		if i == n-1 {
			l = len(words)
		}
		off := rng.IntN(len(words) - l + 1)
		in := words[off : off+l]
		return fn(in), ref(in), func() string { return fmt.Sprintf("%d words at offset %d", l, off) }
	})
}
