package solver

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
)

// The selective pre-pass changes the node count, never the score: its
// bounds are wrong on purpose, and the exact search must not take them.
// Random weights and a zero margin (cut whenever the shallow search is on
// the other side of the window) make them as wrong as they get.
func TestPrePassExact(t *testing.T) {
	def, err := weights.Default()
	if err != nil {
		t.Fatal(err)
	}
	rnd, err := weights.Random(7).EvalWeights()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		w    *variants.EvalWeights
		t    [len(probcutT)]int
	}{
		{"default", def, probcutT},
		{"default-t0", def, [len(probcutT)]int{}},
		{"random", rnd, probcutT},
		{"random-t0", rnd, [len(probcutT)]int{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && c.name != "default" {
				// the qemu runs of .ci/run: the search does not depend on
				// the CPU, the selected variants are checked by the default
				t.Skip("-short: the default weights and thresholds only")
			}
			saved, savedT := defaultParams, probcutT
			defer func() { defaultParams, probcutT = saved, savedT }()
			probcutT = c.t
			sv, err := New(Options{Weights: c.w}, testSelection(t, ""))
			if err != nil {
				t.Fatal(err)
			}
			differ := 0
			for _, e := range []int{12, 13, 14} {
				for i, b := range harness.RandomEndgames(uint64(100+e), 8, e) {
					defaultParams = saved
					r := solveExact(t, sv, b, e, i)
					defaultParams.pcLevels = 0
					r0, err := sv.Solve(b)
					if err != nil {
						t.Fatal(err)
					}
					if r0.Nodes != r.Nodes {
						differ++
					}
				}
			}
			// the pre-pass ran: without it the counts are not the same
			if differ == 0 {
				t.Fatal("the node counts with and without the pre-pass are all equal")
			}
		})
	}
}

