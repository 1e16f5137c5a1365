package harness

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

type moveEvaluateInput struct {
	b       kernels.Board
	x       int
	flipped uint64
	parity  uint8
	empties int
	h0, h1  int
}

func newMoveEvaluateInput(b kernels.Board, x, h0, h1 int) moveEvaluateInput {
	return moveEvaluateInput{b, x, kernels.Flip(b.P, b.O, x), kernels.Parity(b.Empties()), b.NumEmpties(), h0, h1}
}

// move_evaluate: every legal move of random-game positions, with the
// board's own parity and empties and hash moves drawn among the moves.
var _ = declare(&Spec[variants.MoveEvaluateFunc, moveEvaluateInput, int]{
	Kernel: variants.MoveEvaluate,
	Call: func(fn variants.MoveEvaluateFunc, c moveEvaluateInput) int {
		return fn(c.b, c.x, c.flipped, c.parity, c.empties, c.h0, c.h1)
	},
	Cases: func(o Options) iter.Seq[moveEvaluateInput] {
		return func(yield func(moveEvaluateInput) bool) {
			rng := rngFor(o, 11)
			for c := range pool(o).moveCases(o.N, legalMoves) {
				b := kernels.Board{P: c.P, O: c.O}
				m := movesFast(b.P, b.O)
				h0, h1 := kernels.NoMove, kernels.NoMove
				if rng.IntN(4) == 0 {
					h0 = nthBit(m, rng.IntN(bits.OnesCount64(m)))
				}
				if rng.IntN(4) == 0 {
					h1 = nthBit(m, rng.IntN(bits.OnesCount64(m)))
				}
				if !yield(newMoveEvaluateInput(b, c.X, h0, h1)) {
					return
				}
			}
		}
	},
	Show: func(c moveEvaluateInput) string {
		return fmt.Sprintf("%s x=%s parity=%d empties=%d hash=%s,%s", bs(c.b), kernels.SquareName(c.x), c.parity, c.empties,
			kernels.SquareName(c.h0), kernels.SquareName(c.h1))
	},
	Fuzz: func(P, O uint64, x, alpha int) (moveEvaluateInput, bool) {
		b := fuzzBoard(P, O)
		x &= 63
		b.P &^= kernels.Bit(x)
		b.O &^= kernels.Bit(x)
		if kernels.Flip(b.P, b.O, x) == 0 {
			return moveEvaluateInput{}, false // only legal moves are inputs
		}
		return newMoveEvaluateInput(b, x, (alpha+65)&63, kernels.NoMove), true
	},
	Inputs: moveEvaluateInputs,
	Loop: func(fn variants.MoveEvaluateFunc, in []moveEvaluateInput) func(int) {
		return func(n int) {
			r := 0
			for i := 0; i < n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.b, c.x, c.flipped, c.parity, c.empties, c.h0, c.h1)
			}
			benchSink += uint64(r)
		}
	},
})
