package main

import (
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

func init() {
	register(&command{
		name:    "perft",
		summary: "leaf count of the game tree from the start position (one thread, no hash)",
		usage:   "[-variants spec] [-board 'BOARD SIDE'] D",
		setup: func(fs *flag.FlagSet) func([]string) error {
			spec := variantsFlag(fs)
			board := fs.String("board", "", "start from this position instead of the initial one")
			return func(args []string) error {
				sel, err := selection(*spec)
				if err != nil {
					return err
				}
				if len(args) != 1 {
					return &exitError{2, "perft: want one depth argument, e.g. flipbench perft 9"}
				}
				d, err := strconv.Atoi(args[0])
				if err != nil || d < 0 || d > 30 {
					return &exitError{2, fmt.Sprintf("perft: depth %q: want an integer 0..30", args[0])}
				}
				b := kernels.StartBoard
				if *board != "" {
					p, err := kernels.ParsePosition(*board)
					if err != nil {
						return &exitError{2, "perft: " + err.Error()}
					}
					if err := p.Valid(); err != nil {
						return &exitError{2, fmt.Sprintf("perft: board %q: %v", *board, err)}
					}
					b = p.Board
				}
				start := time.Now()
				n := harness.Perft(b, d, sel)
				el := time.Since(start)
				fmt.Fprintf(stdout, "perft %d: %d\n", d, n)
				fmt.Fprintf(stdout, "time %v, %.1f M leaves/s (moves=%s, flip=%s, tail=%s)\n", el.Round(time.Millisecond),
					float64(n)/el.Seconds()/1e6, sel.Name(variants.Moves), sel.Name(variants.Flip), harness.PerftTailName(sel))
				return nil
			}
		},
	})
}
