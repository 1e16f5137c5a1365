package harness

import (
	"iter"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// stable_edge: every one of the 3^8 colourings of each edge (the rest of
// the board from a random game), then random-game positions.
var _ = declare(boardSpec(variants.StableEdge, edgeCases))

func edgeCases(o Options) iter.Seq[kernels.Board] {
	return func(yield func(kernels.Board) bool) {
		p := pool(o)
		for e, line := range [4][8]int{
			{0, 1, 2, 3, 4, 5, 6, 7}, {56, 57, 58, 59, 60, 61, 62, 63},
			{0, 8, 16, 24, 32, 40, 48, 56}, {7, 15, 23, 31, 39, 47, 55, 63}} {
			var mask uint64
			for _, x := range line {
				mask |= kernels.Bit(x)
			}
			for c := 0; c < 6561; c++ {
				b := p.games[(c*7+e*13)%len(p.games)]
				b.P &^= mask
				b.O &^= mask
				v := c
				for _, x := range line {
					switch v % 3 {
					case 0:
						b.P |= kernels.Bit(x)
					case 1:
						b.O |= kernels.Bit(x)
					}
					v /= 3
				}
				if !yield(b) {
					return
				}
			}
		}
		for b := range p.boards(o.N) {
			if !yield(b) {
				return
			}
		}
	}
}
