package solver

import (
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// localSearch is a search on the kernels of the test selection with a
// small main table, outside a solve.
func localSearch(t *testing.T) *search {
	t.Helper()
	sv, err := New(Options{HashBits: 12}, testSelection(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	if err := sv.alloc(12); err != nil {
		t.Fatal(err)
	}
	return &search{k: sv.k, p: defaultParams, tt: sv.tt, entries: sv.tt.Entries, mask: sv.tt.Mask, date: sv.tt.Date, stop: &sv.stop}
}

// The searches on the local table, at every null window with the table
// kept from one window to the next, return fail-soft bounds of the exact
// score; and a search repeated at once is answered by the table.
func TestLocalWindows(t *testing.T) {
	s := localSearch(t)
	if s.p.localMax < s.p.hashMin {
		t.Fatalf("no local table: localMax %d, hashMin %d", s.p.localMax, s.p.hashMin)
	}
	for e := s.p.hashMin; e <= s.p.localMax+1; e++ {
		n := 12
		if testing.Short() {
			n = 4
		}
		for i, b := range harness.RandomEndgames(uint64(40+e), n, e) {
			want := exactScore(b)
			parity := kernels.Parity(b.Empties())
			for alpha := -65; alpha <= 64; alpha++ {
				v := s.nws(b.P, b.O, alpha, e, parity, 0)
				if v > alpha && (want <= alpha || want < v) || v <= alpha && (want > alpha || want > v) {
					t.Fatalf("%d empties #%d %s at (%d, %d): %d, exact score %d", e, i, kernels.BoardString(b), alpha, alpha+1, v, want)
				}
			}
			if e > s.p.localMax || kernels.Moves(b.P, b.O) == 0 {
				continue
			}
			// the root's own entry answers the same window again
			s.nws(b.P, b.O, want-1, e, parity, 0)
			s.nodes = 0
			if v := s.nws(b.P, b.O, want-1, e, parity, 0); v != want || s.nodes != 1 {
				t.Fatalf("%d empties #%d %s: searched again, %d in %d nodes, want %d in 1 node", e, i, kernels.BoardString(b), v, s.nodes, want)
			}
		}
	}
}

// A selective bound in the local table answers a selective search only;
// below pcMin a selective search stores exact bounds.
func TestLocalSelectivity(t *testing.T) {
	s := localSearch(t)
	n := s.p.pcMin
	if n > s.p.localMax || n-1 < s.p.hashMin {
		t.Skipf("pcMin %d: not inside the local table's range %d..%d", n, s.p.hashMin, s.p.localMax)
	}
	b := harness.RandomEndgames(3, 1, n)[0]
	want := exactScore(b)
	parity := kernels.Parity(b.Empties())
	e := &s.local[s.hashCode(b.P, b.O)&(1<<variants.LocalBits-1)]
	bogus := variants.LocalEntry{P: b.P, O: b.O, Lower: 64, Upper: 64, Move: kernels.NoMove, Sel: 1}
	*e = bogus
	s.sel = 1
	if v := s.nws(b.P, b.O, want+1, n, parity, 0); v != 64 {
		t.Fatalf("selective search: %d, want the selective entry's 64", v)
	}
	*e = bogus
	s.sel = 0
	if v := s.nws(b.P, b.O, want+1, n, parity, 0); v > want+1 || v < want {
		t.Fatalf("exact search took a selective bound: %d at (%d, %d), exact %d", v, want+1, want+2, want)
	}
	c := harness.RandomEndgames(4, 1, n-1)[0]
	s.sel = 1
	s.nws(c.P, c.O, 0, n-1, kernels.Parity(c.Empties()), 0)
	if e := &s.local[s.hashCode(c.P, c.O)&(1<<variants.LocalBits-1)]; e.P != c.P || e.O != c.O || e.Sel != 0 {
		t.Fatalf("search at %d empties (below pcMin) stored %+v, want its position at selectivity 0", n-1, *e)
	}
}
