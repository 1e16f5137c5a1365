package solver

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// The transposition table: kernels.HashEntry in 4-way buckets (a bucket
// starts at code & mask, a multiple of 4, and holds the next 4 entries).
// An entry of another date reads as empty, so that a logical clear (a new
// date) works as well as a physical one.

// probe returns the entry of (P, O), or nil.
func (s *search) probe(code, P, O uint64) *kernels.HashEntry {
	b := s.entries[code&s.mask:][:kernels.Ways]
	for i := range b {
		e := &b[i]
		if e.P == P && e.O == O && e.Date == s.date {
			return e
		}
	}
	return nil
}

// level orders entries for replacement: entries of an old date first,
// then the cheapest (log2 of the nodes their search took), then the
// shallowest.
func (s *search) level(e *kernels.HashEntry) int {
	if e.Date != s.date {
		return -1
	}
	return int(e.Cost)<<8 | int(e.Depth)
}

// costOf is the cost recorded for a search of n nodes.
func costOf(n uint64) uint8 { return uint8(bits.Len64(n)) }

// store records the fail-soft result score of a search of (P, O) at
// window (alpha, beta) with its best move. The bounds are as selective as
// the search below depth (n empties): exact below the ProbCut's depth.
// Bounds of different selectivities do not mix: less selective ones
// replace more selective ones, and more selective ones only add a move.
func (s *search) store(code, P, O uint64, depth int, cost uint8, alpha, beta, score, move int, exact bool) {
	sel := s.sel
	if depth < s.p.pcMin || exact {
		sel = 0
	}
	b := s.entries[code&s.mask:][:kernels.Ways]
	for i := range b {
		e := &b[i]
		if e.P == P && e.O == O && e.Date == s.date {
			if e.Sel < sel { // the entry is the more accurate
				if score > alpha && int(e.Move[0]) != move {
					e.Move[1] = e.Move[0]
					e.Move[0] = uint8(move)
				}
				return
			}
			if e.Sel > sel {
				e.Sel, e.Lower, e.Upper = sel, -kernels.ScoreInf, kernels.ScoreInf
			}
			if score < beta && score < int(e.Upper) {
				e.Upper = int8(score)
			}
			if score > alpha && score > int(e.Lower) {
				e.Lower = int8(score)
			}
			if score > alpha && int(e.Move[0]) != move {
				e.Move[1] = e.Move[0]
				e.Move[0] = uint8(move)
			}
			e.Cost = max(e.Cost, cost)
			return
		}
	}
	v := &b[0]
	lv := s.level(v)
	for i := 1; i < len(b); i++ {
		if l := s.level(&b[i]); l < lv {
			v, lv = &b[i], l
		}
	}
	// field by field: a composite literal would be built on the stack and
	// copied in 16-byte loads that its narrower stores cannot forward to
	v.P, v.O = P, O
	v.Date, v.Cost, v.Depth, v.Sel = s.date, cost, uint8(depth), sel
	v.Lower, v.Upper = -kernels.ScoreInf, kernels.ScoreInf
	v.Move[0], v.Move[1] = kernels.NoMove, kernels.NoMove
	if score < beta {
		v.Upper = int8(score)
	}
	if score > alpha {
		v.Lower = int8(score)
		v.Move[0] = uint8(move)
	}
}
