package solver

import (
	"math/bits"
	"sync/atomic"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// search is the state of one solve: the bound kernels, the table, the
// node counter and per-depth scratch space, so that the search allocates
// nothing.
type search struct {
	k      Kernels
	nodes  uint64
	passes []Pass // the root searches of the solve so far

	tt      *kernels.HashTable
	entries []kernels.HashEntry
	mask    uint64
	date    uint8

	w    [2]*variants.EvalWeights // evaluation from the view of digit 0 / 1, nil: none
	feat [65]kernels.Features     // features of the position at n empties on the current line
	ml   [65]moveList             // move list of the endgame node at n empties
	eml  [65]moveList             // move list of the evaluation search at n empties
	// the children of an ordering at one ply, evaluated in one batch
	batchIn  [34]variants.FeaturesPly
	batchOut [34]int
	flipIn   [34]variants.BoardX
	flipOut  [34]uint64
	meIn     [34]variants.MoveEval
	meOut    [34]int
	stop     *atomic.Bool
	stopped  bool
	p        params
	local    variants.LocalTable
	sel      uint8 // selectivity of the running search: 0 exact, else a ProbCut level (probcut.go)
	// inexact counts the selective decisions taken (ProbCut cuts, cutoffs
	// on selective bounds): a search during which it did not change is
	// exact, and its bounds are stored as exact whatever sel is
	inexact uint64
}

type move struct {
	f     uint64
	score int32
	x     int8
}

type moveList struct {
	n int
	m [34]move
	// codes are the children's hash codes for the enhanced transposition
	// cutoff, in the order of m as generated (etcPrefetch).
	codes [34]uint64
}

// params are the search's tuning constants.
type params struct {
	hashMin int  // endgame search with a table (the local one up to localMax) from this many empties
	etcMin  int  // enhanced transposition cutoff from this many empties (its children above localMax)
	sortMin int  // evaluation-search move ordering from this many empties (with weights)
	evalSh  uint // the evaluation's weight in a move's ordering score: 1/scale disc << evalSh
	// guessMax is the depth of the evaluation search that guesses the
	// score for the first window; 0: the window starts around 0 (with
	// the weights at hand, a deep guess cost more nodes than starting
	// from 0 and widening by the fail-soft bounds)
	guessMax int
	aspW     int // first root window of the exact search: guess ± (aspW+1)
	// aspSelW is aspW of the selective pre-pass: its scores can be odd
	// (ProbCut's cuts return alpha+1 or alpha), and a window of guess ± 1
	// holds no score but guess, so a pass that lands next to its guess
	// would fail and search again
	aspSelW  int
	pcMin    int // ProbCut in the selective pre-pass from this many empties (probcut.go)
	pcLevels int // selective pre-pass searches before the exact one (with weights, at most len(probcutT)-1); 0: none
	localMax int // the local table up to this many empties, the main table above (local.go)
}

// evalSh 7: one disc of evaluation (scale << 7 = 1<<14) weighs half of
// one opponent move less (WMobility, 1<<15): with the embedded weights,
// fewer nodes than 6 or 8 (weaker weights want less weight).
var defaultParams = params{hashMin: 7, localMax: 10, etcMin: 12, sortMin: 12, evalSh: 7, guessMax: 0, aspW: 0, aspSelW: 1, pcMin: 10, pcLevels: 3}

// scThreshold[n]: the stability cutoff is tried at a null window alpha at
// least this (below it the stable discs cannot bring the upper bound down
// to alpha often enough to pay).
var scThreshold = [65]int{
	99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38,
	40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62,
	64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
}

func bit(x int) uint64 { return uint64(1) << uint(x) }

// stabilityCut returns the upper bound from P's opponent's stable discs
// and whether it cuts at alpha.
func (s *search) stabilityCut(P, O uint64, alpha, n int) (int, bool) {
	if alpha >= scThreshold[n] {
		if v := kernels.ScoreMax - 2*s.k.StableEdgeCount(O, P); v <= alpha {
			return v, true
		}
		v := kernels.ScoreMax - 2*s.stabilityCount(O, P)
		if v <= alpha {
			return v, true
		}
	}
	return 0, false
}

// stabilityCount is the bound stability_count, or (solver) the popcount
// of the bound stability.
func (s *search) stabilityCount(P, O uint64) int {
	if s.k.StabilityCount == nil {
		return bits.OnesCount64(s.stability(P, O))
	}
	return s.k.StabilityCount(P, O)
}

// nwsAny is the null-window search (alpha, alpha+1) of any position: the
// endgame search, the shallow search or the leaf by empties.
func (s *search) nwsAny(P, O uint64, alpha, side int) int {
	e := ^(P | O)
	n := bits.OnesCount64(e)
	parity := kernels.Parity(e)
	switch {
	case n >= s.p.hashMin:
		if s.w[0] != nil && n >= s.p.sortMin {
			s.setFeatures(P, O, n, side)
		}
		return s.nws(P, O, alpha, n, parity, side)
	case n >= 5:
		return s.bottom(P, O, alpha, parity, n)
	case n == 4:
		return s.nws4(P, O, alpha, variants.PresortList(e), parity)
	case n == 3:
		return s.solve3(P, O, alpha, variants.PresortList(e), parity)
	case n == 2:
		l := variants.PresortList(e)
		return s.solve2(P, O, alpha, int(l&0xff), int(l>>8&0xff))
	case n == 1:
		s.nodes++
		return s.score1(P, alpha, bits.TrailingZeros64(e))
	}
	s.nodes++
	return s.k.BoardSolve(P, 0)
}

// exact returns the score of a small position if it lies inside (alpha,
// beta), else a bound outside it, by null-window searches that narrow
// [lower, upper] (the leaf searches are null-window only).
func (s *search) exact(P, O uint64, alpha, beta, side int) int {
	lower, upper := kernels.ScoreMin, kernels.ScoreMax
	a := max(alpha, lower)
	for lower < upper {
		v := s.nwsAny(P, O, a, side)
		if v > a {
			lower = max(lower, v)
			if lower < a+1 {
				lower = a + 1
			}
		} else {
			upper = min(upper, v)
		}
		if upper <= alpha || lower >= beta || s.stopped {
			break
		}
		// next test point: the middle of [lower, upper], odd (scores are
		// even unless the game ends with an odd count, rare).
		a = (lower + upper) / 2
		if a >= upper {
			a = upper - 1
		}
		if a < lower {
			a = lower
		}
	}
	if upper <= alpha {
		return upper
	}
	return lower
}

// featMin is the fewest empties at which the features are kept along
// the line: the ordering searches need them from sortMin, ProbCut (in a
// selective pass) from pcMin.
func (s *search) featMin() int {
	if s.sel != 0 {
		return min(s.p.sortMin, s.p.pcMin)
	}
	return s.p.sortMin
}

// setFeatures computes the features of (P, O) at n empties from scratch,
// in the root's digits (side is the digit of P).
func (s *search) setFeatures(P, O uint64, n, side int) {
	if side == 0 {
		s.feat[n] = s.k.EvalFeatures(kernels.Board{P: P, O: O})
	} else {
		s.feat[n] = s.k.EvalFeatures(kernels.Board{P: O, O: P})
	}
}
