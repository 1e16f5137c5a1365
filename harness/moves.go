package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// moves: random-game positions of every phase and the edge boards.
var _ = declare(&Spec[variants.MovesFunc, kernels.Board, uint64]{
	Kernel: variants.Moves,
	Call:   func(fn variants.MovesFunc, b kernels.Board) uint64 { return fn(b.P, b.O) },
	Cases:  func(o Options) iter.Seq[kernels.Board] { return pool(o).boards(o.N) },
	Show:   bs,
	Fuzz:   fuzzBoardInput,
	Inputs: benchBoards,
	Loop:   loopBoard[variants.MovesFunc],
})

func fuzzBoardInput(P, O uint64, _, _ int) (kernels.Board, bool) { return fuzzBoard(P, O), true }

// loopBoard is the per-call loop of a kernel of (P, O) returning a
// bitboard.
func loopBoard[F ~func(P, O uint64) uint64](fn F, in []kernels.Board) func(int) {
	return func(n int) {
		var r uint64
		for i := 0; i < n; i++ {
			b := &in[cycle(i, len(in))]
			r += fn(b.P, b.O)
		}
		benchSink += r
	}
}

// loopBoardInt is loopBoard for a kernel returning a count.
func loopBoardInt[F ~func(P, O uint64) int](fn F, in []kernels.Board) func(int) {
	return func(n int) {
		r := 0
		for i := 0; i < n; i++ {
			b := &in[cycle(i, len(in))]
			r += fn(b.P, b.O)
		}
		benchSink += uint64(r)
	}
}
