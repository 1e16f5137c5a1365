package train

import (
	"bufio"
	"os"
	"strconv"
	"strings"
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

func TestExactSmall(t *testing.T) {
	s := NewExact(12)
	for e := 0; e <= 9; e++ {
		for i, b := range harness.RandomEndgames(uint64(e), 40, e) {
			want := minimax(b, false)
			if got := s.Solve(b); got != want {
				t.Fatalf("%d empties #%d %s: %d, want %d", e, i, kernels.BoardString(b), got, want)
			}
			// Null windows bound the score from the right side.
			for _, a := range []int{want - 1, want} {
				v := s.SolveWindow(b, a, a+1)
				if (v > a) != (want > a) {
					t.Fatalf("window (%d,%d): %d for score %d", a, a+1, v, want)
				}
			}
		}
	}
}

type ffoPos struct {
	id    int
	b     kernels.Board
	score int
}

func readFFO(t testing.TB) []ffoPos {
	f, err := os.Open("../../testdata/ffo.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ffoPos
	sc := bufio.NewScanner(f)
	sc.Scan()
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		p, err := kernels.ParsePosition(c[1] + " " + c[2])
		if err != nil {
			t.Fatal(err)
		}
		id, _ := strconv.Atoi(c[0])
		s, _ := strconv.Atoi(c[3])
		out = append(out, ffoPos{id, p.Board, s})
	}
	return out
}

func TestExactFFO(t *testing.T) {
	s := NewExact(18)
	for _, p := range readFFO(t) {
		if p.b.NumEmpties() > 16 || (testing.Short() && p.b.NumEmpties() > 14) {
			continue
		}
		s.Nodes = 0
		if got := s.Solve(p.b); got != p.score {
			t.Fatalf("ffo #%d: %d, want %d", p.id, got, p.score)
		}
		t.Logf("ffo #%d (%d empties): %d nodes", p.id, p.b.NumEmpties(), s.Nodes)
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
