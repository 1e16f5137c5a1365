package cases

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
)

// The records of each kernel, one function per kernel: the cross-check
// cases as harness/check_kernels.go draws them (same seed, same order), or
// the benchmark inputs of harness/bench_cases.go in benchmark order, each
// with the reference's output.
var builders = map[string]func(set string, o harness.Options) []Record{
	"flip":            flipRecords,
	"moves":           movesRecords,
	"count_last_flip": countLastFlipRecords,
	"score_1":         score1Records,
}

// Build makes a kernel's case file: set SetCheck draws o.N random cases of
// seed o.Seed (count_last_flip first adds its exhaustive patterns), set
// SetBench holds the benchmark inputs (o is not used).
func Build(kernel, set string, o harness.Options) (*File, error) {
	b, ok := builders[kernel]
	if !ok {
		return nil, unknownKernel(kernel)
	}
	if !validSet(set) {
		return nil, fmt.Errorf("set %q: want %s", set, strings.Join(Sets, " or "))
	}
	if set == SetCheck && (o.N < 1 || o.N > MaxRecords) {
		return nil, fmt.Errorf("%d cases: want 1..%d", o.N, MaxRecords)
	}
	seed := uint64(harness.BenchSeed)
	if set == SetCheck {
		seed = o.Seed
	}
	return &File{Header: Header{Version: Version, Kernel: kernel, Contract: Contract(kernel), Set: set, Seed: seed},
		Records: b(set, o)}, nil
}

// flip: every empty square of each board in turn (legal or not) for the
// check; a random legal move of each position for the benchmark.
func flipRecords(set string, o harness.Options) []Record {
	var out []Record
	if set == SetBench {
		for _, c := range harness.BenchFlipInputs() {
			out = append(out, Record{P: c.P, O: c.O, X: c.X, Want: kernels.Flip(c.P, c.O, c.X)})
		}
		return out
	}
	var b kernels.Board
	var empties uint64
	for bi := 0; len(out) < o.N; {
		for empties == 0 {
			b = harness.CheckBoard(o, bi)
			bi++
			empties = b.Empties()
		}
		x := bits.TrailingZeros64(empties)
		empties &= empties - 1
		out = append(out, Record{P: b.P, O: b.O, X: x, Want: kernels.Flip(b.P, b.O, x)})
	}
	return out
}

// moves: the boards of the cross-check (edge cases, then random games) or
// of the benchmark.
func movesRecords(set string, o harness.Options) []Record {
	var out []Record
	add := func(b kernels.Board) { out = append(out, Record{P: b.P, O: b.O, Want: kernels.Moves(b.P, b.O)}) }
	if set == SetBench {
		for _, b := range harness.BenchBoards() {
			add(b)
		}
		return out
	}
	for i := 0; i < o.N; i++ {
		add(harness.CheckBoard(o, i))
	}
	return out
}

// count_last_flip: the exhaustive row and file patterns of every square,
// then random P up to o.N cases; or the benchmark's one-empty positions.
func countLastFlipRecords(set string, o harness.Options) []Record {
	var out []Record
	add := func(P uint64, x int) {
		out = append(out, Record{P: P, X: x, WantInt: kernels.CountLastFlip(P, x)})
	}
	if set == SetBench {
		for _, c := range harness.BenchLastFlipInputs() {
			add(c.P, c.X)
		}
		return out
	}
	ps, xs := harness.CountLastFlipPatterns()
	for i := range ps {
		add(ps[i], xs[i])
	}
	rng := harness.CheckRand(o, harness.SaltCountLastFlip)
	for len(out) < o.N {
		x := rng.IntN(64)
		add(rng.Uint64()&^kernels.Bit(x), x)
	}
	return out
}

// score_1: real one-empty positions and random (sometimes lopsided)
// fills, alternately, with alphas spread over the score range; or the
// benchmark's positions with null-window alphas near the disc difference.
// The output is the reference's, exact for every alpha.
func score1Records(set string, o harness.Options) []Record {
	var out []Record
	add := func(P uint64, x, alpha int) {
		out = append(out, Record{P: P, X: x, Alpha: alpha, WantInt: kernels.Score1(P, alpha, x)})
	}
	if set == SetBench {
		for _, c := range harness.BenchScore1Inputs() {
			add(c.P, c.X, c.Alpha)
		}
		return out
	}
	ends := harness.RandomEndgames(o.Seed, 5000, 1)
	rng := harness.CheckRand(o, harness.SaltScore1)
	for i := 0; i < o.N; i++ {
		var P uint64
		var x int
		if i%2 == 0 {
			b := ends[(i/2)%len(ends)]
			P, x = b.P, bits.TrailingZeros64(b.Empties())
		} else {
			x = rng.IntN(64)
			P = rng.Uint64() &^ kernels.Bit(x)
			if i%6 == 1 {
				P &= rng.Uint64()
			} else if i%6 == 3 {
				P |= rng.Uint64() &^ kernels.Bit(x)
			}
		}
		add(P, x, rng.IntN(130)-65)
	}
	return out
}
