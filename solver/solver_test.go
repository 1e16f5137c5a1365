package solver

import (
	"bytes"
	"os"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

func newSearch(k Kernels) *search {
	s := &search{k: k, p: defaultParams}
	return s
}

// The solver's own leaf searches like the solve_n kernels: same score,
// same node count, on every alpha.
func TestLeafMatchesKernels(t *testing.T) {
	s := newSearch(Bind(testSelection(t, "solve_4=solver")))
	for e := 2; e <= 4; e++ {
		for i, b := range harness.RandomEndgames(7, 300, e) {
			list := variants.PresortList(b.Empties())
			parity := kernels.Parity(b.Empties())
			for alpha := -65; alpha <= 64; alpha += 3 {
				var want int
				var wn uint64
				switch e {
				case 2:
					want, wn = kernels.Solve2(b, alpha)
				case 3:
					want, wn = kernels.Solve3(b, alpha)
				case 4:
					want, wn = kernels.Solve4(b, alpha)
				}
				s.nodes = 0
				var got int
				switch e {
				case 2:
					got = s.solve2(b.P, b.O, alpha, int(list&0xff), int(list>>8&0xff))
				case 3:
					got = s.solve3(b.P, b.O, alpha, list, parity)
				case 4:
					got = s.solve4(b.P, b.O, alpha, list, parity)
				}
				if got != want || s.nodes != wn {
					t.Fatalf("solve_%d #%d %s alpha %d: got %d (%d nodes), want %d (%d nodes)",
						e, i, kernels.BoardString(b), alpha, got, s.nodes, want, wn)
				}
			}
		}
	}
}

// Exact scores on random positions against the tests' oracle.
func TestExactScores(t *testing.T) {
	sv, err := New(Options{}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12} {
		n := 40
		if e >= 10 {
			n = 10
		}
		for i, b := range harness.RandomEndgames(11, n, e) {
			solveExact(t, sv, b, e, i)
		}
	}
}

// solveExact solves b (#i of the positions at e empties) and checks its
// score against the oracle's and its best move.
func solveExact(t *testing.T, sv *Solver, b kernels.Board, e, i int) Result {
	t.Helper()
	r, err := sv.Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := exactScore(b); r.Score != want {
		t.Fatalf("%d empties #%d %s: score %d, want %d", e, i, kernels.BoardString(b), r.Score, want)
	}
	checkBest(t, b, r)
	return r
}

// checkBest checks that the best move reaches the score.
func checkBest(t *testing.T, b kernels.Board, r Result) {
	t.Helper()
	switch r.Best {
	case kernels.NoMove:
		if kernels.Moves(b.P, b.O) != 0 || kernels.Moves(b.O, b.P) != 0 {
			t.Fatalf("%s: no best move in a game that is not over", kernels.BoardString(b))
		}
	case kernels.Pass:
		if kernels.Moves(b.P, b.O) != 0 {
			t.Fatalf("%s: pass with moves", kernels.BoardString(b))
		}
	default:
		f := kernels.Flip(b.P, b.O, r.Best)
		if f == 0 {
			t.Fatalf("%s: best move %s illegal", kernels.BoardString(b), kernels.SquareName(r.Best))
		}
		if b.NumEmpties() <= 14 {
			if v := -exactScore(b.Play(r.Best, f)); v != r.Score {
				t.Fatalf("%s: best move %s scores %d, not %d", kernels.BoardString(b), kernels.SquareName(r.Best), v, r.Score)
			}
		}
	}
}

func TestFFOCopy(t *testing.T) {
	want, err := os.ReadFile("../testdata/ffo.tsv")
	if err != nil {
		t.Skip(err)
	}
	if !bytes.Equal(want, []byte(ffoTSV)) {
		t.Fatal("solver/ffo.tsv differs from testdata/ffo.tsv: copy it again")
	}
}

func TestFFOSmall(t *testing.T) {
	set, err := Set("ffo1-12")
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(Options{}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set {
		r, err := sv.Solve(p.Board)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("ffo%s: %+d %s nodes %d %v pv %v", p.ID, r.Score, kernels.SquareName(r.Best), r.Nodes, r.Time, r.PV)
		if r.Score != p.Score || !p.Known(r.Best) {
			t.Errorf("ffo%s: %+d %s, want %+d %v", p.ID, r.Score, kernels.SquareName(r.Best), p.Score, p.BestMoves)
		}
	}
}

// The search allocates nothing per node: a solve allocates the same few
// objects (root moves, PV) whatever its size.
func TestSolveAllocations(t *testing.T) {
	set, err := Set("ffo1-2")
	if err != nil {
		t.Fatal(err)
	}
	// the references: a variant's own allocations are not the search's
	refs := References()
	sv, err := NewWith(Options{HashBits: 16, Weights: randomWeights()}, refs)
	if err != nil {
		t.Fatal(err)
	}
	saved := defaultParams
	defaultParams.sortMin = 10
	defer func() { defaultParams = saved }()
	sv.Solve(set[0].Board)
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		r, _ := sv.Solve(set[0].Board)
		nodes = r.Nodes
	})
	if allocs > 8 {
		t.Errorf("%.0f allocations in a solve of %d nodes", allocs, nodes)
	}
}
