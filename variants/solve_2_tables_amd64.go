//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// The presorted order of the empties, which every assembly leaf search
// (gen/internal/leaf, from solve_2 up) and the assembly bottom read as
// ·name(SB): leafRank[x] is x's place in kernels.PresortedSquares,
// leafSquare the inverse (the presorted squares as bytes).
var leafRank, leafSquare [64]uint8

func init() {
	for i, x := range kernels.PresortedSquares {
		leafRank[x] = uint8(i)
		leafSquare[i] = uint8(x)
	}
}
