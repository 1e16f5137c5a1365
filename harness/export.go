package harness

import (
	"math/rand/v2"
	"slices"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Exported views of the cross-check and benchmark inputs, for the case
// files that flipbench cases writes (package cases): the same inputs, in
// the same order, as the cross-checks and micro-benchmarks here.

// CheckBoard is the i-th board of the cross-checks of seed o.Seed: the
// edge cases first, then random-game positions of every phase, alternately
// as recorded and with the sides swapped.
func CheckBoard(o Options, i int) kernels.Board { return pool(o).board(i) }

// CheckRand is the random source a cross-check of seed o.Seed draws from;
// salt tells the kernels apart (SaltCountLastFlip, SaltScore1).
func CheckRand(o Options, salt uint64) *rand.Rand { return rngFor(o, salt) }

// BenchSeed is the seed of the micro-benchmarks' input sets.
const BenchSeed = benchSeed

// BenchFlipInputs are flip's benchmark inputs in benchmark order (a copy).
func BenchFlipInputs() []variants.BoardX { return slices.Clone(flipInputs()) }

// BenchBoards are the benchmark boards of moves and the board kernels, in
// benchmark order (a copy).
func BenchBoards() []kernels.Board { return slices.Clone(benchBoards()) }

// BenchLastFlipInputs are count_last_flip's benchmark inputs (a copy).
func BenchLastFlipInputs() []variants.PX { return slices.Clone(lastFlipInputs()) }

// BenchScore1Inputs are score_1's benchmark inputs (a copy).
func BenchScore1Inputs() []variants.PXA { return slices.Clone(score1Inputs()) }
