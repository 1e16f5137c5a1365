package harness

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// The inputs of the checks and benchmarks: positions of seeded random
// legal games (every phase, both colours, passes), edge cases, and the
// fixed benchmark sets, the same for every variant on every machine.

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
			// a cross-checked Go flip, not the reference: the same boards in
			// a third of the time (the branchy kernels' 65536 inputs)
			b = b.Play(x, variants.FlipKindergarten(b.P, b.O, x))
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
			// a cross-checked Go flip, not the reference: the same boards in
			// a third of the time (the branchy kernels' 65536 inputs)
			b = b.Play(x, variants.FlipKindergarten(b.P, b.O, x))
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

// The micro-benchmarks cycle through fixed, seeded sets drawn from random
// legal games: the same inputs for every variant, on every machine, and
// enough of them (4096, 65536 for the kernels that branch on their input,
// 1024 for the larger eval inputs) that branch predictors cannot learn
// the sequence.
const (
	// BenchSeed draws the micro-benchmarks' inputs.
	BenchSeed   = 2026
	benchInputs = 4096
	benchEval   = 1024
	// branchyInputs is the set size of the kernels that branch on their
	// input (the leaf searches, score_1, count_last_flip): a run cycling
	// through 4096 of them taught Zen 5's predictor the sequence, so that
	// their time per call fell with the run's length, and two cases of one
	// kernel (a variant and its A/A twin) differed by their calibration
	// (docs/notes/2026-11-test-retest.md). Past this size it no longer did; a session
	// says so (resultsfile.InputsVersion).
	branchyInputs = 1 << 16
)

// benchSink keeps results alive so that no loop is optimised away.
var benchSink uint64

var (
	benchBoardsOnce sync.Once
	benchBoardsSet  []kernels.Board
)

// benchBoards: 4096 positions of seeded random games, every phase, both
// colours (every other one with the sides swapped), with the game-over
// positions of the games kept.
func benchBoards() []kernels.Board {
	benchBoardsOnce.Do(func() {
		g := RandomGames(BenchSeed, benchInputs)
		for i := range g {
			if i%2 == 1 {
				g[i] = g[i].Swap()
			}
		}
		rng := rand.New(rand.NewPCG(BenchSeed, 1))
		rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
		benchBoardsSet = g
	})
	return benchBoardsSet
}

