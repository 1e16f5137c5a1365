// Package solver is flipbench's exact endgame solver: an Edax-class
// principal-variation search with null windows, a transposition table
// (a cache-resident local one from 10 empties down: local.go),
// stability and enhanced transposition cutoffs, move ordering by hash
// move, parity, mobility, potential mobility, corner stability and (with
// weights) a shallow evaluation search, a shallow search from 6 to 5
// empties and the 4..1-empties leaf. Every kernel it calls is taken from
// the variants registry when a solve starts (see Bind), so the same
// search runs on any variant set; the node count is its fingerprint.
//
// A node is one position searched: every call of the root, the
// principal-variation and null-window searches, the shallow search and
// the leaf searches (solve_4, solve_3, solve_2, and a pass searched again
// from the other side counts again), every position reached by a move in
// solve_2 (a score_1), and every position of the evaluation searches that
// order moves. Move-ordering estimates (move_evaluate) and table probes
// are not nodes.
package solver

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Options configure a Solver.
type Options struct {
	// HashBits is the size of the transposition table, 2^HashBits
	// entries of 24 bytes; 0 sizes it by the empties of each position
	// (AutoHashBits).
	HashBits int
	// Weights are the evaluation weights for move ordering; nil orders
	// moves without evaluation.
	Weights *variants.EvalWeights
	// tune replaces the search's constants (tests that tune or exercise
	// them; nil: defaultParams).
	tune *params
}

// Result is what a solve returns.
type Result struct {
	Score int   // exact score for the side to move
	Best  int   // best move; kernels.Pass if it must pass, kernels.NoMove if the game is over
	PV    []int // principal variation from the table (may stop early), passes included
	Nodes uint64
	Time  time.Duration
	// Passes are the root searches of the solve in order: the selective
	// pre-pass's levels, then the exact level, each window a search
	// (none when the game is over), scores and windows for the side to
	// move as Score's.
	Passes []Pass
}

// Pass is one root search of a solve: one window at one level.
type Pass struct {
	// Level is the pre-pass's level: it counts down to 1 as the
	// margins widen (fewer cuts); 0 is the exact search. Sigma is its
	// ProbCut margin in standard deviations of the shallow search's
	// error.
	Level       int
	Sigma       float64
	Alpha, Beta int // the window, bounds excluded
	Score, Best int // the fail-soft score and its move
	Nodes       uint64
	Time        time.Duration
}

// ErrStopped is returned by Solve after Stop.
var ErrStopped = errors.New("solve stopped")

// Solver solves positions one at a time (not safe for concurrent use;
// Stop may be called from another goroutine).
type Solver struct {
	opts  Options
	k     Kernels
	s     *search
	tt    *kernels.HashTable
	bits  int
	stop  atomic.Bool
	wopp  *variants.EvalWeights
	limit uint64 // bytes the table may take
}

// AutoHashBits is the table size used for a position of n empties when
// Options.HashBits is 0: 2^(n-2) entries from 2^16 to 2^22 (a larger
// table finds almost nothing more up to 28 empties and costs its clear),
// 2^23 from 29 empties, 2^24 (384 MiB) from 32.
func AutoHashBits(n int) int {
	switch {
	case n >= 32:
		return 24
	case n >= 29:
		return 23
	}
	return min(max(n-2, 16), 22)
}

// EntryBytes is the size of a table entry.
const EntryBytes = 24

// New returns a solver on the kernels a selection chooses; the table is
// allocated at the first solve (or now, if HashBits is set), and a size
// the machine's memory cannot hold is an error.
func New(opts Options, sel variants.Selection) (*Solver, error) {
	return NewWith(opts, Bind(sel))
}

// NewWith returns a solver on kernels bound by hand (References, or a
// test's).
func NewWith(opts Options, k Kernels) (*Solver, error) {
	if err := k.check(); err != nil {
		return nil, err
	}
	sv := &Solver{opts: opts, k: k, limit: memoryLimit()}
	if opts.Weights != nil {
		w, err := opponentWeights(opts.Weights)
		if err != nil {
			return nil, err
		}
		sv.wopp = w
	}
	if opts.HashBits != 0 {
		if err := sv.alloc(opts.HashBits); err != nil {
			return nil, err
		}
	}
	return sv, nil
}

// CheckHashBits reports whether a table of 2^bits entries fits the limits
// and this machine's available memory.
func CheckHashBits(bits int) error {
	if bits < 2 || bits > kernels.MaxHashBits {
		return fmt.Errorf("hash bits %d: want 2..%d", bits, kernels.MaxHashBits)
	}
	return checkMem(bits, memoryLimit())
}

func checkMem(bits int, limit uint64) error {
	need := (uint64(1)<<uint(bits) + kernels.Ways) * EntryBytes
	if limit != 0 && need > limit {
		max := 2
		for (uint64(1)<<uint(max+1)+kernels.Ways)*EntryBytes <= limit {
			max++
		}
		return fmt.Errorf("hash table of 2^%d entries needs %d MiB, more than the %d MiB of memory available here; use at most -hash %d",
			bits, need>>20, limit>>20, max)
	}
	return nil
}

