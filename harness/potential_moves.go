package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// potential_moves: random-game positions of every phase and the edge
// boards (lone discs on every square, full lines).
var _ = declare(&Spec[variants.PotentialMovesFunc, kernels.Board, uint64]{
	Kernel: variants.PotentialMoves,
	Call:   func(fn variants.PotentialMovesFunc, b kernels.Board) uint64 { return fn(b.P, b.O) },
	Cases:  func(o Options) iter.Seq[kernels.Board] { return pool(o).boards(o.N) },
	Show:   bs,
	Fuzz:   fuzzBoardInput,
	Inputs: benchBoards,
	Loop:   loopBoard[variants.PotentialMovesFunc],
})
