package solver

import (
	"fmt"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// The assembly bottom searches as the Go shallow search does: the same
// score and the same node count, on positions of 5 to 7 empties from
// random games (either side to move, passes and finished games among
// them), at every null window; with each assembly variant of every kernel
// it calls in turn (the others at this CPU's defaults).
func TestBottomMatchesGo(t *testing.T) {
	base := testSelection(t, "")
	goSearch := newSearch(References())
	var boards [8][]kernels.Board
	for e := 5; e <= 7; e++ {
		n := 120
		if testing.Short() {
			n = 30
		}
		boards[e] = harness.RandomEndgames(uint64(40+e), n, e)
	}
	// the Go search's results, once
	type result struct {
		score int
		nodes uint64
	}
	want := map[[2]int]result{}
	for e := 5; e <= 7; e++ {
		for i, b := range boards[e] {
			for alpha := -65; alpha <= 64; alpha++ {
				goSearch.nodes = 0
				v := goSearch.shallow(b.P, b.O, alpha, variants.PresortList(b.Empties()), kernels.Parity(b.Empties()), e)
				want[[2]int{e*1000 + i, alpha}] = result{v, goSearch.nodes}
			}
		}
	}
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
				for e := 5; e <= 7; e++ {
					for i, bd := range boards[e] {
						for alpha := -65; alpha <= 64; alpha++ {
							got, nodes := b.Search(bd.P, bd.O, alpha)
							if w := want[[2]int{e*1000 + i, alpha}]; got != w.score || nodes != w.nodes {
								t.Fatalf("%s alpha %d: bottom %d (%d nodes), Go %d (%d nodes)",
									kernels.BoardString(bd), alpha, got, nodes, w.score, w.nodes)
							}
						}
					}
				}
			})
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
