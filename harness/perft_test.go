package harness

import (
	"testing"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Every assembly perft tail this CPU runs counts the last two plies as
// the Go recursion with the reference kernels does: on random positions
// of every phase (passes and finished games included), and as part of a
// whole perft with its moves and flip variants selected.
func TestPerftTails(t *testing.T) {
	tails := variants.PerftTails()
	if len(tails) == 0 {
		t.Skip("no assembly perft tails in this build")
	}
	boards := RandomGames(7, 20000)
	boards = append(boards, kernels.StartBoard, kernels.Board{}, kernels.Board{P: 1}, kernels.Board{P: 1, O: 2})
	boards = append(boards, RandomEndgames(8, 2000, 1)...)
	boards = append(boards, RandomEndgames(9, 2000, 3)...)
	for _, tl := range tails {
		t.Run(tl.Name(), func(t *testing.T) {
			if miss := variants.Host().Missing(tl.Requires); len(miss) > 0 {
				t.Skipf("needs %s", variants.FeatureNames(miss))
			}
			for _, b := range boards {
				want := perft(b, 2, kernels.Moves, kernels.Flip)
				if got := tl.Fn(b.P, b.O); got != want {
					t.Fatalf("%s on %s: %d leaves, want %d", tl.Name(), bs(b), got, want)
				}
			}
			s, err := variants.Default(variants.Host(), nil).With("moves=" + tl.Moves + ",flip=" + tl.Flip)
			if err != nil {
				t.Fatal(err)
			}
			if got := PerftTailName(s); got != tl.Name() {
				t.Fatalf("selection %s/%s uses tail %s", tl.Moves, tl.Flip, got)
			}
			d, want := 9, uint64(3005288)
			if testing.Short() {
				d, want = 7, 55092
			}
			if got := Perft(kernels.StartBoard, d, s); got != want {
				t.Errorf("perft %d = %d, want %d", d, got, want)
			}
		})
	}
}
