package harness

import (
	"fmt"
	"iter"
	"math/bits"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// newMoveEvaluateInput is P's move on x in b, with b's parity and empties
// and the hash moves h0, h1.
func newMoveEvaluateInput(b kernels.Board, x, h0, h1 int) variants.MoveEval {
	return variants.MoveEval{P: b.P, O: b.O, X: x, Flipped: kernels.Flip(b.P, b.O, x), Parity: int(kernels.Parity(b.Empties())),
		NEmpties: b.NumEmpties(), H0: h0, H1: h1}
}

// hashMoves draws the hash moves of an input among moves: the first one
// time in oneIn, the second one time in four, else none.
func hashMoves(rng *rand.Rand, moves uint64, oneIn int) (h0, h1 int) {
	h0, h1 = kernels.NoMove, kernels.NoMove
	if rng.IntN(oneIn) == 0 {
		h0 = nthBit(moves, rng.IntN(bits.OnesCount64(moves)))
	}
	if rng.IntN(4) == 0 {
		h1 = nthBit(moves, rng.IntN(bits.OnesCount64(moves)))
	}
	return h0, h1
}

// move_evaluate: every legal move of random-game positions, with the
// board's own parity and empties and hash moves drawn among the moves.
var _ = declare(&Spec[variants.MoveEvaluateFunc, variants.MoveEvaluateBatchFunc, variants.MoveEval, int]{
	Kernel: variants.MoveEvaluate,
	Call: func(fn variants.MoveEvaluateFunc, c variants.MoveEval) int {
		return fn(kernels.Board{P: c.P, O: c.O}, c.X, c.Flipped, uint8(c.Parity), c.NEmpties, c.H0, c.H1)
	},
	Cases: func(o Options) iter.Seq[variants.MoveEval] {
		return func(yield func(variants.MoveEval) bool) {
			rng := rngFor(o, 11)
			for c := range pool(o).moveCases(o.N, legalMoves) {
				b := kernels.Board{P: c.P, O: c.O}
				h0, h1 := hashMoves(rng, movesFast(b.P, b.O), 4)
				if !yield(newMoveEvaluateInput(b, c.X, h0, h1)) {
					return
				}
			}
		}
	},
	Show: func(c variants.MoveEval) string {
		return fmt.Sprintf("%s x=%s parity=%d empties=%d hash=%s,%s", bs(kernels.Board{P: c.P, O: c.O}), kernels.SquareName(c.X), c.Parity, c.NEmpties,
			kernels.SquareName(c.H0), kernels.SquareName(c.H1))
	},
	Fuzz: func(P, O uint64, x, alpha int) (variants.MoveEval, bool) {
		b := fuzzBoard(P, O)
		x &= 63
		b.P &^= kernels.Bit(x)
		b.O &^= kernels.Bit(x)
		if kernels.Flip(b.P, b.O, x) == 0 {
			return variants.MoveEval{}, false // only legal moves are inputs
		}
		return newMoveEvaluateInput(b, x, (alpha+65)&63, kernels.NoMove), true
	},
	Inputs: moveEvaluateInputs,
	Loop: func(fn variants.MoveEvaluateFunc, in []variants.MoveEval) func(int) {
		var at cursor
		return func(n int) {
			r := 0
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(kernels.Board{P: c.P, O: c.O}, c.X, c.Flipped, uint8(c.Parity), c.NEmpties, c.H0, c.H1)
			}
			benchSink += uint64(r)
		}
	},
})
