package solver

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// bottomResult is the Go search's answer at one window.
type bottomResult struct {
	score int
	nodes uint64
}

// bottomCases returns positions of 5 to maxEmpties empties from random
// games (either side to move, passes and finished games among them),
// boards[e][i], and the Go shallow search's answer on each at every null
// window, want[[2]int{e*1000 + i, alpha}].
func bottomCases(maxEmpties int) (boards [9][]kernels.Board, want map[[2]int]bottomResult) {
	goSearch := newSearch(References())
	for e := 5; e <= maxEmpties; e++ {
		n := 120
		if testing.Short() {
			n = 30
		}
		boards[e] = harness.RandomEndgames(uint64(40+e), n, e)
	}
	want = map[[2]int]bottomResult{}
	for e := 5; e <= maxEmpties; e++ {
		for i, b := range boards[e] {
			for alpha := -65; alpha <= 64; alpha++ {
				goSearch.nodes = 0
				v := goSearch.shallow(b.P, b.O, alpha, variants.PresortList(b.Empties()), kernels.Parity(b.Empties()), e)
				want[[2]int{e*1000 + i, alpha}] = bottomResult{v, goSearch.nodes}
			}
		}
	}
	return boards, want
}

// The assembly bottom searches as the Go shallow search does: the same
// score and the same node count, on positions of 5 and 6 empties, at every
// null window; with each assembly variant of every kernel it calls in
// turn (the others at this CPU's defaults).
func TestBottomMatchesGo(t *testing.T) {
	base := testSelection(t, "")
	boards, want := bottomCases(variants.ShallowMax)
	specs := []string{""}
	for _, k := range []variants.KernelInfo{variants.Flip, variants.Moves, variants.StableEdgeCount, variants.Stability,
		variants.Solve4, variants.Score1, variants.CountLastFlip} {
		for _, v := range k.Infos() {
			if v.Entry() != 0 && v.RunsOn(base.CPU()) {
				specs = append(specs, k.Name()+"="+v.Name)
			}
		}
	}
	leaves := map[variants.BottomLeaf]string{variants.LeafSolve4: "solve_4", variants.LeafScore1: "leaf on score_1",
		variants.LeafCountLastFlip: "leaf on count_last_flip"}
	for _, spec := range specs {
		for mode := variants.LeafSolve4; mode <= variants.LeafCountLastFlip; mode++ {
			t.Run(fmt.Sprintf("with %q, %s", spec, leaves[mode]), func(t *testing.T) {
				sel, err := base.With(spec)
				if err != nil {
					t.Fatal(err)
				}
				b, ok := variants.NewBottom(sel, mode)
				if !ok {
					t.Skip("no assembly bottom for this selection on this CPU")
				}
				bs := []*variants.Bottom{b}
				if b.Inline() {
					bs = append(bs, b.Calls()) // and the calling one
				}
				for _, b := range bs {
					for e := 5; e <= variants.ShallowMax; e++ {
						for i, bd := range boards[e] {
							for alpha := -65; alpha <= 64; alpha++ {
								got, nodes := b.Search(bd.P, bd.O, alpha)
								if w := want[[2]int{e*1000 + i, alpha}]; got != w.score || nodes != w.nodes {
									t.Fatalf("%s alpha %d, inline %v: bottom %d (%d nodes), Go %d (%d nodes)",
										kernels.BoardString(bd), alpha, b.Inline(), got, nodes, w.score, w.nodes)
								}
							}
						}
					}
				}
			})
		}
	}
}

