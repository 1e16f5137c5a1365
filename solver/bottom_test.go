package solver

import (
	"fmt"
	"math/rand/v2"
	"reflect"
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
// turn (the others at this CPU's defaults), on each leaf: solve_4's, the
// bottom's own on score_1, and on count_last_flip.
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
	for _, spec := range specs {
		for _, leaf := range []string{"", "solve_4=solver", "solve_4=solver,score_1=solver"} {
			t.Run(fmt.Sprintf("with %q, %q", spec, leaf), func(t *testing.T) {
				sel, err := base.With(leaf + "," + spec)
				if err != nil {
					t.Fatal(err)
				}
				b, err := variants.NewAsmBottom(sel)
				if err != nil {
					t.Skip(err)
				}
				bs := []*variants.AsmBottom{b}
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
			goSel, err := sel.With("bottom=go")
			if err != nil {
				t.Fatal(err)
			}
			goS := newSearch(Bind(goSel))
			n := 10
			if spec != "" {
				n = 3 // the other kernels' own cross-checks are exhaustive: a few positions
			}
			if testing.Short() {
				n = 2
			}
			bs := []*variants.AsmBottom{k.Bottom}
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

// The gosimd bottoms (GOEXPERIMENT=simd builds, AVX2 CPUs) search as the
// Go shallow search does, at every null window, from 5 to 8 empties (the
// most the shallow search is given: hashMin is at most 9): each one this
// CPU runs, each with its own flip.
func TestGoSIMDBottomMatchesGo(t *testing.T) {
	refs := variants.References(testSelection(t, "").CPU())
	var names []string
	for _, v := range variants.Bottom.Infos() {
		if strings.HasPrefix(v.Name, "gosimd-") && v.RunsOn(refs.CPU()) {
			names = append(names, v.Name)
		}
	}
	if len(names) == 0 {
		t.Skip("no gosimd bottom in this build or on this CPU")
	}
	boards, want := bottomCases(8)
	for _, name := range names {
		sel, err := refs.With("solve_4=solver,score_1=solver,bottom=" + name)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearch(Bind(sel))
		for e := 5; e <= 8; e++ {
			for i, bd := range boards[e] {
				list, parity := variants.PresortList(bd.Empties()), kernels.Parity(bd.Empties())
				for alpha := -65; alpha <= 64; alpha++ {
					s.nodes = 0
					got := s.shallow(bd.P, bd.O, alpha, list, parity, e)
					if w := want[[2]int{e*1000 + i, alpha}]; got != w.score || s.nodes != w.nodes {
						t.Fatalf("bottom %s, %s alpha %d: %d (%d nodes), Go %d (%d nodes)",
							name, kernels.BoardString(bd), alpha, got, s.nodes, w.score, w.nodes)
					}
				}
			}
		}
	}
}

// Bind binds the bottom the selection names, and the selection names the
// assembly bottom by default wherever every kernel it calls has an entry
// point, on the leaf it names: a Go flip leaves the Go bottom, and naming
// the assembly bottom with it is an error that names the flip.
func TestBindBottom(t *testing.T) {
	base := testSelection(t, "")
	for _, spec := range []string{"", "flip=" + base.Name(variants.Flip), "solve_4=solver", "solve_4=solver,score_1=solver",
		"flip=" + variants.RefName} {
		sel, err := base.With(spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = variants.NewAsmBottom(sel)
		if bound, runs := Bind(sel).Bottom != nil, err == nil; bound != runs || bound != (sel.Name(variants.Bottom) == variants.BottomAsm) {
			t.Errorf("%q: bottom %s, assembly bound %v, it runs %v (%v)", spec, sel.Name(variants.Bottom), bound, runs, err)
		}
	}
	if variants.Bottom.Variant(variants.BottomAsm) != nil { // not in -tags purego builds
		if _, err := base.With("bottom=asm,flip=" + variants.RefName); err == nil || !strings.Contains(err.Error(), "flip=reference") {
			t.Errorf("assembly bottom on the reference flip: %v", err)
		}
	}
	if _, err := base.With("bottom=simd"); err == nil || !strings.Contains(err.Error(), `unknown bottom variant "simd"`) {
		t.Errorf("unknown bottom: %v", err)
	}
}

// A selection that names every kernel's default variant, or pins one to
// it, binds the same functions as the default selection: what runs
// depends on the names alone, not on how each was chosen (pinning flip to
// its default once bound another leaf).
func TestBindDependsOnNamesOnly(t *testing.T) {
	def := testSelection(t, "")
	want := boundCode(Bind(def))
	for _, spec := range []string{def.String(), "flip=" + def.Name(variants.Flip), "count_last_flip=" + def.Name(variants.CountLastFlip),
		"score_1=" + def.Name(variants.Score1)} {
		sel, err := def.With(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := boundCode(Bind(sel)); got != want {
			t.Errorf("%q binds %s, the default selection %s", spec, got, want)
		}
	}
}

// boundCode is what k runs: every function it holds (its code address)
// and its bottom.
func boundCode(k Kernels) string {
	v := reflect.ValueOf(k)
	var b strings.Builder
	for i := 0; i < v.NumField(); i++ {
		if f := v.Field(i); f.Kind() == reflect.Func {
			fmt.Fprintf(&b, "%s:%#x ", v.Type().Field(i).Name, f.Pointer())
		}
	}
	if k.Bottom != nil {
		fmt.Fprintf(&b, "asm:%+v ", *k.Bottom)
	}
	fmt.Fprintf(&b, "gosimd:%v,%v", k.goSIMD, k.goSIMDFlip512)
	return b.String()
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
	for _, name := range sel.Choices(variants.Bottom) {
		b.Run("bottom="+name, func(b *testing.B) {
			bs, err := sel.With("bottom=" + name)
			if err != nil {
				b.Fatal(err)
			}
			s := newSearch(Bind(bs))
			for i := 0; i < b.N; i++ {
				j := i & 1023
				clear(s.local[:])
				s.nws(ps[j].P, ps[j].O, alphas[j], n, par[j], 0)
			}
			b.ReportMetric(float64(s.nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkBottomPerCall is the assembly bottom per call from 5 to 9
// empties, as the solver enters it: Search at 5 and 6, SearchLocal from
// 7 (its table cleared before each pass over the positions). Positions of
// random games, each searched at a null window within 4 of its score,
// where a search spends its time: the flipbench side of the per-call
// comparison with Edax-AVX's search_shallow and NWS_endgame_local in
// docs/notes/2026-11-29-per-node.md, which used the same positions and windows.
func BenchmarkBottomPerCall(b *testing.B) {
	sel := testSelection(b, "")
	bot, err := variants.NewAsmBottom(sel)
	if err != nil {
		b.Skip(err)
	}
	ref := newSearch(Bind(sel)) // each position's score, for its window
	var t variants.LocalTable
	search := func(e int, p kernels.Board, alpha int) int {
		if e <= variants.ShallowMax {
			v, _ := bot.Search(p.P, p.O, alpha)
			return v
		}
		v, _ := bot.SearchLocal(p.P, p.O, alpha, &t)
		return v
	}
	for e := 5; e <= 9; e++ {
		n := 16384
		if e > variants.ShallowMax {
			n = 4096
		}
		ps := harness.RandomEndgames(77, n, e)
		alphas := make([]int, len(ps))
		rng := rand.New(rand.NewPCG(5, uint64(e)))
		for i, p := range ps {
			score := ref.exact(p.P, p.O, kernels.ScoreMin-1, kernels.ScoreMax+1, 0)
			alphas[i] = min(max(score+rng.IntN(8)-4, kernels.ScoreMin), kernels.ScoreMax-1)
		}
		b.Run(fmt.Sprintf("empties=%d", e), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				j := i % len(ps)
				if j == 0 {
					t = variants.LocalTable{}
				}
				search(e, ps[j], alphas[j])
			}
		})
	}
}
