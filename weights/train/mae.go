package train

import (
	"fmt"
	"io"
	"math"
	"runtime"

	"github.com/flipbench/flipbench/weights"
)

// MAEConfig selects held-out positions: from games of a seed no training
// uses, N positions at each empties count in [MinEmpties, MaxEmpties].
type MAEConfig struct {
	Seed                   uint64
	N                      int
	MinEmpties, MaxEmpties int
	// Depth > 0 measures a Depth-ply search on the evaluation instead of
	// the evaluation itself: the error of what a search's leaves see
	// compounds, and a search of even depth, whose leaves are evaluated
	// for the side to move, errs differently from one of odd depth.
	Depth   int
	Workers int
	Log     io.Writer
	TTY     bool
	// Exact, if set, makes the exact solver of each worker (default:
	// NewSolver on this machine's default variants).
	Exact func() Solver
}

// HeldOutSeed is the default seed of the held-out games: not a training
// seed (TestHeldOutDisjointFromTraining).
const HeldOutSeed = 0x4d4145

// HeldOut returns n positions per empties count in [lo, hi] from games of
// the seed (the same game mix as training: half random, half self-play),
// at most one per game and empties count.
func HeldOut(seed uint64, n, lo, hi int) [][]board {
	o := newOps()
	out := make([][]board, hi-lo+1)
	for i := 0; ; i++ {
		full := true
		for _, p := range out {
			full = full && len(p) >= n
		}
		if full {
			return out
		}
		for _, b := range playGame(o, seed, i, nil, 0) {
			e := b.NumEmpties()
			if e >= lo && e <= hi && len(out[e-lo]) < n {
				out[e-lo] = append(out[e-lo], b)
				break // one position per game
			}
		}
	}
}

// MAERow is the error of an evaluation at one empties count: sums over
// its N held-out positions of |eval - exact|, eval - exact and their
// squares, in discs.
type MAERow struct {
	Empties, N         int
	AbsSum, Sum, SqSum float64
}

// MAE is the mean absolute error.
func (r MAERow) MAE() float64 { return r.AbsSum / float64(r.N) }

// Bias is the mean error (eval - exact).
func (r MAERow) Bias() float64 { return r.Sum / float64(r.N) }

// RMS is the root mean square error.
func (r MAERow) RMS() float64 { return math.Sqrt(r.SqSum / float64(r.N)) }

// MAE prints the mean absolute error (and the mean error and RMS) of set
// against exact scores, per empties count and overall. A nil set is the
// zero evaluation.
func MAE(w io.Writer, set *weights.Set, mc MAEConfig) error {
	rows, err := MeasureMAE(set, mc)
	if err != nil {
		return err
	}
	PrintMAE(w, rows)
	return nil
}

// PrintMAE prints MeasureMAE's rows and their total as MAE does.
func PrintMAE(w io.Writer, rows []MAERow) {
	fmt.Fprintf(w, "empties  positions  MAE    bias   RMS (discs, eval - exact)\n")
	all := MAERow{}
	for _, r := range rows {
		fmt.Fprintf(w, "%7d  %9d  %5.2f  %+5.2f  %5.2f\n", r.Empties, r.N, r.MAE(), r.Bias(), r.RMS())
		all.N += r.N
		all.AbsSum, all.Sum, all.SqSum = all.AbsSum+r.AbsSum, all.Sum+r.Sum, all.SqSum+r.SqSum
	}
	fmt.Fprintf(w, "%7s  %9d  %5.2f  %+5.2f  %5.2f\n", "all", all.N, all.MAE(), all.Bias(), all.RMS())
}

// MeasureMAE is MAE's measurement: one row per empties count.
func MeasureMAE(set *weights.Set, mc MAEConfig) ([]MAERow, error) {
	if mc.Workers <= 0 {
		mc.Workers = runtime.GOMAXPROCS(0)
	}
	pos := HeldOut(mc.Seed, mc.N, mc.MinEmpties, mc.MaxEmpties)
	var flat []board
	for _, p := range pos {
		flat = append(flat, p...)
	}
	cfg := &Config{Log: mc.Log, TTY: mc.TTY}
	var ev *evaluator
	if set != nil {
		ew, err := set.EvalWeights()
		if err != nil {
			return nil, err
		}
		ev = &evaluator{plain: ew.Plain}
	}
	if mc.Depth < 0 || mc.Depth > 0 && ev == nil {
		return nil, fmt.Errorf("MAE: search depth %d: want 0, or more with weights", mc.Depth)
	}
	exact := make([]int, len(flat))
	bar := cfg.newProgress("exact solves", len(flat))
	solvers := make(chan Solver, mc.Workers)
	for i := 0; i < mc.Workers; i++ {
		solvers <- newExact(mc.Exact)
	}
	parallelFor(len(flat), mc.Workers, func(i int) {
		s := <-solvers
		exact[i] = s.Solve(flat[i])
		solvers <- s
		bar.add(1)
	})
	bar.finish()
	value := make([]int, len(flat)) // 1/Scale discs; the zero evaluation without weights
	if ev != nil {
		// a depth-0 search is the evaluation itself
		ev.refresh()
		bar := cfg.newProgress(fmt.Sprintf("depth-%d searches", mc.Depth), len(flat))
		parallelFor(len(flat), mc.Workers, func(i int) {
			se := searcher{ops: newOps(), ev: ev}
			value[i] = se.search(flat[i], mc.Depth)
			bar.add(1)
		})
		bar.finish()
	}
	var rows []MAERow
	k := 0
	for gi, p := range pos {
		r := MAERow{Empties: mc.MinEmpties + gi, N: len(p)}
		for range p {
			v := float64(value[k]) / weights.Scale
			d := v - float64(exact[k])
			r.AbsSum += math.Abs(d)
			r.Sum += d
			r.SqSum += d * d
			k++
		}
		rows = append(rows, r)
	}
	return rows, nil
}
