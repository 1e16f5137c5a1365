//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// move_evaluate with the opponent's mobility from an assembly moves
// kernel: the Go variants spend most of their time in the Kogge-Stone
// fill, which the vector forms do much faster. Everything else is
// parity-table's.
//
// Their batch forms are generated with the moves kernels (gen/moves): the
// whole score in an assembly loop, moves avx2's or avx512's fill inlined,
// no call per element. So are their entries for the assembly bottom (the
// Node forms: every move of a node, no hash move, scores written into
// the node's move list). They read the tables below.

var (
	// moveEvalW: the wipe-out, first and second hash move scores, the
	// constant part of the mobility terms (36 of each), then the weights
	// of potential mobility, corner stability and mobility.
	moveEvalW = [...]int64{kernels.WWipeout, kernels.WFirstMove, kernels.WSecondMove,
		36*kernels.WPotentialMobility + 36*kernels.WMobility,
		kernels.WPotentialMobility, kernels.WCornerStability, kernels.WMobility}
	// moveEvalValue and moveEvalQuad are each square's value and
	// quadrant bit (kernels.SquareValue, kernels.QuadrantID).
	moveEvalValue, moveEvalQuad [64]int64
)

func init() {
	for x := range moveEvalValue {
		moveEvalValue[x] = int64(kernels.SquareValue[x])
		moveEvalQuad[x] = int64(kernels.QuadrantID[x])
	}
	e := moveEvaluateEntries()
	MoveEvaluate.Register(Info{Name: "parity-table-avx2", Rank: 7, Uses: []any{movesAVX2, moveEvaluateAVX2Node}, entry: e[0],
		Note: "parity-table with the mobility from moves avx2 (one assembly call per move)"}, moveEvaluateAVX2)
	MoveEvaluate.RegisterBatch("parity-table-avx2", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		moveEvaluateAVX2Batch(words(in), out[:len(in)])
	}))
	MoveEvaluate.batchUses("parity-table-avx2", moveEvaluateAVX2Batch)
	MoveEvaluate.Register(Info{Name: "parity-table-avx512", Rank: 8, Uses: []any{movesAVX512, moveEvaluateAVX512Node}, ZMM: true, entry: e[1],
		Note: "parity-table with the mobility from moves avx512 (one assembly call per move)"}, moveEvaluateAVX512)
	MoveEvaluate.RegisterBatch("parity-table-avx512", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		moveEvaluateAVX512Batch(words(in), out[:len(in)])
	}))
	MoveEvaluate.batchUses("parity-table-avx512", moveEvaluateAVX512Batch)
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
