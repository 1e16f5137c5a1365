package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
	"github.com/flipbench/flipbench/weights/train"
)

func init() {
	register(&command{
		name:    "train",
		summary: "train evaluation weights (exact labels near the end, bootstrapped searches before), or measure them (-eval-mae)",
		usage:   "[flags]",
		setup:   trainSetup,
	})
}

// trainFlags are train's flags: a training run's, then -eval-mae's.
type trainFlags struct {
	cfg       train.Config // the run's flags but -play
	play      *string
	playDepth *int
	out       *string
	edaxOut   *string
	mae       *bool
	evalSpec  *string
	maeN      *int
	maeMin    *int
	maeMax    *int
	maeDepth  *int
	maeSeed   *uint64
	save      *bool
	info      *bool
}

func trainSetup(fs *flag.FlagSet) func([]string) error {
	d := train.DefaultConfig()
	f := &trainFlags{}
	fs.Uint64Var(&f.cfg.Seed, "seed", d.Seed, "random seed: the same flags give the same weights")
	fs.IntVar(&f.cfg.Games, "games", d.Games, "games to play (half random, half self-play)")
	fs.IntVar(&f.cfg.ExactMax, "exact", d.ExactMax, "exact labels at this many empties and fewer")
	fs.IntVar(&f.cfg.Group, "group", d.Group, "empties per phase group (one table per group)")
	fs.IntVar(&f.cfg.Depth, "depth", d.Depth, "search depth of the labels above -exact (>= -group)")
	fs.IntVar(&f.cfg.MaxSamples, "max-samples", d.MaxSamples, "positions per group at most (0: all)")
	fs.Float64Var(&f.cfg.Lambda, "lambda", d.Lambda, "ridge regularisation of the least-squares fit")
	fs.IntVar(&f.cfg.Iters, "iters", d.Iters, "conjugate-gradient iterations at most per group")
	fs.IntVar(&f.cfg.Pool, "pool", d.Pool, "fit each group again on the positions within this many empties of it too, weighted down with the distance (0: no)")
	f.play = fs.String("play", "", "weights the self-play games use, as -eval: 'default', 'random[:SEED]' or a file (default: a fewest-replies heuristic)")
	f.playDepth = fs.Int("play-depth", 1, "-play: plies the self-play search looks ahead")
	fs.IntVar(&f.cfg.Workers, "workers", 0, "labelling goroutines (default GOMAXPROCS)")
	fs.StringVar(&f.cfg.Dir, "dir", "", "checkpoint directory: labels are saved there and a run with the same flags resumes")
	f.out = fs.String("o", "weights.fbw", "output weights (flipbench format); with -eval-mae, a results file for the error (Go's benchmark format, as flipbench bench writes)")
	f.edaxOut = fs.String("edax-out", "", "also write the weights as an Edax eval.dat")
	f.mae = fs.Bool("eval-mae", false, "do not train: print the mean absolute error of -eval against exact scores")
	f.evalSpec = evalFlag(fs)
	f.maeN = fs.Int("mae-n", 50, "-eval-mae: positions per empties count")
	f.maeMin = fs.Int("mae-min", 20, "-eval-mae: fewest empties")
	f.maeMax = fs.Int("mae-max", 24, "-eval-mae: most empties")
	f.maeDepth = fs.Int("mae-depth", 0, "-eval-mae: measure a search of this many plies on the evaluation instead (printed only: the report shows the evaluation's own error)")
	f.maeSeed = fs.Uint64("mae-seed", train.HeldOutSeed, "-eval-mae: seed of the held-out games (not a training seed)")
	f.save = fs.Bool("save", false, "-eval-mae: also write the error to results/<cpu-slug>/<date>-eval-mae-<name>.txt (flipbench report shows it)")
	f.info = fs.Bool("info", false, "print the note of -eval (how the weights were made) and exit")
	return func(args []string) error {
		if len(args) > 0 {
			return &exitError{2, "train: unexpected arguments " + strings.Join(args, " ")}
		}
		tty := false
		if st, err := os.Stderr.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
		if *f.info {
			return printEvalNote(*f.evalSpec)
		}
		sel, err := selection("")
		if err != nil {
			return err
		}
		if *f.mae {
			return f.evalMAE(fs, sel, tty)
		}
		return f.train(sel, tty)
	}
}