func (sv *Solver) alloc(bits int) error {
	if sv.tt != nil && sv.bits == bits {
		return nil
	}
	if bits < 2 || bits > kernels.MaxHashBits {
		return fmt.Errorf("hash bits %d: want 2..%d", bits, kernels.MaxHashBits)
	}
	if err := checkMem(bits, sv.limit); err != nil {
		return err
	}
	sv.tt = nil
	t, err := kernels.NewHashTable(bits)
	if err != nil {
		return err
	}
	sv.tt, sv.bits = t, bits
	// collect now what the allocation freed, so that no collection runs
	// concurrently with the search (which allocates nothing)
	runtime.GC()
	return nil
}

// HashBits is the size of the table in use (0 before the first solve
// with automatic sizing).
func (sv *Solver) HashBits() int { return sv.bits }

// Stop makes the solve in progress (and the next ones) return ErrStopped.
func (sv *Solver) Stop() { sv.stop.Store(true) }

// Kernels returns the kernels the solver calls.
func (sv *Solver) Kernels() Kernels { return sv.k }

// Solve returns the exact score of b (P to move), its best move and
// principal variation, the node count and the time taken (the table
// clear and the search; not the table's allocation).
func (sv *Solver) Solve(b kernels.Board) (Result, error) {
	if err := b.Valid(); err != nil {
		return Result{}, fmt.Errorf("illegal board: %v", err)
	}
	n := b.NumEmpties()
	bits := sv.opts.HashBits
	if bits == 0 {
		bits = AutoHashBits(n)
	}
	if err := sv.alloc(bits); err != nil {
		return Result{}, err
	}
	k := sv.k
	s := sv.s
	if s == nil {
		s = &search{}
		sv.s = s
	}
	s.k = k
	s.p = defaultParams
	if sv.opts.tune != nil {
		s.p = *sv.opts.tune
	}
	s.p.hashMin = min(max(s.p.hashMin, 5), 9) // the shallow search packs at most 8 empties
	s.stop = &sv.stop
	s.stopped = false
	s.sel = 0
	s.nodes = 0
	s.passes = s.passes[:0] // kept between solves: Result.Passes is a copy
	s.w = [2]*variants.EvalWeights{sv.opts.Weights, sv.wopp}
	if sv.opts.Weights != nil && s.k.EvalFeatures == nil {
		return Result{}, fmt.Errorf("solver: eval kernels not bound")
	}
	s.tt = sv.tt
	if s.w[0] != nil {
		// a variant may build its weight layout on first use: not timed
		var f kernels.Features
		s.k.EvalSum(&f, s.w[0], 0)
		s.k.EvalSum(&f, s.w[1], 0)
	}
	start := time.Now()
	k.HashClear(sv.tt)
	s.entries, s.mask, s.date = sv.tt.Entries, sv.tt.Mask, sv.tt.Date
	clear(s.local[:])

	r := s.solve(b, n)
	r.Time = time.Since(start)
	if s.stopped || sv.stop.Load() {
		return r, ErrStopped
	}
	return r, nil
}

func (s *search) solve(b kernels.Board, n int) Result {
	P, O := b.P, b.O
	if s.moves(P, O) == 0 {
		s.nodes++
		if s.moves(O, P) == 0 || n == 0 {
			return Result{Score: s.k.BoardSolve(P, n), Best: kernels.NoMove, Nodes: s.nodes}
		}
		r := s.solveMoves(O, P, n, 1)
		r.Score = -r.Score
		for i := range r.Passes {
			p := &r.Passes[i]
			p.Alpha, p.Beta, p.Score = -p.Beta, -p.Alpha, -p.Score
		}
		r.PV = append([]int{kernels.Pass}, r.PV...)
		r.Best = kernels.Pass
		return r
	}
	return s.solveMoves(P, O, n, 0)
}

// rootMove is a move of the root with the value of its last search.
type rootMove struct {
	x     int
	f     uint64
	value int
}

// solveMoves solves a position where P has a move: a guess (0, or the
// evaluation search with weights if guessMax is set), the selective
// pre-pass with weights (probcut.go), each pass centred on the last
// score, then the exact root searches around the last score.
func (s *search) solveMoves(P, O uint64, n, side int) Result {
	parity := kernels.Parity(^(P | O))
	if s.w[0] != nil {
		// features keep the root's digits: digit 0 is the side to move
		// of the position given (who passed if side is 1)
		s.setFeatures(P, O, n, side)
	}
	guess := 0
	if s.w[0] != nil && s.p.guessMax > 0 {
		d := min(s.p.guessMax, max(n/2-4, 1), n)
		v := s.evalSearch(P, O, n, side, -scoreInf*scale, scoreInf*scale, d, false)
		guess = roundEven(v)
	}
	// root moves in ordering order
	var ml moveList
	s.scoreMoves(&ml, P, O, s.moves(P, O), guess-1, n, parity, side, kernels.NoMove, kernels.NoMove)
	moves := make([]rootMove, ml.n)
	for i := range moves {
		mv := ml.pick(i)
		moves[i] = rootMove{x: int(mv.x), f: mv.f}
	}
	if s.w[0] != nil && n >= s.p.pcMin {
		for l := min(s.p.pcLevels, len(probcutT)-1); l > 0; l-- {
			s.sel = uint8(l)
			guess, _ = s.aspiration(P, O, n, parity, side, moves, guess)
			if s.stopped {
				break
			}
		}
		s.sel = 0
	}
	score, best := s.aspiration(P, O, n, parity, side, moves, guess)
	r := Result{Score: score, Best: best, Nodes: s.nodes, Passes: slices.Clone(s.passes)}
	if !s.stopped {
		r.PV = s.principalVariation(P, O, best, side)
	}
	return r
}

