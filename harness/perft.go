package harness

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Perft counts the leaves of the game tree of depth d from b: a pass uses
// up a ply, and a finished game is one leaf at the ply where it ends. The
// last ply is counted from the move bitboard. It uses the moves and flip
// variants s selects, and their assembly perft tail if they have one.
func Perft(b kernels.Board, d int, s variants.Selection) uint64 {
	var tail variants.PerftTailFunc
	if t, ok := variants.PerftTailOf(s); ok {
		tail = t.Fn
	}
	return perftTail(b, d, variants.Moves.Fn(s), variants.Flip.Fn(s), tail)
}

// PerftTailName names the assembly tail Perft uses with selection s, or
// "go" for the pure-Go recursion.
func PerftTailName(s variants.Selection) string {
	if t, ok := variants.PerftTailOf(s); ok {
		return t.Name()
	}
	return "go"
}

func perft(b kernels.Board, d int, moves variants.MovesFunc, flip variants.FlipFunc) uint64 {
	return perftTail(b, d, moves, flip, nil)
}

// perftTail is the recursion; with tail non-nil the last two plies are
// tail's. Below one ply only the move count matters: a position without
// moves is one leaf (a pass or the end of the game).
func perftTail(b kernels.Board, d int, moves variants.MovesFunc, flip variants.FlipFunc, tail variants.PerftTailFunc) uint64 {
	if d == 2 && tail != nil {
		return tail(b.P, b.O)
	}
	if d == 0 {
		return 1
	}
	m := moves(b.P, b.O)
	if m == 0 {
		if moves(b.O, b.P) == 0 {
			return 1 // game over
		}
		return perftTail(b.Swap(), d-1, moves, flip, tail)
	}
	if d == 1 {
		return uint64(bits.OnesCount64(m))
	}
	var n uint64
	for ; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		n += perftTail(b.Play(x, flip(b.P, b.O, x)), d-1, moves, flip, tail)
	}
	return n
}
