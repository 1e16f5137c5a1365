package solver

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// nws is the null-window endgame search (alpha, alpha+1) from hashMin
// empties up (Edax's NWS_endgame), on the local table up to localMax
// empties (nwsLocal), else: table probe (prefetched while the moves
// are generated), stability cutoff, transposition cutoff, enhanced
// transposition cutoff far from the end, moves ordered by move_evaluate
// (and the evaluation search with weights), fail-soft result stored.
func (s *search) nws(P, O uint64, alpha, n int, parity uint8, side int) int {
	if n <= s.p.localMax {
		if s.asmLocal(n) {
			v, nodes := s.k.Bottom.SearchLocal(P, O, alpha, &s.local)
			s.nodes += nodes
			return v
		}
		return s.nwsLocal(P, O, alpha, n, parity, side)
	}
	code, moves, ok := s.enter(P, O, n >= 12)
	if !ok {
		return alpha
	}
	if v, ok := s.beforeMoves(P, O, moves, alpha, n, parity, side, false); ok {
		return v
	}
	ml := &s.ml[n]
	s.genMoves(ml, P, O, moves)
	etc := n >= s.p.etcMin && n-1 > s.p.localMax && ml.n > 1
	if etc {
		s.etcPrefetch(ml, P, O)
	}
	h0, h1 := kernels.NoMove, kernels.NoMove
	if e := s.probe(code, P, O); e != nil {
		if v, ok := s.tableCut(e.Lower, e.Upper, e.Sel, s.sel, alpha); ok {
			return v
		}
		h0, h1 = int(e.Move[0]), int(e.Move[1])
	}
	mark := s.inexact
	if v, ok := s.probcutCut(P, O, alpha, n, side); ok {
		return v
	}
	start := s.nodes
	best, bestMove := -scoreInf, kernels.NoMove
	if ml.n == 1 { // one move: no ordering
		mv := ml.m[0]
		best, bestMove = -s.child(P, O, int(mv.x), mv.f, -alpha-1, n, parity, side), int(mv.x)
	} else {
		s.scoreList(ml, P, O, alpha, n, parity, side, h0, h1)
		if etc {
			if v, ok := s.etc(ml, P, O, alpha); ok {
				return v
			}
		}
		best, bestMove = s.nwsMoves(ml, P, O, alpha, n, parity, side, best, bestMove)
	}
	if !s.stopped {
		s.store(code, P, O, n, costOf(s.nodes-start), alpha, alpha+1, best, bestMove, s.inexact == mark)
	}
	return best
}

// nwsMoves searches ml's moves at the null window (alpha, alpha+1), in
// ordering order, until one fails high; best and bestMove are what was
// searched before them, the result what was searched with them.
func (s *search) nwsMoves(ml *moveList, P, O uint64, alpha, n int, parity uint8, side, best, bestMove int) (int, int) {
	for i := 0; i < ml.n; i++ {
		mv := ml.pick(i)
		v := -s.child(P, O, int(mv.x), mv.f, -alpha-1, n, parity, side)
		if v > best {
			best, bestMove = v, int(mv.x)
			if v > alpha {
				break
			}
		}
	}
	return best, bestMove
}

// tableCut is what a stored null-window bound [lower, upper] of
// selectivity entrySel says at alpha in a search of selectivity sel: its
// value, if it decides the node.
func (s *search) tableCut(lower, upper int8, entrySel, sel uint8, alpha int) (int, bool) {
	if entrySel <= sel {
		if int(lower) > alpha {
			s.selective(entrySel)
			return int(lower), true
		}
		if int(upper) <= alpha {
			s.selective(entrySel)
			return int(upper), true
		}
	}
	return 0, false
}

// probcutCut is ProbCut's cut (probcut.go) where a selective search tries
// it: from pcMin empties.
func (s *search) probcutCut(P, O uint64, alpha, n, side int) (int, bool) {
	if s.sel != 0 && n >= s.p.pcMin {
		return s.probcut(P, O, alpha, n, side)
	}
	return 0, false
}

// beforeMoves decides a null-window node before its moves where it can:
// P has none, and the game is over (its score) or P passes (the swapped
// position searched: by nwsLocal if local, else nws), or the stability
// cutoff bounds it.
func (s *search) beforeMoves(P, O, moves uint64, alpha, n int, parity uint8, side int, local bool) (int, bool) {
	switch {
	case moves != 0:
		return s.stabilityCut(P, O, alpha, n)
	case s.moves(O, P) == 0:
		return s.k.BoardSolve(P, n), true
	case local:
		return -s.nwsLocal(O, P, -alpha-1, n, parity, side^1), true
	}
	return -s.nws(O, P, -alpha-1, n, parity, side^1), true
}

// asmLocal reports whether the assembly bottom searches the position of n
// empties on the local table: it searches as nwsLocal does in an exact
// search from 10 empties down, the shallow search at 6 (hashMin 7), with
// neither ProbCut nor the evaluation.
func (s *search) asmLocal(n int) bool {
	return s.k.Bottom != nil && s.k.Bottom.Local() && n <= variants.BottomLocalMax && s.p.hashMin == variants.LocalMin &&
		(s.sel == 0 || n < s.p.pcMin) && (s.w[0] == nil || n < s.featMin())
}

