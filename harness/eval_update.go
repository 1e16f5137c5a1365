package harness

import (
	"fmt"
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// evalUpdateInput is laid out as variants.FeaturesMove, the element of
// the batch forms (batchAs checks it).
type evalUpdateInput struct {
	src     kernels.Features
	x       int
	flipped uint64
	mover   int
}

// newEvalUpdateInput is P's move on x in b, made by digit mover: the
// features are b's, or its swapped board's when mover is 1.
func newEvalUpdateInput(b kernels.Board, x int, mover int) evalUpdateInput {
	src := kernels.EvalFeatures(b)
	if mover == 1 {
		src = kernels.EvalFeatures(b.Swap())
	}
	return evalUpdateInput{src, x, kernels.Flip(b.P, b.O, x), mover}
}

// eval_update: every legal move of random-game positions, moved by digit
// 0 and by digit 1 in turn.
var _ = declare(&Spec[variants.EvalUpdateFunc, variants.EvalUpdateBatchFunc, evalUpdateInput, kernels.Features]{
	Kernel: variants.EvalUpdate,
	Call: func(fn variants.EvalUpdateFunc, c evalUpdateInput) (out kernels.Features) {
		fn(&out, &c.src, c.x, c.flipped, c.mover)
		return out
	},
	Cases: func(o Options) iter.Seq[evalUpdateInput] {
		return func(yield func(evalUpdateInput) bool) {
			i := 0
			for c := range pool(o).moveCases(o.N, legalMoves) {
				if !yield(newEvalUpdateInput(kernels.Board{P: c.P, O: c.O}, c.X, i&1)) {
					return
				}
				i++
			}
		}
	},
	Show: func(c evalUpdateInput) string {
		return fmt.Sprintf("features %v x=%s flipped=%s mover=%d", c.src, kernels.SquareName(c.x), hexbits(c.flipped), c.mover)
	},
	Fuzz: func(P, O uint64, x, alpha int) (evalUpdateInput, bool) {
		b := fuzzBoard(P, O)
		x &= 63
		b.P &^= kernels.Bit(x)
		b.O &^= kernels.Bit(x)
		if kernels.Flip(b.P, b.O, x) == 0 {
			return evalUpdateInput{}, false // only legal moves are inputs
		}
		return newEvalUpdateInput(b, x, alpha&1), true
	},
	Inputs: evalUpdateInputs,
	Loop: func(fn variants.EvalUpdateFunc, in []evalUpdateInput) func(int) {
		// on a cache line of its own: a heap Features lies 0 or 32 bytes
		// into a line, by how the heap placed it, and the 64-byte stores of
		// the AVX-512 variants split across two lines or not
		dst := lineAligned[kernels.Features]()
		var at cursor
		return func(n int) {
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				c := &in[cycle(i, len(in))]
				fn(dst, &c.src, c.x, c.flipped, c.mover)
			}
			benchSink += uint64(dst[0])
		}
	},
	Batch: batchAs[evalUpdateInput, variants.FeaturesMove, kernels.Features](),
})

// legalMoves is the moves bitboard of b, by the harness's own generator.
func legalMoves(b kernels.Board) uint64 { return movesFast(b.P, b.O) }