var flipInputs = sync.OnceValue(func() []variants.BoardX {
	// a legal move of each position (where the solver calls flip), the
	// move drawn at random
	rng := rand.New(rand.NewPCG(BenchSeed, 2))
	out := make([]variants.BoardX, 0, benchInputs)
	for seed := uint64(0); len(out) < benchInputs; seed++ {
		for _, b := range RandomGames(BenchSeed+seed, benchInputs) {
			m := movesFast(b.P, b.O)
			if m == 0 || len(out) == benchInputs {
				continue
			}
			x := nthBit(m, rng.IntN(bits.OnesCount64(m)))
			out = append(out, variants.BoardX{P: b.P, O: b.O, X: x})
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
})

var lastFlipInputs = sync.OnceValue(func() []variants.LastEmpty {
	out := make([]variants.LastEmpty, branchyInputs)
	for i, b := range RandomEndgames(BenchSeed, branchyInputs, 1) {
		out[i] = variants.LastEmpty{P: b.P, X: bits.TrailingZeros64(b.Empties())}
	}
	return out
})

// nearAlpha is a null-window alpha near the position's disc difference,
// as the solver calls the leaf searches.
func nearAlpha(b kernels.Board, rng *rand.Rand) int {
	d := bits.OnesCount64(b.P) - bits.OnesCount64(b.O)
	return min(max(d+rng.IntN(9)-4, -64), 63)
}

var score1Inputs = sync.OnceValue(func() []variants.LastEmptyAlpha {
	rng := rand.New(rand.NewPCG(BenchSeed, 3))
	out := make([]variants.LastEmptyAlpha, branchyInputs)
	for i, b := range RandomEndgames(BenchSeed, branchyInputs, 1) {
		out[i] = variants.LastEmptyAlpha{P: b.P, X: bits.TrailingZeros64(b.Empties()), Alpha: nearAlpha(b, rng)}
	}
	return out
})

var solveInputSets = map[int]func() []variants.BoardAlpha{}

func init() {
	for e := 2; e <= 4; e++ {
		solveInputSets[e] = sync.OnceValue(func() []variants.BoardAlpha {
			rng := rand.New(rand.NewPCG(BenchSeed, uint64(10+e)))
			out := make([]variants.BoardAlpha, branchyInputs)
			for i, b := range RandomEndgames(BenchSeed, branchyInputs, e) {
				out[i] = variants.BoardAlpha{P: b.P, O: b.O, Alpha: nearAlpha(b, rng)}
			}
			return out
		})
	}
}

func solveInputs(e int) []variants.BoardAlpha { return solveInputSets[e]() }

var evalUpdateInputs = sync.OnceValue(func() []evalUpdateInput {
	out := make([]evalUpdateInput, 0, benchEval)
	for i, m := range flipInputs()[:benchEval] {
		out = append(out, newEvalUpdateInput(kernels.Board{P: m.P, O: m.O}, m.X, i&1))
	}
	return out
})

var evalSumInputs = sync.OnceValue(func() []evalSumInput {
	out := make([]evalSumInput, benchEval)
	for i, b := range benchBoards()[:benchEval] {
		out[i] = evalSumInput{kernels.EvalFeatures(b), 60 - b.NumEmpties()}
	}
	return out
})

var moveEvaluateInputs = sync.OnceValue(func() []variants.MoveEval {
	rng := rand.New(rand.NewPCG(BenchSeed, 4))
	out := make([]variants.MoveEval, benchInputs)
	for i, m := range flipInputs() {
		b := kernels.Board{P: m.P, O: m.O}
		h0, h1 := hashMoves(rng, movesFast(b.P, b.O), 2)
		out[i] = newMoveEvaluateInput(b, m.X, h0, h1)
	}
	return out
})

// casePool holds the inputs shared by the checks, built once per seed.
type casePool struct {
	games []kernels.Board // random-game positions, every phase
	edge  []kernels.Board // edge cases
}

var (
	poolMu sync.Mutex
	pools  = map[uint64]*casePool{}
)

func pool(o Options) *casePool {
	poolMu.Lock()
	defer poolMu.Unlock()
	if p, ok := pools[o.Seed]; ok {
		return p
	}
	p := &casePool{games: RandomGames(o.Seed, 20000), edge: edgeBoards()}
	pools[o.Seed] = p
	return p
}

// edgeBoards lists special positions: empty and full boards, a lone disc on
// every square, full lines, and boards with one side only.
func edgeBoards() []kernels.Board {
	var out []kernels.Board
	out = append(out, kernels.Board{}, kernels.StartBoard, kernels.StartBoard.Swap(),
		kernels.Board{P: ^uint64(0)}, kernels.Board{O: ^uint64(0)},
		kernels.Board{P: 0x5555555555555555, O: 0xaaaaaaaaaaaaaaaa})
	for x := 0; x < 64; x++ {
		out = append(out, kernels.Board{P: kernels.Bit(x)}, kernels.Board{O: kernels.Bit(x)},
			kernels.Board{P: kernels.Bit(x), O: ^kernels.Bit(x) &^ kernels.Bit(63-x)},
			kernels.Board{O: ^kernels.Bit(x) &^ kernels.Bit(x^7), P: kernels.Bit(x ^ 7)})
	}
	for r := 0; r < 8; r++ { // full rows and files of O with P at the ends
		row := uint64(0xff) << uint(8*r)
		file := uint64(0x0101010101010101) << uint(r)
		out = append(out, kernels.Board{P: row & 0x8181818181818181, O: row & 0x7e7e7e7e7e7e7e7e},
			kernels.Board{P: file & 0xff000000000000ff, O: file & 0x00ffffffffffff00})
	}
	return out
}

// board returns the i-th board: edge cases first, then random-game
// positions, alternately as recorded and with the sides swapped.
func (p *casePool) board(i int) kernels.Board {
	if i < len(p.edge) {
		return p.edge[i]
	}
	i -= len(p.edge)
	b := p.games[(i/2)%len(p.games)]
	if i%2 == 1 {
		b = b.Swap()
	}
	return b
}

// boards yields n boards of the pool (edge cases first).
func (p *casePool) boards(n int) func(yield func(kernels.Board) bool) {
	return func(yield func(kernels.Board) bool) {
		for i := 0; i < n; i++ {
			if !yield(p.board(i)) {
				return
			}
		}
	}
}

// mixedBoards yields o.N boards of the pool (edge cases first) with every
// fourth one (i%4 == 3) replaced by other's, drawn from rngFor(o, salt):
// the cases of a kernel also defined on boards no game reaches.
func mixedBoards(o Options, salt uint64, other func(rng *rand.Rand) kernels.Board) func(yield func(kernels.Board) bool) {
	return func(yield func(kernels.Board) bool) {
		p := pool(o)
		rng := rngFor(o, salt)
		for i := 0; i < o.N; i++ {
			b := p.board(i)
			if i%4 == 3 {
				b = other(rng)
			}
			if !yield(b) {
				return
			}
		}
	}
}

// moveCases yields, for boards of the pool in turn, every square of
// squares(board) until n inputs: the cases of kernels taking a board and
// a square.
func (p *casePool) moveCases(n int, squares func(kernels.Board) uint64) func(yield func(variants.BoardX) bool) {
	return func(yield func(variants.BoardX) bool) {
		for i, bi := 0, 0; i < n; bi++ {
			b := p.board(bi)
			for m := squares(b); m != 0 && i < n; m &= m - 1 {
				if !yield(variants.BoardX{P: b.P, O: b.O, X: bits.TrailingZeros64(m)}) {
					return
				}
				i++
			}
		}
	}
}

var (
	randomWeightsOnce sync.Once
	randomWeights     *variants.EvalWeights
)

// RandomWeights returns seeded random weights over the whole int16 range,
// the same every call.
func RandomWeights() *variants.EvalWeights {
	randomWeightsOnce.Do(func() {
		rng := rngFor(Options{Seed: 42}, 13)
		var plies [variants.NumPlies][]int16
		for p := range plies {
			t := make([]int16, kernels.NumWeights)
			for i := range t {
				t[i] = int16(rng.Uint32())
			}
			plies[p] = t
		}
		w, err := variants.NewEvalWeights(plies)
		if err != nil {
			panic(err)
		}
		randomWeights = w
	})
	return randomWeights
}

func rngFor(o Options, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(o.Seed, salt))
}

// nthBit returns the square of the k-th set bit of m (k < popcount).
func nthBit(m uint64, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}

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

func bs(b kernels.Board) string { return kernels.BoardString(b) }

func hexbits(m uint64) string { return fmt.Sprintf("%#016x", m) }

// fuzzBoard resolves a fuzzer's two words into a board: overlapping discs
// go to P.
func fuzzBoard(P, O uint64) kernels.Board { return kernels.Board{P: P, O: O &^ P} }

// fuzzAlpha maps any int to a null-window alpha in -65..64.
func fuzzAlpha(a int) int { return int(uint(a)%130) - 65 }
