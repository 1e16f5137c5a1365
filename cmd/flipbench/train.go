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
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
	"github.com/flipbench/flipbench/weights/train"
)

func init() {
	register(&command{
		name:    "train",
		summary: "train evaluation weights (exact labels near the end, bootstrapped searches before), or measure them (-eval-mae)",
		usage:   "[flags]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			d := train.DefaultConfig()
			seed := fs.Uint64("seed", d.Seed, "random seed: the same flags give the same weights")
			games := fs.Int("games", d.Games, "games to play (half random, half self-play)")
			exact := fs.Int("exact", d.ExactMax, "exact labels at this many empties and fewer")
			group := fs.Int("group", d.Group, "empties per phase group (one table per group)")
			depth := fs.Int("depth", d.Depth, "search depth of the labels above -exact (>= -group)")
			maxSamples := fs.Int("max-samples", d.MaxSamples, "positions per group at most (0: all)")
			lambda := fs.Float64("lambda", d.Lambda, "ridge regularisation of the least-squares fit")
			iters := fs.Int("iters", d.Iters, "conjugate-gradient iterations at most per group")
			pool := fs.Int("pool", d.Pool, "fit each group again on the positions within this many empties of it too, weighted down with the distance (0: no)")
			play := fs.String("play", "", "weights the self-play games use, as -eval: 'default', 'random[:SEED]' or a file (default: a fewest-replies heuristic)")
			playDepth := fs.Int("play-depth", 1, "-play: plies the self-play search looks ahead")
			workers := fs.Int("workers", 0, "labelling goroutines (default GOMAXPROCS)")
			dir := fs.String("dir", "", "checkpoint directory: labels are saved there and a run with the same flags resumes")
			out := fs.String("o", "weights.fbw", "output weights (flipbench format); with -eval-mae, a results file for the error (Go's benchmark format, as flipbench bench writes)")
			edaxOut := fs.String("edax-out", "", "also write the weights as an Edax eval.dat")
			mae := fs.Bool("eval-mae", false, "do not train: print the mean absolute error of -eval against exact scores")
			evalSpec := evalFlag(fs)
			maeN := fs.Int("mae-n", 50, "-eval-mae: positions per empties count")
			maeMin := fs.Int("mae-min", 20, "-eval-mae: fewest empties")
			maeMax := fs.Int("mae-max", 24, "-eval-mae: most empties")
			maeDepth := fs.Int("mae-depth", 0, "-eval-mae: measure a search of this many plies on the evaluation instead (printed only: the report shows the evaluation's own error)")
			maeSeed := fs.Uint64("mae-seed", train.HeldOutSeed, "-eval-mae: seed of the held-out games (not a training seed)")
			save := fs.Bool("save", false, "-eval-mae: also write the error to results/<cpu-slug>/<date>-eval-mae-<name>.txt (flipbench report shows it)")
			info := fs.Bool("info", false, "print the note of -eval (how the weights were made) and exit")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, "train: unexpected arguments " + strings.Join(args, " ")}
				}
				tty := false
				if st, err := os.Stderr.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
					tty = true
				}
				if *info {
					return printEvalNote(*evalSpec)
				}
				sel, err := selection("")
				if err != nil {
					return err
				}
				if *mae {
					maeOut := ""
					fs.Visit(func(f *flag.Flag) {
						if f.Name == "o" {
							maeOut = *out
						}
					})
					if maeOut != "" && *save {
						return &exitError{2, "train: give -o or -save, not both"}
					}
					if *maeDepth < 0 || *maeDepth > 0 && (maeOut != "" || *save) {
						return &exitError{2, fmt.Sprintf("train: -mae-depth %d: want 0, or more without -o and -save (a search's error is printed only)", *maeDepth)}
					}
					set, err := loadEvalSet(*evalSpec)
					if err != nil {
						return err
					}
					if set == nil && *maeDepth > 0 {
						return &exitError{2, "train: -mae-depth needs weights: -eval none has no evaluation to search"}
					}
					mc := train.MAEConfig{
						Seed: *maeSeed, N: *maeN, MinEmpties: *maeMin, MaxEmpties: *maeMax, Depth: *maeDepth,
						Workers: *workers, Log: os.Stderr, TTY: tty, Exact: exactSolver(sel),
					}
					if maeOut == "" && !*save {
						return train.MAE(stdout, set, mc)
					}
					return maeResults(*evalSpec, set, mc, maeOut)
				}
				cfg := train.Config{
					Seed: *seed, Games: *games, ExactMax: *exact, Group: *group, Depth: *depth,
					MaxSamples: *maxSamples, Lambda: *lambda, Iters: *iters, Pool: *pool,
					Workers: *workers, Dir: *dir, Log: os.Stderr, TTY: tty,
					Exact: exactSolver(sel),
				}
				if *play == "" && *playDepth != 1 {
					return &exitError{2, "-play-depth needs -play (the weights the search plays with)"}
				}
				if *play != "" {
					p, err := loadWeightsFlag("-play", *play)
					if err != nil {
						return err
					}
					if p == nil {
						return &exitError{2, "-play none: leave -play out for the fewest-replies heuristic"}
					}
					cfg.Play = p
					cfg.PlayDepth = *playDepth
				}
				start := time.Now()
				set, err := train.Run(cfg)
				if err != nil {
					return err
				}
				if err := set.Save(*out); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "wrote %s in %s\n", *out, time.Since(start).Round(time.Second))
				if *edaxOut != "" {
					if err := set.SaveEdax(*edaxOut); err != nil {
						return err
					}
					fmt.Fprintf(stdout, "wrote %s\n", *edaxOut)
				}
				return nil
			}
		},
	})
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
	cfg = append(cfg, [2]string{"mae-seed", fmt.Sprintf("%#x", mc.Seed)}, [2]string{"mae-n", fmt.Sprint(mc.N)},
		[2]string{"mae-empties", fmt.Sprintf("%d-%d", mc.MinEmpties, mc.MaxEmpties)})
	fc := fileConfig(cfg)
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
