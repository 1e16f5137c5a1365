package main

import (
	"flag"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"time"

	"github.com/flipbench/flipbench/internal/atomicfile"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/weights"
	"github.com/flipbench/flipbench/weights/train"
)

func init() {
	register(&command{
		name:    "positions",
		summary: "sample positions of self-play games (or of another player's) and solve them exactly into an OBF file: sets of your own to tune or measure the solver on",
		usage:   "-n N -empties LO-HI [-seed S] [-play W | -player greedy|squares|random [-opening K]] -o FILE.obf",
		setup: func(fs *flag.FlagSet) func([]string) error {
			n := fs.Int("n", 30, "positions (one per game)")
			empties := fs.String("empties", "20-24", "empty squares of the positions, LO-HI (at most 30: each is solved exactly)")
			seed := fs.Uint64("seed", 1, "seed of the games")
			play := fs.String("play", "default", "weights the games are played with (default, random[:SEED], a file)")
			out := fs.String("o", "", "the OBF file to write: every best move with the exact score")
			player := fs.String("player", "self", "who plays the games: self (the weights of -play, as the weights were trained), greedy (the most discs flipped), squares (a static table of square values), random")
			opening := fs.Int("opening", 8, "with -player other than self: random plies that open each game")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("positions: unexpected argument %q", args[0])}
				}
				var lo, hi int
				if _, err := fmt.Sscanf(*empties, "%d-%d", &lo, &hi); err != nil || lo < 1 || hi > 30 || lo > hi {
					return &exitError{2, fmt.Sprintf("positions: -empties %q: want LO-HI with 1 <= LO <= HI <= 30", *empties)}
				}
				if *n < 1 || *n > 10000 {
					return &exitError{2, fmt.Sprintf("positions: -n %d: want 1..10000", *n)}
				}
				if *out == "" {
					return &exitError{2, "positions: -o FILE.obf is required"}
				}
				if *player != "self" {
					if _, ok := train.Players[*player]; !ok {
						return &exitError{2, fmt.Sprintf("positions: -player %q: want self, greedy, squares or random", *player)}
					}
					if *opening < 0 || *opening > 60 {
						return &exitError{2, fmt.Sprintf("positions: -opening %d: want 0..60", *opening)}
					}
					ps, err := train.OtherGames(*seed, *n, lo, hi, *player, *opening)
					if err != nil {
						return &exitError{2, "positions: " + err.Error()}
					}
					what := fmt.Sprintf("-player %s -opening %d: one position per game of %d random plies then %s, both sides,",
						*player, *opening, *opening, train.Players[*player])
					return solveOBF(ps, fmt.Sprintf("-n %d -empties %d-%d -seed %d %s", *n, lo, hi, *seed, what), *out)
				}
				set, err := loadWeightsFlag("-play", *play)
				if err != nil {
					return err
				}
				if set == nil {
					return &exitError{2, "positions: -play none: the games need weights to play"}
				}
				return runPositions(*n, lo, hi, *seed, set, *play, *out)
			}
		},
	})
}

func runPositions(n, lo, hi int, seed uint64, play *weights.Set, playName, path string) error {
	ps, err := train.SelfPlay(seed, n, lo, hi, play)
	if err != nil {
		return err
	}
	return solveOBF(ps, fmt.Sprintf("-n %d -empties %d-%d -seed %d -play %s: one position per self-play game,", n, lo, hi, seed, playName), path)
}

// solveOBF solves every move of every position and writes the OBF
// file, its header saying how the positions were made.
func solveOBF(ps []kernels.Board, how, path string) error {
	sel, err := selection("")
	if err != nil {
		return err
	}
	w, err := loadEval("default")
	if err != nil {
		return err
	}
	sv, err := solver.New(solver.Options{Weights: w}, sel)
	if err != nil {
		return err
	}
	start := time.Now()
	var lines []string
	for i, b := range ps {
		line, err := solvedLine(sv, b)
		if err != nil {
			return fmt.Errorf("position %d (%s): %v", i+1, kernels.BoardString(b), err)
		}
		lines = append(lines, line)
		fmt.Fprintf(stdout, "%3d/%d %s\n", i+1, len(ps), line)
	}
	err = atomicfile.WriteWith(path, func(w io.Writer) error {
		fmt.Fprintf(w, "%% flipbench positions %s\n", how)
		fmt.Fprintf(w, "%% every best move with the exact score (solved in %v)\n", time.Since(start).Round(time.Second))
		_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d positions written to %s\n", len(lines), path)
	return nil
}

// solvedLine is b's OBF line: the board, the side to move (X) and every
// best move with the exact score, found by solving every move's position.
func solvedLine(sv *solver.Solver, b kernels.Board) (string, error) {
	best, bestMoves := kernels.ScoreMin-1, []int(nil)
	for m := kernels.Moves(b.P, b.O); m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		r, err := sv.Solve(b.Play(x, kernels.Flip(b.P, b.O, x)))
		if err != nil {
			return "", err
		}
		switch s := -r.Score; {
		case s > best:
			best, bestMoves = s, []int{x}
		case s == best:
			bestMoves = append(bestMoves, x)
		}
	}
	var sb strings.Builder
	sb.WriteString(kernels.BoardString(b) + ";")
	for _, x := range bestMoves {
		fmt.Fprintf(&sb, " %s:%+d;", strings.ToUpper(kernels.SquareName(x)), best)
	}
	return sb.String(), nil
}
