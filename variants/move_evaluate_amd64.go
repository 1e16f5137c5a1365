//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// move_evaluate with the opponent's mobility from an assembly moves
// kernel: the Go variants spend most of their time in the Kogge-Stone
// fill, which the vector forms do much faster. Everything else is
// parity-table's.
//
// Their batch forms make the children of a chunk of moves in Go, find
// all their mobilities with one call of the moves kernel's batch form
// (the loop in assembly), then finish each score in Go: no call per
// element.

func init() {
	MoveEvaluate.Register(Info{Name: "parity-table-avx2", Rank: 7, Uses: []any{movesAVX2},
		Note: "parity-table with the mobility from moves avx2 (one assembly call per move)"}, moveEvaluateAVX2)
	MoveEvaluate.RegisterBatch("parity-table-avx2", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		moveEvaluateBatch(in, out, false)
	}))
	MoveEvaluate.batchUses("parity-table-avx2", movesAVX2Batch)
	MoveEvaluate.Register(Info{Name: "parity-table-avx512", Rank: 8, Uses: []any{movesAVX512}, ZMM: true,
		Note: "parity-table with the mobility from moves avx512 (one assembly call per move)"}, moveEvaluateAVX512)
	MoveEvaluate.RegisterBatch("parity-table-avx512", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		moveEvaluateBatch(in, out, true)
	}))
	MoveEvaluate.batchUses("parity-table-avx512", movesAVX512Batch)
}

func moveEvaluateAVX2(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if s, ok := moveEvaluateHash(b, x, flipped, h0, h1); ok {
		return s
	}
	np, no := b.O&^flipped, b.P|flipped|uint64(1)<<uint(x)
	return moveEvaluateRest(np, no, tableScore(x, parity, nEmpties), movesAVX2(np, no))
}

func moveEvaluateAVX512(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if s, ok := moveEvaluateHash(b, x, flipped, h0, h1); ok {
		return s
	}
	np, no := b.O&^flipped, b.P|flipped|uint64(1)<<uint(x)
	return moveEvaluateRest(np, no, tableScore(x, parity, nEmpties), movesAVX512(np, no))
}

// moveEvaluateChunk is how many children a batch form lists (on the
// stack) before one call of the moves batch.
const moveEvaluateChunk = 64

// moveEvaluateBatch is parity-table with the mobility of every child by
// one call of moves avx2's (or avx512's) batch form per chunk of moves.
// (A direct call: through a func value the chunk's arrays would escape.)
func moveEvaluateBatch(in []MoveEval, out []int, zmm bool) {
	var kids [moveEvaluateChunk]kernels.Board
	var mob [moveEvaluateChunk]uint64
	out = out[:len(in)]
	for len(in) > 0 {
		n := min(len(in), moveEvaluateChunk)
		for i := range in[:n] {
			c := &in[i]
			kids[i] = kernels.Board{P: c.O &^ c.Flipped, O: c.P | c.Flipped | uint64(1)<<uint(c.X)}
		}
		if zmm {
			movesAVX512Batch(words(kids[:n]), mob[:n])
		} else {
			movesAVX2Batch(words(kids[:n]), mob[:n])
		}
		for i := range in[:n] {
			c := &in[i]
			b := kernels.Board{P: c.P, O: c.O}
			if s, ok := moveEvaluateHash(b, c.X, c.Flipped, c.H0, c.H1); ok {
				out[i] = s
				continue
			}
			out[i] = moveEvaluateRest(kids[i].P, kids[i].O, tableScore(c.X, uint8(c.Parity), c.NEmpties), mob[i])
		}
		in, out = in[n:], out[n:]
	}
}
