package main

import (
	"flag"
	"fmt"
	"math/bits"
	"strings"

	"github.com/flipbench/flipbench/kernels"
)

func init() {
	register(&command{
		name:    "show",
		summary: "draw a position and every kernel's reference output on it (to read a counterexample)",
		usage:   "'BOARD SIDE' | '0xP 0xO'",
		rawArgs: true,
		setup: func(fs *flag.FlagSet) func([]string) error {
			return func(args []string) error {
				if len(args) == 0 {
					return &exitError{2, "show: want a position: 64 squares (X, O, -) and the side to move, quoted"}
				}
				p, err := kernels.ParsePosition(strings.Join(args, " "))
				if err != nil {
					return &exitError{2, "show: " + err.Error()}
				}
				show(p)
				return nil
			}
		},
	})
}

// grid draws a board with marks: X black, O white, and mark[x] on empties.
func grid(p kernels.Position, mark func(x int) byte) string {
	black, white := p.P, p.O
	if p.Side == kernels.White {
		black, white = white, black
	}
	var sb strings.Builder
	sb.WriteString("    a b c d e f g h\n")
	for r := 0; r < 8; r++ {
		fmt.Fprintf(&sb, "  %d", r+1)
		for f := 0; f < 8; f++ {
			x := r*8 + f
			c := byte('-')
			switch {
			case black&kernels.Bit(x) != 0:
				c = 'X'
			case white&kernels.Bit(x) != 0:
				c = 'O'
			case mark != nil:
				c = mark(x)
			}
			sb.WriteByte(' ')
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func squares(m uint64) string {
	var s []string
	for ; m != 0; m &= m - 1 {
		s = append(s, kernels.SquareName(bits.TrailingZeros64(m)))
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " ")
}

func show(p kernels.Position) {
	b := p.Board
	moves := kernels.Moves(b.P, b.O)
	fmt.Fprintf(stdout, "%s\n", p)
	fmt.Fprint(stdout, grid(p, func(x int) byte {
		if moves&kernels.Bit(x) != 0 {
			return '.'
		}
		return '-'
	}))
	n := b.NumEmpties()
	fmt.Fprintf(stdout, "%s to move; discs X %d O %d; %d empties; parity %04b\n", p.Side,
		bits.OnesCount64(map[bool]uint64{true: b.P, false: b.O}[p.Side == kernels.Black]),
		bits.OnesCount64(map[bool]uint64{true: b.O, false: b.P}[p.Side == kernels.Black]), n, kernels.Parity(b.Empties()))
	fmt.Fprintf(stdout, "P=%#016x O=%#016x\n", b.P, b.O)
	fmt.Fprintf(stdout, "moves (%d): %s\n", bits.OnesCount64(moves), squares(moves))
	for m := moves; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		f := kernels.Flip(b.P, b.O, x)
		fmt.Fprintf(stdout, "  %s flips %2d: %-40s move_evaluate %d\n", kernels.SquareName(x), bits.OnesCount64(f), squares(f),
			kernels.MoveEvaluate(b, x, f, kernels.Parity(b.Empties()), n, kernels.NoMove, kernels.NoMove))
	}
	if moves == 0 {
		if kernels.Moves(b.O, b.P) == 0 {
			fmt.Fprintf(stdout, "game over: score %+d\n", kernels.BoardSolve(b.P, n))
		} else {
			fmt.Fprintln(stdout, "side to move must pass")
		}
	}
	if n == 1 {
		x := bits.TrailingZeros64(b.Empties())
		fmt.Fprintf(stdout, "count_last_flip(%s) = %d; score_1 = %+d\n", kernels.SquareName(x),
			kernels.CountLastFlip(b.P, x), kernels.Score1(b.P, kernels.ScoreMin-1, x))
	}
	if n >= 2 && n <= 4 {
		s, nodes := map[int]func(kernels.Board, int) (int, uint64){2: kernels.Solve2, 3: kernels.Solve3, 4: kernels.Solve4}[n](b, kernels.ScoreMin-1)
		fmt.Fprintf(stdout, "solve_%d at alpha=-65: %+d (%d nodes); leaf order %v\n", n, s, nodes, names(kernels.LeafOrder(b.Empties())))
	}
	fmt.Fprintf(stdout, "stable_edge (P): %s\n", squares(kernels.StableEdge(b.P, b.O)))
	fmt.Fprintf(stdout, "stability   (P): %s\n", squares(kernels.Stability(b.P, b.O)))
	fmt.Fprintf(stdout, "stability   (O): %s\n", squares(kernels.Stability(b.O, b.P)))
	fmt.Fprintf(stdout, "potential moves: %s\n", squares(kernels.PotentialMoves(b.P, b.O)))
	fmt.Fprintf(stdout, "hash_code: %#016x\n", kernels.HashCode(b.P, b.O))
	f := kernels.EvalFeatures(b)
	fmt.Fprintf(stdout, "eval_features (digit 0 = side to move):\n")
	for i := 0; i < kernels.NumFeatures; i++ {
		fmt.Fprintf(stdout, " %5d", f[i])
		if i%12 == 11 {
			fmt.Fprintln(stdout)
		}
	}
	fmt.Fprintln(stdout)
}

func names(xs []int) []string {
	var s []string
	for _, x := range xs {
		s = append(s, kernels.SquareName(x))
	}
	return s
}