// aspiration searches the root at a window around guess, widened from
// the fail-soft bound on each failure, and returns the score and best
// move.
func (s *search) aspiration(P, O uint64, n int, parity uint8, side int, moves []rootMove, guess int) (int, int) {
	aw := s.p.aspW
	if s.sel != 0 {
		aw = s.p.aspSelW
	}
	lo, hi := max(guess-1-aw, kernels.ScoreMin-1), min(guess+1+aw, kernels.ScoreMax+1)
	w := 2
	var score, best int
	failed := 0 // -1 low, +1 high
	for {
		start, nodes := time.Now(), s.nodes
		score, best = s.root(P, O, lo, hi, n, parity, side, moves)
		s.passes = append(s.passes, Pass{Level: int(s.sel), Sigma: float64(probcutT[s.sel]) / 16, Alpha: lo, Beta: hi,
			Score: score, Best: best, Nodes: s.nodes - nodes, Time: time.Since(start)})
		if s.stopped {
			break
		}
		if score <= lo && lo > kernels.ScoreMin-1 && !(s.sel != 0 && failed > 0) {
			hi = score + 1
			lo = max(score-1-w, kernels.ScoreMin-1)
			w *= 2
			failed = -1
		} else if score >= hi && hi < kernels.ScoreMax+1 && !(s.sel != 0 && failed < 0) {
			lo = score - 1
			hi = min(score+1+w, kernels.ScoreMax+1)
			w *= 2
			failed = 1
		} else {
			// inside the window, or (selective searches are not
			// consistent) failed the other way after a failure
			break
		}
	}
	return score, best
}

func roundEven(v int) int {
	d := v / scale
	if v%scale > scale/2 {
		d++
	} else if v%scale < -scale/2 {
		d--
	}
	if d&1 != 0 {
		if v > 0 {
			d++
		} else {
			d--
		}
	}
	return min(max(d, kernels.ScoreMin), kernels.ScoreMax)
}

// root searches every root move at (alpha, beta) in the order of the
// last search (best first), and re-orders them by their values.
func (s *search) root(P, O uint64, alpha, beta, n int, parity uint8, side int, moves []rootMove) (int, int) {
	s.nodes++
	a := alpha
	best, bestMove := -scoreInf, moves[0].x
	for i := range moves {
		m := &moves[i]
		m.value = -scoreInf
		v := s.pvsChild(P, O, m.x, m.f, a, beta, n, parity, side, i == 0)
		if s.stopped {
			break
		}
		m.value = v
		if v > best {
			best, bestMove = v, m.x
			if v > a {
				a = v
				if v >= beta {
					break
				}
			}
		}
	}
	// best first, the others in their order (stable)
	for i := range moves {
		if moves[i].x == bestMove {
			m := moves[i]
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			break
		}
	}
	if !s.stopped && n >= s.p.hashMin {
		s.store(s.hashCode(P, O), P, O, n, 0, alpha, beta, best, bestMove, false)
	}
	return best, bestMove
}

// principalVariation follows the table's best moves from the root (exact
// searches below the table's depth); it may stop early. Its searches are
// not counted.
func (s *search) principalVariation(P, O uint64, best, side int) []int {
	saved := s.nodes
	defer func() { s.nodes = saved }()
	pv := []int{best}
	f := s.flip(P, O, best)
	P, O = O&^f, P|f|bit(best)
	for len(pv) < 64 {
		moves := s.moves(P, O)
		if moves == 0 {
			if s.moves(O, P) == 0 {
				break
			}
			pv = append(pv, kernels.Pass)
			P, O = O, P
			continue
		}
		n := bits.OnesCount64(^(P | O))
		x := kernels.NoMove
		if n >= s.p.hashMin {
			if e := s.probe(s.hashCode(P, O), P, O); e != nil && int(e.Move[0]) < 64 && moves&bit(int(e.Move[0])) != 0 {
				x = int(e.Move[0])
			}
		}
		if x == kernels.NoMove && n <= 12 {
			bv := -scoreInf
			for m := moves; m != 0; m &= m - 1 {
				y := bits.TrailingZeros64(m)
				g := s.flip(P, O, y)
				v := -s.exact(O&^g, P|g|bit(y), -scoreInf, scoreInf, side)
				if v > bv {
					bv, x = v, y
				}
			}
		}
		if x == kernels.NoMove {
			break
		}
		pv = append(pv, x)
		g := s.flip(P, O, x)
		P, O = O&^g, P|g|bit(x)
	}
	return pv
}