// A selective search's bounds never bound a less selective search, and
// never replace an exact entry's bounds; its best move is kept.
func TestStoreSelectivity(t *testing.T) {
	sv, err := New(Options{HashBits: 8}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	if err := sv.alloc(8); err != nil {
		t.Fatal(err)
	}
	s := &search{p: defaultParams, entries: sv.tt.Entries, mask: sv.tt.Mask, date: sv.tt.Date}
	const code, P, O = 5, 0x10, 0x20
	n := s.p.pcMin
	// exact: score 4 at (3, 5)
	s.store(code, P, O, n, 1, 3, 5, 4, 10, false)
	// selective: fails high at 20 with move 11; must not touch the bounds
	s.sel = 1
	s.store(code, P, O, n, 1, 19, 20, 20, 11, false)
	e := s.probe(code, P, O)
	if e == nil || e.Sel != 0 || e.Lower != 4 || e.Upper != 4 || e.Move[0] != 11 || e.Move[1] != 10 {
		t.Fatalf("after a selective store on an exact entry: %+v", e)
	}
	// a new position stored selectively carries its level
	s.store(code, P+1, O, n, 1, 0, 1, 6, 12, false)
	if e := s.probe(code, P+1, O); e == nil || e.Sel != 1 || e.Lower != 6 {
		t.Fatalf("selective entry: %+v", e)
	}
	// below pcMin a selective search is exact (no cut under it)
	s.store(code, P+2, O, n-1, 1, 0, 1, 6, 12, false)
	if e := s.probe(code, P+2, O); e == nil || e.Sel != 0 {
		t.Fatalf("entry below pcMin: %+v", e)
	}
	// the exact search replaces the selective bounds
	s.sel = 0
	s.store(code, P+1, O, n, 1, -3, -2, -3, 13, false)
	if e := s.probe(code, P+1, O); e == nil || e.Sel != 0 || e.Lower != -kernels.ScoreInf || e.Upper != -3 {
		t.Fatalf("exact store on a selective entry: %+v", e)
	}
}

// A selective search stores a bound as exact only where no selective
// decision was taken below it: every exact bound it leaves, in the main
// table and in the local one, holds the true score; it must leave exact
// bounds (the propagation works) and selective ones (it did cut). It
// searches at the most selective level, one standard deviation, where a
// sixth of the cuts are wrong.
func TestSelectivePassExactBounds(t *testing.T) {
	def, err := weights.Default()
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(Options{Weights: def, HashBits: 18}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	var exact, selective int
	check := func(P, O uint64, lower, upper int, where string) {
		b := kernels.Board{P: P, O: O}
		if v := exactScore(b); v < lower || v > upper {
			t.Fatalf("%s: exact bound [%d, %d] stored by a selective search, score %d: %s", where, lower, upper, v, kernels.BoardString(b))
		}
		exact++
	}
	n := 14
	if testing.Short() {
		n = 13
	}
	for i, b := range harness.RandomEndgames(77, 16, n) {
		if _, err := sv.Solve(b); err != nil { // sets the search up
			t.Fatal(err)
		}
		s := sv.s
		s.date++ // a new generation: the exact search's entries read as empty
		clear(s.local[:])
		s.sel = uint8(len(probcutT) - 1)
		s.setFeatures(b.P, b.O, n, 0)
		for alpha := -15; alpha <= 15; alpha += 6 {
			s.nws(b.P, b.O, alpha, n, kernels.Parity(b.Empties()), 0)
		}
		for _, e := range s.entries {
			switch {
			case e.Date != s.date:
			case e.Sel != 0:
				selective++
			case int(e.Depth) >= s.p.pcMin:
				check(e.P, e.O, int(e.Lower), int(e.Upper), fmt.Sprintf("position %d, table", i))
			}
		}
		for _, e := range s.local {
			if e.Sel == 0 && e.P|e.O != 0 && bits.OnesCount64(^(e.P|e.O)) >= s.p.pcMin {
				check(e.P, e.O, int(e.Lower), int(e.Upper), fmt.Sprintf("position %d, local table", i))
			}
		}
	}
	if exact == 0 || selective == 0 {
		t.Fatalf("the selective searches stored %d exact and %d selective bounds at %d empties or more: want both", exact, selective, defaultParams.pcMin)
	}
	t.Logf("%d exact bounds checked, %d selective ones", exact, selective)
}

// probcut decides as its two shallow searches would (the fail-high test,
// then the fail-low test, each on its own), though it skips the second
// when the first one's value already decides: at every window, level and
// ProbCut depth, on positions where the side to move has moves and where
// it must pass.
func TestProbcutSkipsOnlyUndecidingSearches(t *testing.T) {
	w, err := weights.Default()
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(Options{Weights: w, HashBits: 12}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sv.Solve(harness.RandomEndgames(1, 1, 10)[0]); err != nil {
		t.Fatal(err)
	}
	s := sv.s
	twoSearches := func(P, O uint64, alpha, n int) (int, bool) {
		d := pcDepth(n)
		margin := pcSigma(n, d) * probcutT[s.sel] / 16
		if b := (alpha+1)*scale + margin; b <= 64*scale && s.evalSearch(P, O, n, 0, b-1, b, d, false) >= b {
			return alpha + 1, true
		}
		if a := alpha*scale - margin; a >= -64*scale && s.evalSearch(P, O, n, 0, a, a+1, d, false) <= a {
			return alpha, true
		}
		return 0, false
	}
	var boards []kernels.Board
	passes := 0
	for _, e := range []int{10, 12, 17, 18, 24} {
		for i, b := range harness.RandomEndgames(uint64(300+e), 400, e) {
			if pass := s.moves(b.P, b.O) == 0 && s.moves(b.O, b.P) != 0; pass || i < 40 {
				if pass {
					passes++
				}
				boards = append(boards, b)
			}
		}
	}
	if passes == 0 {
		t.Fatal("no position where the side to move must pass")
	}
	cuts, calls := 0, 0
	for _, b := range boards {
		n := b.NumEmpties()
		s.setFeatures(b.P, b.O, n, 0)
		for sel := 1; sel < len(probcutT); sel++ {
			s.sel = uint8(sel)
			for alpha := -64; alpha < 64; alpha += 3 {
				want, wantCut := twoSearches(b.P, b.O, alpha, n)
				got, gotCut := s.probcut(b.P, b.O, alpha, n, 0)
				calls++
				if gotCut {
					cuts++
				}
				if got != want || gotCut != wantCut {
					t.Fatalf("%v (%d empties) sel %d alpha %d: probcut %d %v, its two searches %d %v", b, n, sel, alpha, got, gotCut, want, wantCut)
				}
			}
		}
	}
	s.sel = 0
	if cuts == 0 || cuts == calls {
		t.Fatalf("%d cuts in %d calls: the test decides nothing", cuts, calls)
	}
}