// The assembly bottom's local-table search (7 to 10 empties) searches as
// the solver's nwsLocal does in an exact search: the same score and node
// count at every null window, and the same local table after each
// position (its windows searched in turn on the table they leave, so that
// its cutoffs and moves are tested too); with each assembly variant of
// every kernel it calls from 7 empties up in turn (the others at this
// CPU's defaults).
func TestBottomLocalMatchesGo(t *testing.T) {
	base := testSelection(t, "")
	specs := []string{""}
	for _, k := range []variants.KernelInfo{variants.Flip, variants.Moves, variants.StableEdgeCount, variants.Stability,
		variants.HashCode, variants.MoveEvaluate} {
		for _, v := range k.Infos() {
			if v.Entry() != 0 && v.RunsOn(base.CPU()) && v.Name != base.Name(k) {
				specs = append(specs, k.Name()+"="+v.Name)
			}
		}
	}
	for _, spec := range specs {
		t.Run(fmt.Sprintf("with %q", spec), func(t *testing.T) {
			sel, err := base.With(spec)
			if err != nil {
				t.Fatal(err)
			}
			k := Bind(sel)
			if k.Bottom == nil || !k.Bottom.Local() {
				t.Skip("no assembly local-table search for this selection on this CPU")
			}
			goK, err := k.withBottom(BottomGo)
			if err != nil {
				t.Fatal(err)
			}
			goS := newSearch(goK)
			n := 10
			if spec != "" {
				n = 3 // the other kernels' own cross-checks are exhaustive: a few positions
			}
			if testing.Short() {
				n = 2
			}
			bs := []*variants.Bottom{k.Bottom}
			if k.Bottom.Inline() {
				bs = append(bs, k.Bottom.Calls()) // and the calling one
			}
			for _, b := range bs {
				var asmTable variants.LocalTable
				clear(goS.local[:])
				for e := variants.LocalMin; e <= variants.BottomLocalMax; e++ {
					for i, bd := range harness.RandomEndgames(uint64(60+e), n, e) {
						parity := kernels.Parity(bd.Empties())
						for alpha := -65; alpha <= 64; alpha++ {
							goS.nodes = 0
							want := goS.nwsLocal(bd.P, bd.O, alpha, e, parity, 0)
							got, nodes := b.SearchLocal(bd.P, bd.O, alpha, &asmTable)
							if got != want || nodes != goS.nodes {
								t.Fatalf("%d empties #%d %s alpha %d, inline %v: bottom %d (%d nodes), Go %d (%d nodes)",
									e, i, kernels.BoardString(bd), alpha, b.Inline(), got, nodes, want, goS.nodes)
							}
						}
						if asmTable != goS.local {
							t.Fatalf("%d empties #%d %s, inline %v: the bottom's local table differs from Go's", e, i, kernels.BoardString(bd), b.Inline())
						}
					}
				}
			}
		})
	}
}

// The archsimd bottom (GOEXPERIMENT=simd builds, AVX2 CPUs) searches as
// the Go shallow search does, at every null window, from 5 to 8 empties
// (the most the shallow search is given: hashMin is at most 9).
// With each flip it may use (the AVX-512 one only where it runs).
func TestGoSIMDBottomMatchesGo(t *testing.T) {
	k, err := References().withBottom(BottomGoSIMD)
	if err != nil {
		t.Skip(err)
	}
	boards, want := bottomCases(8)
	flips := []bool{false}
	if k.goSIMDFlip512 {
		flips = append(flips, true)
	}
	for _, flip512 := range flips {
		k.goSIMDFlip512 = flip512
		s := newSearch(k)
		for e := 5; e <= 8; e++ {
			for i, bd := range boards[e] {
				list, parity := variants.PresortList(bd.Empties()), kernels.Parity(bd.Empties())
				for alpha := -65; alpha <= 64; alpha++ {
					s.nodes = 0
					got := s.shallow(bd.P, bd.O, alpha, list, parity, e)
					if w := want[[2]int{e*1000 + i, alpha}]; got != w.score || s.nodes != w.nodes {
						t.Fatalf("AVX-512 flip %v, %s alpha %d: gosimd bottom %d (%d nodes), Go %d (%d nodes)",
							flip512, kernels.BoardString(bd), alpha, got, s.nodes, w.score, w.nodes)
					}
				}
			}
		}
	}
}

// Bind puts the assembly bottom under the solver wherever every kernel it
// calls has an entry point, with the leaf Bind chose: a pinned flip makes
// the bottom search the leaf itself on it.
func TestBindBottom(t *testing.T) {
	base := testSelection(t, "")
	for _, spec := range []string{"", "flip=" + base.Name(variants.Flip), "count_last_flip=" + base.Name(variants.CountLastFlip),
		"flip=" + variants.RefName} {
		sel, err := base.With(spec)
		if err != nil {
			t.Fatal(err)
		}
		k := Bind(sel)
		mode := variants.LeafSolve4
		switch {
		case k.Solve4 == nil && k.Score1 != nil:
			mode = variants.LeafScore1
		case k.Solve4 == nil:
			mode = variants.LeafCountLastFlip
		}
		_, want := variants.NewBottom(sel, mode)
		if got := k.Bottom != nil; got != want {
			t.Errorf("%q: Bind's bottom %v, want %v (%s)", spec, got, want, k)
		}
		if spec == "flip="+variants.RefName && k.Bottom != nil {
			t.Errorf("%q: a Go flip cannot be called from the bottom, yet Bind bound one", spec)
		}
	}
}

