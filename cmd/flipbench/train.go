package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/solver"
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
			play := fs.String("play", "", "weights the self-play games use (default: a fewest-replies heuristic)")
			workers := fs.Int("workers", 0, "labelling goroutines (default GOMAXPROCS)")
			dir := fs.String("dir", "", "checkpoint directory: labels are saved there and a run with the same flags resumes")
			out := fs.String("o", "weights.fbw", "output weights (flipbench format)")
			edaxOut := fs.String("edax-out", "", "also write the weights as an Edax eval.dat")
			mae := fs.Bool("eval-mae", false, "do not train: print the mean absolute error of -eval against exact scores")
			evalSpec := evalFlag(fs)
			maeN := fs.Int("mae-n", 50, "-eval-mae: positions per empties count")
			maeMin := fs.Int("mae-min", 20, "-eval-mae: fewest empties")
			maeMax := fs.Int("mae-max", 24, "-eval-mae: most empties")
			maeSeed := fs.Uint64("mae-seed", 0x4d4145, "-eval-mae: seed of the held-out games (not a training seed)")
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
					set, err := loadEvalSet(*evalSpec)
					if err != nil {
						return err
					}
					if set == nil {
						return &exitError{2, "-info: -eval none has no note"}
					}
					fmt.Fprintln(stdout, set.Note)
					return nil
				}
				if *mae {
					set, err := loadEvalSet(*evalSpec)
					if err != nil {
						return err
					}
					return train.MAE(stdout, set, train.MAEConfig{
						Seed: *maeSeed, N: *maeN, MinEmpties: *maeMin, MaxEmpties: *maeMax,
						Workers: *workers, Log: os.Stderr, TTY: tty,
					})
				}
				cfg := train.Config{
					Seed: *seed, Games: *games, ExactMax: *exact, Group: *group, Depth: *depth,
					MaxSamples: *maxSamples, Lambda: *lambda, Iters: *iters,
					Workers: *workers, Dir: *dir, Log: os.Stderr, TTY: tty,
					Exact: exactSolver,
				}
				if *play != "" {
					p, err := weights.Load(*play)
					if err != nil {
						return &exitError{2, "-play: " + err.Error()}
					}
					cfg.Play = p
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

// exactSolver gives the trainer the project's solver for exact labels
// (one per labelling goroutine; moves ordered without evaluation, since
// the weights are what is being trained).
func exactSolver() train.Solver {
	sv, err := solver.New(solver.Options{HashBits: 20})
	if err != nil {
		panic(err) // 2^20 entries (24 MiB) always fit
	}
	return labeller{sv}
}

type labeller struct{ sv *solver.Solver }

func (l labeller) Solve(b kernels.Board) int {
	r, err := l.sv.Solve(b)
	if err != nil {
		panic(err) // boards come from legal games: a failure is a bug
	}
	return r.Score
}
