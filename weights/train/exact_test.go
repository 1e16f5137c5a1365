package train

import (
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
)

// minimax is the obviously correct exact search: every move, no pruning.
func minimax(b kernels.Board, passed bool) int {
	n := b.NumEmpties()
	best := -100
	for x := 0; x < 64; x++ {
		if b.Empties()&kernels.Bit(x) == 0 {
			continue
		}
		if f := kernels.Flip(b.P, b.O, x); f != 0 {
			best = max(best, -minimax(b.Play(x, f), false))
		}
	}
	if best > -100 {
		return best
	}
	if passed {
		return finalScore(b.P, b.O, n)
	}
	return -minimax(b.Swap(), true)
}

// The labeller gives the exact scores.
func TestSolverSmall(t *testing.T) {
	s := NewSolver(defaultSelection())
	for e := 0; e <= 9; e++ {
		for i, b := range harness.RandomEndgames(uint64(e), 40, e) {
			if got, want := s.Solve(b), minimax(b, false); got != want {
				t.Fatalf("%d empties #%d %s: %d, want %d", e, i, kernels.BoardString(b), got, want)
			}
		}
	}
}

func TestFeatures(t *testing.T) {
	for _, b := range harness.RandomGames(3, 500) {
		ref := kernels.EvalFeatures(b)
		if features(b) != [46]uint16(ref[:46]) {
			t.Fatalf("features of %s", kernels.BoardString(b))
		}
	}
}
