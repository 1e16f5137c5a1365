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
	Workers                int
	Log                    io.Writer
	TTY                    bool
}

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
		for _, b := range playGame(o, seed, i, nil) {
			e := b.NumEmpties()
			if e >= lo && e <= hi && len(out[e-lo]) < n {
				out[e-lo] = append(out[e-lo], b)
				break // one position per game
			}
		}
	}
}

// MAE prints the mean absolute error (and the mean error and RMS) of set
// against exact scores, per empties count and overall. A nil set is the
// zero evaluation.
func MAE(w io.Writer, set *weights.Set, mc MAEConfig) error {
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
			return err
		}
		ev = &evaluator{plain: ew.Plain}
	}
	exact := make([]int, len(flat))
	bar := cfg.newProgress("exact solves", len(flat))
	solvers := make(chan *Exact, mc.Workers)
	for i := 0; i < mc.Workers; i++ {
		e := NewExact(21)
		e.ev = ev
		solvers <- e
	}
	parallelFor(len(flat), mc.Workers, func(i int) {
		s := <-solvers
		exact[i] = s.Solve(flat[i])
		solvers <- s
		bar.add(1)
	})
	bar.finish()
	fmt.Fprintf(w, "empties  positions  MAE    bias   RMS (discs, eval - exact)\n")
	var tae, te, tse float64
	k := 0
	for gi, p := range pos {
		var ae, e, se float64
		for range p {
			v := 0.0
			if ev != nil {
				v = float64(ev.eval(flat[k])) / weights.Scale
			}
			d := v - float64(exact[k])
			ae += math.Abs(d)
			e += d
			se += d * d
			k++
		}
		m := float64(len(p))
		fmt.Fprintf(w, "%7d  %9d  %5.2f  %+5.2f  %5.2f\n", mc.MinEmpties+gi, len(p), ae/m, e/m, math.Sqrt(se/m))
		tae, te, tse = tae+ae, te+e, tse+se
	}
	m := float64(len(flat))
	fmt.Fprintf(w, "%7s  %9d  %5.2f  %+5.2f  %5.2f\n", "all", len(flat), tae/m, te/m, math.Sqrt(tse/m))
	return nil
}
