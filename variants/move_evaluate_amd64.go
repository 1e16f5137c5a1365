//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// move_evaluate with the opponent's mobility from an assembly moves
// kernel: the Go variants spend most of their time in the Kogge-Stone
// fill (6% of a whole ffo40-47 solve), which the vector forms do in a
// third of the time. Everything else is parity-table's.

func init() {
	MoveEvaluate.Register(Info{Name: "parity-table-avx2", Rank: 7, Asm: []string{"movesAVX2"},
		Note: "parity-table with the mobility from moves avx2 (one assembly call per move)"}, moveEvaluateAVX2)
	MoveEvaluate.Register(Info{Name: "parity-table-avx512", Rank: 8, Asm: []string{"movesAVX512"}, ZMM: true,
		Note: "parity-table with the mobility from moves avx512 (one assembly call per move)"}, moveEvaluateAVX512)
}

func moveEvaluateAVX2(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if s, ok := moveEvaluateHash(b, x, flipped, h0, h1); ok {
		return s
	}
	np, no := b.O&^flipped, b.P|flipped|uint64(1)<<uint(x)
	return moveEvaluateRest(x, np, no, parity, nEmpties, movesAVX2(np, no))
}

func moveEvaluateAVX512(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if s, ok := moveEvaluateHash(b, x, flipped, h0, h1); ok {
		return s
	}
	np, no := b.O&^flipped, b.P|flipped|uint64(1)<<uint(x)
	return moveEvaluateRest(x, np, no, parity, nEmpties, movesAVX512(np, no))
}

// moveEvaluateHash scores a wipe-out and the hash moves, which skip the
// rest.
func moveEvaluateHash(b kernels.Board, x int, flipped uint64, h0, h1 int) (int, bool) {
	switch {
	case flipped == b.O:
		return kernels.WWipeout, true
	case x == h0:
		return kernels.WFirstMove, true
	case x == h1:
		return kernels.WSecondMove, true
	}
	return 0, false
}

// moveEvaluateRest is parity-table's score of x given the opponent's
// moves after it (np to move).
func moveEvaluateRest(x int, np, no uint64, parity uint8, nEmpties int, moves uint64) int {
	score := kernels.SquareValue[x]
	if parity&kernels.QuadrantID[x] != 0 {
		score += parityWeight[nEmpties&63]
	}
	score += (36 - kernels.WeightedCount(potentialMovesFast(np, no))) * kernels.WPotentialMobility
	score += cornerStabilityExact(no) * kernels.WCornerStability
	score += (36 - kernels.WeightedCount(moves)) * kernels.WMobility
	return score
}
