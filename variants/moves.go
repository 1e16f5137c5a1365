package variants

import (
	"github.com/flipbench/flipbench/kernels"
)

// MovesFunc returns P's legal moves as a bitboard.
type MovesFunc func(P, O uint64) uint64

// Moves is Edax's get_moves.
var Moves = newKernel[MovesFunc, MovesBatchFunc]("moves", "legal-move bitboard of P", kernels.Moves)

// MovesKoggeStone is Edax's generic get_moves: for each of the four line
// directions, a Kogge-Stone style fill of O from P both ways (each step
// doubles the reach), then one more shift lands on the empty square.
func MovesKoggeStone(P, O uint64) uint64 {
	mO := O & 0x7e7e7e7e7e7e7e7e // no wrap across the a/h files
	m := movesDir(P, mO, 1) | movesDir(P, O, 8) | movesDir(P, mO, 7) | movesDir(P, mO, 9)
	return m &^ (P | O)
}

func movesDir(P, O uint64, d uint) uint64 {
	fl := O & (P << d)
	fr := O & (P >> d)
	fl |= O & (fl << d)
	fr |= O & (fr >> d)
	pl := O & (O << d)
	pr := pl >> d
	fl |= pl & (fl << (2 * d))
	fr |= pr & (fr >> (2 * d))
	fl |= pl & (fl << (2 * d))
	fr |= pr & (fr >> (2 * d))
	return fl<<d | fr>>d
}

func init() {
	Moves.Register(Info{Name: "kogge-stone", Rank: 10, Note: "Go, Edax's get_moves fill"}, MovesKoggeStone)
}
