//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// move_evaluate with the opponent's mobility from an assembly moves
// kernel: the Go variants spend most of their time in the Kogge-Stone
// fill, which the vector forms do much faster. Everything else is
// parity-table's.

func init() {
	MoveEvaluate.Register(Info{Name: "parity-table-avx2", Rank: 7, Uses: []any{movesAVX2},
		Note: "parity-table with the mobility from moves avx2 (one assembly call per move)"}, moveEvaluateAVX2)
	MoveEvaluate.Register(Info{Name: "parity-table-avx512", Rank: 8, Uses: []any{movesAVX512}, ZMM: true,
		Note: "parity-table with the mobility from moves avx512 (one assembly call per move)"}, moveEvaluateAVX512)
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
