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
		usage:   "-n N -empties LO-HI [-seed S] [-play W] [-player self|greedy|squares|random[,...] [-opening K]] [-min-nodes N [-max-games G]] -o FILE.obf",
		setup: func(fs *flag.FlagSet) func([]string) error {
			var o positionsOpts
			fs.IntVar(&o.n, "n", 30, "positions (one per game)")
			empties := fs.String("empties", "20-24", "empty squares of the positions, LO-HI (at most 30: each is solved exactly)")
			fs.Uint64Var(&o.seed, "seed", 1, "seed of the games")
			play := fs.String("play", "default", "weights the self-play games are played with (default, random[:SEED], a file)")
			fs.StringVar(&o.out, "o", "", "the OBF file to write: every best move with the exact score")
			player := fs.String("player", "self", "who plays the games: self (the weights of -play, as the weights were trained), greedy (the most discs flipped), squares (a static table of square values), random; a comma-separated list shares the positions out among them in turn")
			fs.IntVar(&o.opening, "opening", 8, "with a -player other than self: random plies that open each game")
			fs.Uint64Var(&o.minNodes, "min-nodes", 0, "keep only positions whose solve takes this many nodes or more (large trees), with the table edax-vs.sh gives a set of HI empties")
			fs.IntVar(&o.maxGames, "max-games", 0, "with -min-nodes: games each player may play to find its positions (default 200 per position)")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("positions: unexpected argument %q", args[0])}
				}
				if err := o.parse(*empties, *player); err != nil {
					return err
				}
				if o.hasSelf() {
					set, err := loadWeightsFlag("-play", *play)
					if err != nil {
						return err
					}
					if set == nil {
						return &exitError{2, "positions: -play none: the games need weights to play"}
					}
					o.play, o.playName = set, *play
				}
				return runPositions(&o)
			}
		},
	})
}

// positionsOpts are the positions command's flags, checked.
type positionsOpts struct {
	n, lo, hi, opening, maxGames int
	seed, minNodes               uint64
	players                      []string
	play                         *weights.Set
	playName, out                string
}

// maxGamesLimit bounds -max-games, and its default.
const maxGamesLimit = 1_000_000

func (o *positionsOpts) parse(empties, player string) error {
	if _, err := fmt.Sscanf(empties, "%d-%d", &o.lo, &o.hi); err != nil || o.lo < 1 || o.hi > 30 || o.lo > o.hi {
		return &exitError{2, fmt.Sprintf("positions: -empties %q: want LO-HI with 1 <= LO <= HI <= 30", empties)}
	}
	if o.n < 1 || o.n > 10000 {
		return &exitError{2, fmt.Sprintf("positions: -n %d: want 1..10000", o.n)}
	}
	if o.out == "" {
		return &exitError{2, "positions: -o FILE.obf is required"}
	}
	seen := map[string]bool{}
	for _, p := range strings.Split(player, ",") {
		if _, ok := train.Players[p]; !ok && p != "self" {
			return &exitError{2, fmt.Sprintf("positions: -player %q: want self, greedy, squares or random, or a comma-separated list of them", p)}
		}
		if seen[p] {
			return &exitError{2, fmt.Sprintf("positions: -player %q: %s is listed twice", player, p)}
		}
		seen[p] = true
		o.players = append(o.players, p)
	}
	if len(o.players) > o.n {
		return &exitError{2, fmt.Sprintf("positions: -player %q: %d players for -n %d positions", player, len(o.players), o.n)}
	}
	if o.opening < 0 || o.opening > 60 {
		return &exitError{2, fmt.Sprintf("positions: -opening %d: want 0..60", o.opening)}
	}
	if o.maxGames == 0 {
		o.maxGames = min(200*o.n, maxGamesLimit)
	}
	if o.maxGames < 1 || o.maxGames > maxGamesLimit {
		return &exitError{2, fmt.Sprintf("positions: -max-games %d: want 1..%d", o.maxGames, maxGamesLimit)}
	}
	return nil
}

func (o *positionsOpts) hasSelf() bool {
	for _, p := range o.players {
		if p == "self" {
			return true
		}
	}
	return false
}

