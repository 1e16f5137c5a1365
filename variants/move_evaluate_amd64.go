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
	// moveEvalSquareWords packs both in a word per square for the lanes
	// forms' VPERMI2W: the value (below 256) in the low byte, the
	// quadrant bit in the high one.
	moveEvalSquareWords [64]uint16
)

func init() {
	for x := range moveEvalValue {
		moveEvalValue[x] = int64(kernels.SquareValue[x])
		moveEvalQuad[x] = int64(kernels.QuadrantID[x])
		moveEvalSquareWords[x] = uint16(kernels.SquareValue[x]) | uint16(kernels.QuadrantID[x])<<8
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
	MoveEvaluate.Register(Info{Name: "parity-table-avx512-lanes", Rank: 7, Uses: []any{moveEvaluateAVX512LanesBatch, moveEvaluateAVX512LanesNode}, ZMM: true, entry: e[2],
		Note: "parity-table, eight moves per ZMM (a move per lane): mobility by a Kogge-Stone fill per direction, counts by VPOPCNTQ"}, moveEvaluateAVX512Lanes)
	MoveEvaluate.RegisterBatch("parity-table-avx512-lanes", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		moveEvaluateAVX512LanesBatch(words(in), out[:len(in)])
	}))
	MoveEvaluate.batchUses("parity-table-avx512-lanes", moveEvaluateAVX512LanesBatch)
}

// moveEvaluateAVX512Lanes is one move through the lanes batch form (seven
// lanes masked off): the variant's own code, at a single move's cost.
func moveEvaluateAVX512Lanes(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	in := [1]MoveEval{{P: b.P, O: b.O, X: x, Flipped: flipped, Parity: int(parity), NEmpties: nEmpties, H0: h0, H1: h1}}
	var out [1]int
	moveEvaluateAVX512LanesBatch(words(in[:]), out[:])
	return out[0]
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
