package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// flip: exhaustively, every square x and every line through it with every
// assignment of empty, P and O to the line's other squares (3^7 at most;
// the squares off the line random), then every empty square of
// random-game positions (legal or not), 1e6 cases covering about 30k
// positions of every phase. Random games rarely reach a line's unusual
// patterns (a long run ending on an edge, P beyond an empty square, P on
// both sides), where a vector trick that treats a row, a dword or a byte
// specially goes wrong: Edax-AVX's flip_sse_bswap, for one, is wrong on
// E1 F2 G3 G6 F7 E8. Benchmarked on a legal move of each position, where
// the solver calls it.
var _ = declare(&Spec[variants.FlipFunc, variants.FlipBatchFunc, variants.BoardX, uint64]{
	Kernel: variants.Flip,
	Call:   func(fn variants.FlipFunc, c variants.BoardX) uint64 { return fn(c.P, c.O, c.X) },
	Cases: func(o Options) iter.Seq[variants.BoardX] {
		return func(yield func(variants.BoardX) bool) {
			for c := range lineCases(o) {
				if !yield(c) {
					return
				}
			}
			for c := range pool(o).moveCases(o.N, kernels.Board.Empties) {
				if !yield(c) {
					return
				}
			}
		}
	},
	Show: showBoardX,
	Fuzz: func(P, O uint64, x, _ int) (variants.BoardX, bool) {
		b := fuzzBoard(P, O)
		x &= 63
		return variants.BoardX{P: b.P &^ kernels.Bit(x), O: b.O &^ kernels.Bit(x), X: x}, true
	},
	Inputs: flipInputs,
	Loop: func(fn variants.FlipFunc, in []variants.BoardX) func(int) {
		var at cursor
		return func(n int) {
			var r uint64
			s := at.next(n, len(in))
			for i := s; i < s+n; i++ {
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

// lineCases yields, for every square x and each of the four lines through
// it, every assignment of empty, P and O to the line's squares, the rest
// of the board random (a third empty, a third P, a third O).
func lineCases(o Options) iter.Seq[variants.BoardX] {
	return func(yield func(variants.BoardX) bool) {
		rng := rngFor(o, 31)
		for x := 0; x < 64; x++ {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
				var line []int
				for _, s := range []int{1, -1} {
					for f, y := x&7+s*d[0], x>>3+s*d[1]; f >= 0 && f < 8 && y >= 0 && y < 8; f, y = f+s*d[0], y+s*d[1] {
						line = append(line, 8*y+f)
					}
				}
				mask := kernels.Bit(x)
				n := 1
				for _, sq := range line {
					mask |= kernels.Bit(sq)
					n *= 3
				}
				for c := 0; c < n; c++ {
					a, b := rng.Uint64(), rng.Uint64()
					P, O := a&^b&^mask, b&^a&^mask
					for i, k := 0, c; i < len(line); i, k = i+1, k/3 {
						switch k % 3 {
						case 1:
							P |= kernels.Bit(line[i])
						case 2:
							O |= kernels.Bit(line[i])
						}
					}
					if !yield(variants.BoardX{P: P, O: O, X: x}) {
						return
					}
				}
			}
		}
	}
}