// enter counts a node of the table's searches, polls the stop flag when
// asked (not at every node: an atomic load costs), and starts the node:
// its hash code (its bucket prefetched while the moves are generated) and
// P's moves; false when the search was stopped.
func (s *search) enter(P, O uint64, poll bool) (code, moves uint64, ok bool) {
	s.nodes++
	if poll && s.stop.Load() {
		s.stopped = true
	}
	if s.stopped {
		return 0, 0, false
	}
	code = s.hashCode(P, O)
	s.prefetch(code)
	return code, s.moves(P, O), true
}

// child searches the position after P plays x (flipping f) at a null
// window, from the opponent's view: the endgame search, or the shallow
// search below hashMin empties.
func (s *search) child(P, O uint64, x int, f uint64, alpha, n int, parity uint8, side int) int {
	np, no := O&^f, P|f|bit(x)
	parity ^= kernels.QuadrantID[x]
	if n-1 >= s.p.hashMin {
		if s.w[0] != nil && n-1 >= s.featMin() {
			s.k.EvalUpdate(&s.feat[n-1], &s.feat[n], x, f, side)
		}
		return s.nws(np, no, alpha, n-1, parity, side^1)
	}
	if n-1 >= 5 {
		return s.bottom(np, no, alpha, parity, n-1)
	}
	return s.nwsAny(np, no, alpha, side^1)
}

// etcPrefetch computes the hash codes of ml's children and prefetches
// their buckets, as soon as the moves are known: the node's own probe and
// its move ordering then run while the buckets arrive, and etc finds them
// in the cache (issued right before etc's probes, the misses stalled them).
// The codes first, then the prefetches back to back: each prefetch waits
// for its page walk (the TLB misses on a table this size), and together
// the walks overlap.
func (s *search) etcPrefetch(ml *moveList, P, O uint64) {
	for i := 0; i < ml.n; i++ {
		mv := &ml.m[i]
		ml.codes[i] = s.hashCode(O&^mv.f, P|mv.f|bit(int(mv.x)))
	}
	for i := 0; i < ml.n; i++ {
		s.prefetch(ml.codes[i])
	}
}

// etc is the enhanced transposition cutoff: a child whose stored upper
// bound (its own view) is below -alpha refutes this null window at once.
// ml is as generated (not yet picked from), its codes from etcPrefetch.
func (s *search) etc(ml *moveList, P, O uint64, alpha int) (int, bool) {
	for i := 0; i < ml.n; i++ {
		mv := &ml.m[i]
		np, no := O&^mv.f, P|mv.f|bit(int(mv.x))
		if e := s.probe(ml.codes[i], np, no); e != nil && e.Sel <= s.sel && -int(e.Upper) > alpha {
			s.selective(e.Sel)
			return -int(e.Upper), true
		}
	}
	return 0, false
}

// pvs is the principal-variation search of a window (alpha, beta) wider
// than one: the first move at the full window, the others at a null window
// and searched again when they fail high inside it.
func (s *search) pvs(P, O uint64, alpha, beta, n int, parity uint8, side int) int {
	if n < s.p.hashMin {
		return s.exact(P, O, alpha, beta, side)
	}
	code, moves, ok := s.enter(P, O, true)
	if !ok {
		return alpha
	}
	if moves == 0 {
		if s.moves(O, P) == 0 {
			return s.k.BoardSolve(P, n)
		}
		return -s.pvs(O, P, -beta, -alpha, n, parity, side^1)
	}
	h0, h1 := kernels.NoMove, kernels.NoMove
	if e := s.probe(code, P, O); e != nil {
		if e.Sel <= s.sel {
			if v, ok := kernels.BoundCut(int(e.Lower), int(e.Upper), alpha, beta); ok {
				s.selective(e.Sel)
				return v
			}
		}
		h0, h1 = int(e.Move[0]), int(e.Move[1])
	}
	mark := s.inexact
	start := s.nodes
	ml := &s.ml[n]
	s.scoreMoves(ml, P, O, moves, alpha, n, parity, side, h0, h1)
	a := alpha
	best, bestMove := -scoreInf, kernels.NoMove
	for i := 0; i < ml.n; i++ {
		mv := ml.pick(i)
		v := s.pvsChild(P, O, int(mv.x), mv.f, a, beta, n, parity, side, i == 0)
		if v > best {
			best, bestMove = v, int(mv.x)
			if v > a {
				a = v
				if v >= beta {
					break
				}
			}
		}
	}
	if !s.stopped {
		s.store(code, P, O, n, costOf(s.nodes-start), alpha, beta, best, bestMove, s.inexact == mark)
	}
	return best
}

// pvsChild returns the score (P's view) of P playing x: a full-window
// search for the first move, else a null window first.
func (s *search) pvsChild(P, O uint64, x int, f uint64, alpha, beta, n int, parity uint8, side int, first bool) int {
	np, no := O&^f, P|f|bit(x)
	if n-1 >= s.p.hashMin && s.w[0] != nil && n-1 >= s.featMin() {
		s.k.EvalUpdate(&s.feat[n-1], &s.feat[n], x, f, side)
	}
	if !first {
		v := -s.child(P, O, x, f, -alpha-1, n, parity, side)
		if v <= alpha || v >= beta {
			return v
		}
		// v is a lower bound inside the window: search again from it.
		alpha = v - 1
	}
	return -s.pvs(np, no, -beta, -alpha, n-1, parity^kernels.QuadrantID[x], side^1)
}