// Every bottom this build and CPU offer solves with the same scores, best
// moves and node counts; one it cannot run is an error of New that says
// why, never a silent fallback.
func TestBottomsSolveAlike(t *testing.T) {
	ps, err := Set("ffo1-2")
	if err != nil {
		t.Fatal(err)
	}
	base := testSelection(t, "")
	offered := Bottoms(base)
	if offered[len(offered)-1] != BottomGo {
		t.Errorf("bottoms %v: go is always offered, last", offered)
	}
	var want []Result
	for _, b := range offered {
		sv, err := New(Options{HashBits: 16, Bottom: b}, base)
		if err != nil {
			t.Fatalf("bottom %s: %v", b, err)
		}
		if got := sv.Kernels().String(); !strings.Contains(got, ",bottom="+b) {
			t.Errorf("bottom %s: kernels %s", b, got)
		}
		for i, p := range ps {
			r, err := sv.Solve(p.Board)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Check(r); err != nil {
				t.Errorf("bottom %s: %v", b, err)
			}
			if b == offered[0] {
				want = append(want, r)
			} else if r.Score != want[i].Score || r.Best != want[i].Best || r.Nodes != want[i].Nodes {
				t.Errorf("bottom %s, #%s: %+d %s %d nodes, bottom %s %+d %s %d nodes", b, p.ID, r.Score, kernels.SquareName(r.Best), r.Nodes,
					offered[0], want[i].Score, kernels.SquareName(want[i].Best), want[i].Nodes)
			}
		}
	}
	for _, b := range BottomNames {
		if slices.Contains(offered, b) {
			continue
		}
		_, err := New(Options{Bottom: b}, base)
		if err == nil || !strings.Contains(err.Error(), "bottom "+b+": ") {
			t.Errorf("bottom %s, not offered here: New says %v", b, err)
		}
	}
	if _, err := New(Options{Bottom: BottomAsm}, testSelection(t, "flip="+variants.RefName)); err == nil || !strings.Contains(err.Error(), "flip=reference") {
		t.Errorf("assembly bottom on the reference flip: %v", err)
	}
	if _, err := New(Options{Bottom: "simd"}, base); err == nil || !strings.Contains(err.Error(), strings.Join(BottomNames, ", ")) {
		t.Errorf("unknown bottom: %v", err)
	}
}

// BenchmarkBottom is the bottom alone, per bottom this build and CPU
// offer: null-window searches of positions of 10 empties from random
// games (the local table's searches down to the leaf: the assembly
// bottom's whole range), at a window just below, then just above, each
// one's score, on a cleared local table (FLIPBENCH_VARIANTS chooses the
// kernels: flip=... makes the asm and go bottoms search the leaf on flip
// and score_1, as the gosimd bottom always does).
func BenchmarkBottom(b *testing.B) {
	sel := testSelection(b, "")
	const n = variants.BottomLocalMax
	ps := harness.RandomEndgames(11, 1024, n)
	par := make([]uint8, len(ps))
	alphas := make([]int, len(ps))
	ref := newSearch(References())
	for i, p := range ps {
		par[i] = kernels.Parity(p.Empties())
		alphas[i] = ref.exact(p.P, p.O, kernels.ScoreMin-1, kernels.ScoreMax+1, 0) - 1 + 2*(i&1)
	}
	for _, name := range Bottoms(sel) {
		b.Run("bottom="+name, func(b *testing.B) {
			k, err := Bind(sel).withBottom(name)
			if err != nil {
				b.Fatal(err)
			}
			s := newSearch(k)
			for i := 0; i < b.N; i++ {
				j := i & 1023
				clear(s.local[:])
				s.nws(ps[j].P, ps[j].O, alphas[j], n, par[j], 0)
			}
			b.ReportMetric(float64(s.nodes)/float64(b.N), "nodes/op")
		})
	}
}
