package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// count_last_flip: first, exhaustively, every square x with every pattern
// of the 8 squares of x's row and of x's file (the rest P, or P on every
// other row), then random P; benchmarked on the last empty square of
// random games.
var _ = declare(&Spec[variants.CountLastFlipFunc, variants.CountLastFlipBatchFunc, variants.LastEmpty, int]{
	Kernel: variants.CountLastFlip,
	Call:   func(fn variants.CountLastFlipFunc, c variants.LastEmpty) int { return fn(c.P, c.X) },
	Cases: func(o Options) iter.Seq[variants.LastEmpty] {
		return func(yield func(variants.LastEmpty) bool) {
			n := 0
			for x := 0; x < 64; x++ {
				row := uint64(0xff) << uint(x&^7)
				file := uint64(0x0101010101010101) << uint(x&7)
				for pat := 0; pat < 256; pat++ {
					for _, line := range []uint64{row, file} {
						P := ^line | pdep(uint64(pat), line)
						for _, fill := range []uint64{^uint64(0), 0x00ff00ff00ff00ff} {
							if !yield(variants.LastEmpty{P: (P&fill | line&P) &^ kernels.Bit(x), X: x}) {
								return
							}
							n++
						}
					}
				}
			}
			rng := rngFor(o, 3)
			for ; n < o.N; n++ {
				x := rng.IntN(64)
				if !yield(variants.LastEmpty{P: rng.Uint64() &^ kernels.Bit(x), X: x}) {
					return
				}
			}
		}
	},
	Show: func(c variants.LastEmpty) string { return showLastEmpty(c.P, c.X) },
	Fuzz: func(P, _ uint64, x, _ int) (variants.LastEmpty, bool) {
		x &= 63
		return variants.LastEmpty{P: P &^ kernels.Bit(x), X: x}, true
	},
	Inputs: lastFlipInputs,
	Loop: func(fn variants.CountLastFlipFunc, in []variants.LastEmpty) func(int) {
		var at cursor
		return func(n int) {
			r := 0
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
				c := &in[cycle(i, len(in))]
				r += fn(c.P, c.X)
			}
			benchSink += uint64(r)
		}
	},
})

// showLastEmpty draws a board whose only empty square is x.
func showLastEmpty(P uint64, x int) string {
	return bs(kernels.Board{P: P, O: ^P &^ kernels.Bit(x)}) + " x=" + kernels.SquareName(x)
}