// quota is how many of the n positions player i gives: n shared out in
// turn, the first players taking the remainder.
func (o *positionsOpts) quota(i int) int {
	q := o.n / len(o.players)
	if i < o.n%len(o.players) {
		q++
	}
	return q
}

// games returns player's candidate positions, one per game, in the order
// the games are played: the first k of a longer list are the k of a
// shorter one, so a set grows without changing its first positions.
func (o *positionsOpts) games(player string, k int) ([]kernels.Board, string, error) {
	if player == "self" {
		ps, err := train.SelfPlay(o.seed, k, o.lo, o.hi, o.play)
		return ps, fmt.Sprintf("-play %s: self-play games", o.playName), err
	}
	ps, err := train.OtherGames(o.seed, k, o.lo, o.hi, player, o.opening)
	return ps, fmt.Sprintf("-opening %d: games of %d random plies then %s, both sides", o.opening, o.opening, train.Players[player]), err
}

func runPositions(o *positionsOpts) error {
	sv, err := positionsSolver(solver.AutoHashBits(o.hi))
	if err != nil {
		return err
	}
	start := time.Now()
	var lines, how []string
	for i, p := range o.players {
		got, desc, err := o.fromPlayer(sv, p, o.quota(i), len(lines))
		if err != nil {
			return err
		}
		lines = append(lines, got...)
		how = append(how, fmt.Sprintf("%d of %s (%s)", len(got), p, desc))
	}
	header := fmt.Sprintf("-n %d -empties %d-%d -seed %d -player %s: one position per game; %s",
		o.n, o.lo, o.hi, o.seed, strings.Join(o.players, ","), strings.Join(how, "; "))
	if o.minNodes > 0 {
		header += fmt.Sprintf("; each position's solve takes %d nodes or more with a table of 2^%d entries (-min-nodes %d)",
			o.minNodes, sv.HashBits(), o.minNodes)
	}
	return writeOBF(o.out, header, lines, time.Since(start))
}

// fromPlayer solves want positions of player's games (after done
// positions of the other players) into OBF lines: the first want games',
// or with -min-nodes the first want whose solve takes that many nodes.
func (o *positionsOpts) fromPlayer(sv *solver.Solver, player string, want, done int) ([]string, string, error) {
	games := want
	if o.minNodes > 0 {
		games = o.maxGames
	}
	ps, desc, err := o.games(player, games)
	if err != nil {
		return nil, "", &exitError{2, "positions: " + err.Error()}
	}
	var lines []string
	for tried, b := range ps {
		if len(lines) == want {
			break
		}
		if o.minNodes > 0 {
			r, err := sv.Solve(b)
			if err != nil {
				return nil, "", err
			}
			if r.Nodes < o.minNodes {
				continue
			}
			fmt.Fprintf(stdout, "%s game %d: %d nodes\n", player, tried+1, r.Nodes)
		}
		line, err := solvedLine(sv, b)
		if err != nil {
			return nil, "", fmt.Errorf("position %s: %v", kernels.BoardString(b), err)
		}
		lines = append(lines, line)
		fmt.Fprintf(stdout, "%3d/%d %s\n", done+len(lines), o.n, line)
	}
	if len(lines) < want {
		return nil, "", &exitError{1, fmt.Sprintf("positions: %s: %d of %d games have a position of %d-%d empties whose solve takes %d nodes or more, %d wanted: raise -max-games or lower -min-nodes",
			player, len(lines), len(ps), o.lo, o.hi, o.minNodes, want)}
	}
	return lines, desc, nil
}

// positionsSolver is the solver of the default variants and weights with
// a table of 2^bits entries.
func positionsSolver(bits int) (*solver.Solver, error) {
	sel, err := selection("")
	if err != nil {
		return nil, err
	}
	w, err := loadEval("default")
	if err != nil {
		return nil, err
	}
	return solver.New(solver.Options{HashBits: bits, Weights: w}, sel)
}

// writeOBF writes the OBF file, its header saying how the positions were
// made.
func writeOBF(path, how string, lines []string, took time.Duration) error {
	err := atomicfile.WriteWith(path, func(w io.Writer) error {
		fmt.Fprintf(w, "%% flipbench positions %s\n", how)
		fmt.Fprintf(w, "%% every best move with the exact score (solved in %v)\n", took.Round(time.Second))
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
