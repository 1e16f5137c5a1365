// Package harness cross-checks every variant against its reference,
// benchmarks kernels and whole solves per variant set, and compares
// result files.
package harness

import (
	"math/bits"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
)

// RandomGames plays seeded random legal games from the start position and
// returns every position met, passes included (the passing side's position
// is recorded too). Positions of every phase and both colours appear.
func RandomGames(seed uint64, n int) []kernels.Board {
	rng := rand.New(rand.NewPCG(seed, 0x6f74656c6c6f))
	out := make([]kernels.Board, 0, n)
	for len(out) < n {
		b := kernels.StartBoard
		passed := false
		for len(out) < n {
			out = append(out, b)
			m := movesFast(b.P, b.O)
			if m == 0 {
				if passed {
					break
				}
				passed = true
				b = b.Swap()
				continue
			}
			passed = false
			k := rng.IntN(bits.OnesCount64(m))
			for ; k > 0; k-- {
				m &= m - 1
			}
			x := bits.TrailingZeros64(m)
			b = b.Play(x, kernels.Flip(b.P, b.O, x))
		}
	}
	return out
}

// RandomEndgames returns positions with exactly e empty squares reached by
// random games (passes allowed; positions where the game is over too).
func RandomEndgames(seed uint64, n, e int) []kernels.Board {
	rng := rand.New(rand.NewPCG(seed, uint64(e)))
	out := make([]kernels.Board, 0, n)
	for len(out) < n {
		b := kernels.StartBoard
		for b.NumEmpties() > e {
			m := movesFast(b.P, b.O)
			if m == 0 {
				b = b.Swap()
				if m = movesFast(b.P, b.O); m == 0 {
					break // game over early: start again
				}
			}
			k := rng.IntN(bits.OnesCount64(m))
			for ; k > 0; k-- {
				m &= m - 1
			}
			x := bits.TrailingZeros64(m)
			b = b.Play(x, kernels.Flip(b.P, b.O, x))
		}
		if b.NumEmpties() == e {
			if rng.IntN(2) == 0 {
				b = b.Swap() // either side to move
			}
			out = append(out, b)
		}
	}
	return out
}

// movesFast is the Kogge-Stone move generator, kept here so that the
// positions do not depend on the variants under test.
func movesFast(P, O uint64) uint64 {
	mO := O & 0x7e7e7e7e7e7e7e7e
	m := dir(P, mO, 1) | dir(P, O, 8) | dir(P, mO, 7) | dir(P, mO, 9)
	return m &^ (P | O)
}

func dir(P, O uint64, d uint) uint64 {
	fl, fr := O&(P<<d), O&(P>>d)
	for i := 0; i < 5; i++ {
		fl |= O & (fl << d)
		fr |= O & (fr >> d)
	}
	return fl<<d | fr>>d
}
