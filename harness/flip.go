package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// flip: every empty square of each board (legal or not), so 1e6 cases
// cover about 30k positions of every phase; benchmarked on a legal move of
// each position, where the solver calls it.
var _ = declare(&Spec[variants.FlipFunc, variants.BoardX, uint64]{
	Kernel: variants.Flip,
	Call:   func(fn variants.FlipFunc, c variants.BoardX) uint64 { return fn(c.P, c.O, c.X) },
	Cases: func(o Options) iter.Seq[variants.BoardX] {
		return pool(o).moveCases(o.N, kernels.Board.Empties)
	},
	Show: showBoardX,
	Fuzz: func(P, O uint64, x, _ int) (variants.BoardX, bool) {
		b := fuzzBoard(P, O)
		x &= 63
		return variants.BoardX{P: b.P &^ kernels.Bit(x), O: b.O &^ kernels.Bit(x), X: x}, true
	},
	Inputs: flipInputs,
	Loop: func(fn variants.FlipFunc, in []variants.BoardX) func(int) {
		return func(n int) {
			var r uint64
			for i := 0; i < n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.P, c.O, c.X)
			}
			benchSink += r
		}
	},
})

func showBoardX(c variants.BoardX) string {
	return bs(kernels.Board{P: c.P, O: c.O}) + " x=" + kernels.SquareName(c.X)
}
