package solver

import (
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/weights"
)

// Result.Passes holds every root search of a solve, in order: the
// pre-pass's levels as their margins widen, a level searched again
// only after its window failed, the exact level last with the result's
// score inside its window; the same on a second solve, and for the side
// to move when the root passes.
func TestPasses(t *testing.T) {
	w, err := weights.Default()
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(Options{HashBits: 18, Weights: w}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	set, err := Set("ffo21-26")
	if err != nil {
		t.Fatal(err)
	}
	boards := []kernels.Board{}
	for _, p := range set {
		boards = append(boards, p.Board)
	}
	passing := passingRoots(3)
	if len(passing) < 3 {
		t.Fatalf("%d passing roots from random games", len(passing))
	}
	boards = append(boards, passing...)
	researched := 0
	for _, b := range boards {
		r, err := sv.Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		researched += checkPasses(t, b, r)
		again, err := sv.Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(again.Passes) != len(r.Passes) {
			t.Fatalf("%s: %d root searches, then %d", kernels.BoardString(b), len(r.Passes), len(again.Passes))
		}
		for i, p := range again.Passes {
			q := r.Passes[i]
			p.Time, q.Time = 0, 0
			if p != q {
				t.Fatalf("%s: root search %d: %+v, then %+v", kernels.BoardString(b), i, q, p)
			}
		}
	}
	if researched == 0 {
		t.Error("no window failed on these positions: the rule on searches again was not checked")
	}
}

// passingRoots returns n positions of 12 to 16 empties from random
// games where the side to move must pass and the other can move.
func passingRoots(n int) []kernels.Board {
	var out []kernels.Board
	for _, b := range harness.RandomGames(5, 300000) {
		if e := b.NumEmpties(); e >= 12 && e <= 16 && kernels.Moves(b.P, b.O) == 0 && kernels.Moves(b.O, b.P) != 0 {
			if out = append(out, b); len(out) == n {
				break
			}
		}
	}
	return out
}

// checkPasses checks r.Passes of a solve of b and returns how many of
// its windows failed.
func checkPasses(t *testing.T, b kernels.Board, r Result) (failed int) {
	t.Helper()
	name := kernels.BoardString(b)
	ps := r.Passes
	if len(ps) == 0 {
		t.Fatalf("%s: no root search recorded", name)
	}
	var nodes uint64
	for i, p := range ps {
		nodes += p.Nodes
		if p.Level < 0 || p.Level >= len(probcutT) || p.Sigma != float64(probcutT[p.Level])/16 {
			t.Fatalf("%s: root search %d: level %d, margin %v sd", name, i, p.Level, p.Sigma)
		}
		if p.Alpha >= p.Beta {
			t.Fatalf("%s: root search %d: window (%d,%d)", name, i, p.Alpha, p.Beta)
		}
		if i == 0 {
			continue
		}
		switch prev := ps[i-1]; {
		case p.Level > prev.Level:
			t.Fatalf("%s: root search %d at level %d after level %d", name, i, p.Level, prev.Level)
		case p.Level == prev.Level:
			if prev.Alpha < prev.Score && prev.Score < prev.Beta {
				t.Fatalf("%s: root search %d searched again at level %d after %d inside (%d,%d)", name, i, p.Level, prev.Score, prev.Alpha, prev.Beta)
			}
			failed++
		}
	}
	last := ps[len(ps)-1]
	if last.Level != 0 || last.Score != r.Score || !(last.Alpha < last.Score && last.Score < last.Beta) {
		t.Fatalf("%s: score %d, last root search %+v", name, r.Score, last)
	}
	if r.Best != kernels.Pass && last.Best != r.Best {
		t.Fatalf("%s: best %s, last root search's %s", name, kernels.SquareName(r.Best), kernels.SquareName(last.Best))
	}
	if nodes == 0 || nodes > r.Nodes {
		t.Fatalf("%s: root searches of %d nodes in a solve of %d", name, nodes, r.Nodes)
	}
	return failed
}
