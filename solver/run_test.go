package solver

import (
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/variants/varianttest"
)

// BenchmarkLeaf is the 4-empties leaf on the DirectSpec variants: the
// densest kernel calls of a solve, for the bound/direct comparison
// (go test -bench Leaf, with and without -tags solverdirect).
func BenchmarkLeaf(b *testing.B) {
	s := newSearch(Bind(testSelection(b, DirectSpec)))
	ps := harness.RandomEndgames(3, 4096, 4)
	lists := make([]uint64, len(ps))
	par := make([]uint8, len(ps))
	for i, p := range ps {
		lists[i] = variants.PresortList(p.Empties())
		par[i] = kernels.Parity(p.Empties())
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i & 4095
		s.solve4(ps[j].P, ps[j].O, 0, lists[j], par[j])
	}
}

// BenchmarkSolve is a whole solve of ffo1-19 on the DirectSpec variants.
func BenchmarkSolve(b *testing.B) {
	set, _ := Set("ffo1-19")
	sv, err := New(Options{}, testSelection(b, DirectSpec))
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes = 0
		for _, p := range set {
			r, _ := sv.Solve(p.Board)
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// testSelection is the CLI's selection (FLIPBENCH_DISABLE and
// FLIPBENCH_VARIANTS applied) with spec on top.
func testSelection(t testing.TB, spec string) variants.Selection {
	t.Helper()
	return varianttest.Selection(t, spec)
}
