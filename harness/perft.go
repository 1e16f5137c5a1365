package harness

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Perft counts the leaves of the game tree of depth d from b: a pass uses
// up a ply, and a finished game is one leaf at the ply where it ends. The
// last ply is counted from the move bitboard. It uses the selected moves
// and flip variants.
func Perft(b kernels.Board, d int) uint64 {
	return perft(b, d, variants.Moves.Fn(), variants.Flip.Fn())
}

func perft(b kernels.Board, d int, moves variants.MovesFunc, flip variants.FlipFunc) uint64 {
	if d == 0 {
		return 1
	}
	m := moves(b.P, b.O)
	if m == 0 {
		if moves(b.O, b.P) == 0 {
			return 1 // game over
		}
		return perft(b.Swap(), d-1, moves, flip)
	}
	if d == 1 {
		return uint64(bits.OnesCount64(m))
	}
	var n uint64
	for ; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		n += perft(b.Play(x, flip(b.P, b.O, x)), d-1, moves, flip)
	}
	return n
}
