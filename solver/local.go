package solver

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// The local table (Edax's thread-local hash of NWS_endgame_local): the
// null-window searches of localMax empties or fewer keep their bounds in a
// small direct-mapped table that stays in the L1 cache, not in the main
// table, whose buckets miss in DRAM at a rate the short searches there
// cannot hide. Its bounds are never stale (an entry holds the whole
// position, and the searches it serves are exact or carry their
// selectivity), so it is cleared once per solve, only so that node counts
// do not depend on what was solved before.
//
// Edax also gives P's solid discs (on four full lines) to O before
// hashing there, shifting the bounds by two per disc. Here that merged
// almost no positions, and the shift is not exact when a game ends with
// empty squares (they go to the winner), so the table stores positions as
// they are.

// nwsLocal is nws at localMax empties or fewer, on the local table:
// stability cutoff, table cutoff, moves ordered by move_evaluate (the
// local table's move first), no enhanced transposition cutoff.
func (s *search) nwsLocal(P, O uint64, alpha, n int, parity uint8, side int) int {
	s.nodes++
	if s.stopped {
		return alpha
	}
	moves := s.moves(P, O)
	if v, ok := s.beforeMoves(P, O, moves, alpha, n, parity, side, true); ok {
		return v
	}
	e := &s.local[s.hashCode(P, O)&(1<<variants.LocalBits-1)]
	sel := s.sel
	if n < s.p.pcMin {
		sel = 0 // no ProbCut below: the bounds are exact
	}
	h0 := kernels.NoMove
	if e.P == P && e.O == O {
		if v, ok := s.tableCut(e.Lower, e.Upper, e.Sel, sel, alpha); ok {
			return v
		}
		h0 = int(e.Move)
	}
	mark := s.inexact
	if v, ok := s.probcutCut(P, O, alpha, n, side); ok {
		return v
	}
	best, bestMove := -scoreInf, kernels.NoMove
	// the table's move first, before the others are generated and scored:
	// where it refutes the window, that work is saved (it would have been
	// first anyway, a wipe-out would be the table's move)
	if h0 != kernels.NoMove && moves&bit(h0) != 0 && moves&(moves-1) != 0 {
		best, bestMove = -s.child(P, O, h0, s.flip(P, O, h0), -alpha-1, n, parity, side), h0
		moves ^= bit(h0)
	}
	ml := &s.ml[n]
	if best > alpha {
		// refuted by the table's move
	} else if moves&(moves-1) == 0 {
		x := bits.TrailingZeros64(moves)
		if v := -s.child(P, O, x, s.flip(P, O, x), -alpha-1, n, parity, side); v > best {
			best, bestMove = v, x
		}
	} else {
		s.genMoves(ml, P, O, moves)
		s.moveScores(ml, P, O, n, parity, kernels.NoMove, kernels.NoMove)
		best, bestMove = s.nwsMoves(ml, P, O, alpha, n, parity, side, best, bestMove)
	}
	if s.stopped {
		return best
	}
	if s.inexact == mark {
		sel = 0 // no selective decision below: the bounds are exact
	}
	if e.P != P || e.O != O || e.Sel != sel { // always replace, as Edax
		e.P, e.O, e.Sel = P, O, sel
		e.Lower, e.Upper, e.Move = -kernels.ScoreInf, kernels.ScoreInf, kernels.NoMove
	}
	if best <= alpha {
		e.Upper = min(e.Upper, int8(best))
	} else {
		e.Lower = max(e.Lower, int8(best))
		e.Move = uint8(bestMove)
	}
	return best
}
