package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// MoveEvaluateFunc scores a move for ordering: P plays x flipping
// flipped, with the board's parity, its empties and two hash moves.
type MoveEvaluateFunc func(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int

// MoveEvaluate orders the moves of the endgame search.
var MoveEvaluate = newKernel[MoveEvaluateFunc, MoveEvaluateBatchFunc]("move_evaluate", "Edax 4.4's shallow move-ordering score", kernels.MoveEvaluate)

// move_evaluate in fast Go: shift-based potential mobility and corner
// stability, Kogge-Stone mobility; the two variants differ only in the
// parity bonus.
//
//   - edax-branchy: nEmpties compared against 12, 21 and 30 (Edax 4.4).
//   - parity-table: one lookup in a table indexed by nEmpties, added
//     under a condition the compiler turns into a CMOV: no chain of
//     compares to mispredict.

func init() {
	MoveEvaluate.Register(Info{Name: "edax-branchy", Rank: 5, Note: "Go: shift fills, parity bonus by compares"}, MoveEvaluateBranchy)
	MoveEvaluate.Register(Info{Name: "parity-table", Rank: 6, Note: "Go: shift fills, parity bonus by table"}, MoveEvaluateTable)
	MoveEvaluate.RegisterBatch("edax-branchy", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			out[i] = MoveEvaluateBranchy(kernels.Board{P: c.P, O: c.O}, c.X, c.Flipped, uint8(c.Parity), c.NEmpties, c.H0, c.H1)
		}
	}))
	MoveEvaluate.RegisterBatch("parity-table", MoveEvaluateBatchFunc(func(in []MoveEval, out []int) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			out[i] = MoveEvaluateTable(kernels.Board{P: c.P, O: c.O}, c.X, c.Flipped, uint8(c.Parity), c.NEmpties, c.H0, c.H1)
		}
	}))
	for n := range parityWeight {
		switch {
		case n < 12:
			parityWeight[n] = kernels.WLowParity
		case n < 21:
			parityWeight[n] = kernels.WMidParity
		case n < 30:
			parityWeight[n] = kernels.WHighParity
		}
	}
}

var parityWeight [65]int

func moveEvaluateBody(b kernels.Board, x int, flipped uint64, score int) int {
	// After the move the opponent is to move: n.P = b.O &^ flipped.
	np, no := b.O&^flipped, b.P|flipped|uint64(1)<<uint(x)
	return moveEvaluateRest(np, no, score, MovesKoggeStone(np, no))
}

// moveEvaluateRest adds to score the terms of the position after the move
// (np to move, with the moves given): potential mobility, corner
// stability and mobility.
func moveEvaluateRest(np, no uint64, score int, moves uint64) int {
	score += (36 - kernels.WeightedCount(PotentialMovesShift(np, no))) * kernels.WPotentialMobility
	score += cornerStabilityExact(no) * kernels.WCornerStability
	score += (36 - kernels.WeightedCount(moves)) * kernels.WMobility
	return score
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

// tableScore is parity-table's static score of x: the square's value and
// the parity bonus, looked up and kept under a condition the compiler
// turns into a CMOV.
func tableScore(x int, parity uint8, nEmpties int) int {
	bonus := parityWeight[nEmpties&63]
	if parity&kernels.QuadrantID[x] == 0 {
		bonus = 0
	}
	return kernels.SquareValue[x] + bonus
}

func MoveEvaluateBranchy(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if flipped == b.O {
		return kernels.WWipeout
	}
	if x == h0 {
		return kernels.WFirstMove
	}
	if x == h1 {
		return kernels.WSecondMove
	}
	score := kernels.SquareValue[x]
	if parity&kernels.QuadrantID[x] != 0 {
		if nEmpties < 12 {
			score += kernels.WLowParity
		} else if nEmpties < 21 {
			score += kernels.WMidParity
		} else if nEmpties < 30 {
			score += kernels.WHighParity
		}
	}
	return moveEvaluateBody(b, x, flipped, score)
}

func MoveEvaluateTable(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if s, ok := moveEvaluateHash(b, x, flipped, h0, h1); ok {
		return s
	}
	return moveEvaluateBody(b, x, flipped, tableScore(x, parity, nEmpties))
}

// cornerStabilityExact is kernels.CornerStability with shifts: each corner
// of P, plus P's discs on the two edge squares next to a P corner.
func cornerStabilityExact(P uint64) int {
	c := P & 0x8100000000000081
	// Spread each corner of P to its two edge neighbours.
	n := (c&0x0000000000000001)<<1 | (c&0x0000000000000001)<<8 |
		(c&0x0000000000000080)>>1 | (c&0x0000000000000080)<<8 |
		(c&0x0100000000000000)<<1 | (c&0x0100000000000000)>>8 |
		(c&0x8000000000000000)>>1 | (c&0x8000000000000000)>>8
	return bits.OnesCount64(c | n&P)
}