// evalMAE runs train -eval-mae.
func (f *trainFlags) evalMAE(fs *flag.FlagSet, sel variants.Selection, tty bool) error {
	maeOut := ""
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "o" {
			maeOut = *f.out
		}
	})
	if maeOut != "" && *f.save {
		return &exitError{2, "train: give -o or -save, not both"}
	}
	if *f.maeDepth < 0 || *f.maeDepth > 0 && (maeOut != "" || *f.save) {
		return &exitError{2, fmt.Sprintf("train: -mae-depth %d: want 0, or more without -o and -save (a search's error is printed only)", *f.maeDepth)}
	}
	set, err := loadEvalSet(*f.evalSpec)
	if err != nil {
		return err
	}
	if set == nil && *f.maeDepth > 0 {
		return &exitError{2, "train: -mae-depth needs weights: -eval none has no evaluation to search"}
	}
	mc := train.MAEConfig{
		Seed: *f.maeSeed, N: *f.maeN, MinEmpties: *f.maeMin, MaxEmpties: *f.maeMax, Depth: *f.maeDepth,
		Workers: f.cfg.Workers, Log: os.Stderr, TTY: tty, Exact: exactSolver(sel),
	}
	if maeOut == "" && !*f.save {
		return train.MAE(stdout, set, mc)
	}
	return maeResults(*f.evalSpec, set, mc, maeOut)
}

// train runs a training and writes the weights.
func (f *trainFlags) train(sel variants.Selection, tty bool) error {
	cfg := f.cfg
	cfg.Log, cfg.TTY, cfg.Exact = os.Stderr, tty, exactSolver(sel)
	if *f.play == "" && *f.playDepth != 1 {
		return &exitError{2, "-play-depth needs -play (the weights the search plays with)"}
	}
	if *f.play != "" {
		p, err := loadWeightsFlag("-play", *f.play)
		if err != nil {
			return err
		}
		if p == nil {
			return &exitError{2, "-play none: leave -play out for the fewest-replies heuristic"}
		}
		cfg.Play = p
		cfg.PlayDepth = *f.playDepth
	}
	start := time.Now()
	set, err := train.Run(cfg)
	if err != nil {
		return err
	}
	if err := set.Save(*f.out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s in %s\n", *f.out, time.Since(start).Round(time.Second))
	if *f.edaxOut != "" {
		if err := set.SaveEdax(*f.edaxOut); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", *f.edaxOut)
	}
	return nil
}

var _ = errors.New

// printEvalNote prints how the weights of -eval were made (train -info).
func printEvalNote(evalSpec string) error {
	set, err := loadEvalSet(evalSpec)
	if err != nil {
		return err
	}
	if set == nil {
		return &exitError{2, "-info: -eval none has no note"}
	}
	fmt.Fprintln(stdout, set.Note)
	return nil
}

// exactSolver gives the trainer the project's solver on the selected
// kernels for exact labels (one per labelling goroutine).
func exactSolver(sel variants.Selection) func() train.Solver {
	return func() train.Solver { return train.NewSolver(sel) }
}

// maeResults measures the evaluation's error and writes it, as train
// -eval-mae prints it, and to a results file: one result per empties
// count, EvalMAE/empties=N, iterations the positions measured, metrics
// discs (the mean absolute error), bias-discs and rms-discs.
func maeResults(spec string, set *weights.Set, mc train.MAEConfig, path string) error {
	ev, err := describeEval(spec)
	if err != nil {
		return err
	}
	now := time.Now()
	if path == "" {
		path = bench.ResultsName(bench.ResultsDir(), variants.Host().ID(), now, "eval-mae-"+nameValue(ev.name))
	}
	// a name already taken fails at once; the file is written after the
	// measurement, so that an interrupted one leaves nothing behind
	if _, err := os.Stat(path); err == nil {
		return &exitError{2, "train: " + path + " exists already"}
	}
	rows, err := train.MeasureMAE(set, mc)
	if err != nil {
		return err
	}
	train.PrintMAE(stdout, rows)
	rf, err := bench.CreateResults(path)
	if err != nil {
		return &exitError{2, "train: " + err.Error()}
	}
	if err := writeExactUnits(rf, "discs", "bias-discs", "rms-discs"); err != nil {
		rf.Close()
		return err
	}
	cfg := bench.MachineConfig(now, variants.Host())
	cfg = append(cfg, ev.config()...)
	// the held-out positions are a function of these three
	cfg = append(cfg, [2]string{resultsfile.KeyMAESeed, fmt.Sprintf("%#x", mc.Seed)}, [2]string{resultsfile.KeyMAEN, fmt.Sprint(mc.N)},
		[2]string{resultsfile.KeyMAEEmpties, fmt.Sprintf("%d-%d", mc.MinEmpties, mc.MaxEmpties)})
	fc := resultsfile.Config(cfg)
	for _, r := range rows {
		res := &benchfmt.Result{Name: benchfmt.Name(fmt.Sprintf("EvalMAE/empties=%d", r.Empties)), Iters: r.N, Config: fc,
			Values: []benchfmt.Value{
				{Value: round4(r.MAE()), Unit: "discs"},
				{Value: round4(r.Bias()), Unit: "bias-discs"},
				{Value: round4(r.RMS()), Unit: "rms-discs"},
			}}
		if err := rf.Write(res); err != nil {
			rf.Close()
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	if err := rf.Close(); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	fmt.Fprintf(os.Stderr, "flipbench: %d results in %s\n", len(rows), path)
	return nil
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }
