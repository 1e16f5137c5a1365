package variants

import "github.com/flipbench/flipbench/kernels"

// PotentialMovesFunc returns P's potential moves: the empty squares next
// to an O disc along a line through which it could be flipped.
type PotentialMovesFunc func(P, O uint64) uint64

// PotentialMoves is the potential mobility of move_evaluate (Edax's
// get_potential_moves).
var PotentialMoves = newKernel[PotentialMovesFunc, NoBatch]("potential_moves", "empty squares next to an O disc with a square on both sides of it in that direction", kernels.PotentialMoves)

func init() {
	PotentialMoves.Register(Info{Name: "shift", Rank: 10, Note: "Go, Edax get_potential_moves: each direction's inner discs shifted both ways, ORed"}, PotentialMovesShift)
}

// PotentialMovesShift is Edax's get_potential_moves: empty neighbours of O
// discs that are not on the edge of their direction.
func PotentialMovesShift(P, O uint64) uint64 {
	h := O & 0x7e7e7e7e7e7e7e7e // discs with a square on both sides horizontally
	v := O & 0x00ffffffffffff00 // vertically
	d := O & 0x007e7e7e7e7e7e00 // diagonally
	m := h<<1 | h>>1 | v<<8 | v>>8 | d<<7 | d>>7 | d<<9 | d>>9
	return m &^ (P | O)
}
