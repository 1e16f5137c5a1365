package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// moves: random-game positions of every phase and the edge boards.
var _ = declare(boardSpec(variants.Moves, nil))

// boardSpec is the spec of a kernel of a board returning a bitboard or a
// count (moves, potential_moves, stability, stable_edge...): its cases
// (nil: random-game positions of every phase and the edge boards),
// counterexamples as board strings, fuzzed boards made valid, benchmarks
// on benchBoards.
func boardSpec[F ~func(P, O uint64) R, B any, R uint64 | int](k *variants.Kernel[F, B], cases func(o Options) iter.Seq[kernels.Board]) *Spec[F, B, kernels.Board, R] {
	if cases == nil {
		cases = func(o Options) iter.Seq[kernels.Board] { return pool(o).boards(o.N) }
	}
	return &Spec[F, B, kernels.Board, R]{
		Kernel: k,
		Call:   func(fn F, b kernels.Board) R { return fn(b.P, b.O) },
		Cases:  cases,
		Show:   bs,
		Fuzz:   fuzzBoardInput,
		Inputs: benchBoards,
		Loop:   loopBoard[F],
	}
}

func fuzzBoardInput(P, O uint64, _, _ int) (kernels.Board, bool) { return fuzzBoard(P, O), true }

// loopBoard is the per-call loop of a kernel of (P, O).
func loopBoard[F ~func(P, O uint64) R, R uint64 | int](fn F, in []kernels.Board) func(int) {
	var at cursor
	return func(n int) {
		var r R
		s := at.next(n, len(in))
		for i := s; i < s+n; i++ {
			b := &in[cycle(i, len(in))]
			r += fn(b.P, b.O)
		}
		benchSink += uint64(r)
	}
}
