package solvebench

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/variants/varianttest"
)

// A whole-solve benchmark per variant: every variant of the kernel this
// CPU runs, the node count reported and equal for all.
func TestGroups(t *testing.T) {
	gs, err := Groups("ffo1-2", "count_last_flip", "", varianttest.Selection(t, ""), solver.Options{HashBits: 16})
	if err != nil || len(gs) != 1 || len(gs[0].Cases) < 2 {
		t.Fatalf("groups: %v", err)
	}
	var lines []string
	nodes := map[float64]bool{}
	err = bench.Run(context.Background(), gs, bench.Options{Count: 1, BenchTime: time.Microsecond}, func(r *benchfmt.Result) error {
		v, _ := r.Value("nodes/op")
		nodes[v] = true
		lines = append(lines, string(r.Name))
		return nil
	})
	if err != nil || len(nodes) != 1 || !strings.HasPrefix(lines[0], "Solve/set=ffo1-2/kernel=count_last_flip/variant=") {
		t.Errorf("solve bench: err %v, node counts %v, %v", err, nodes, lines)
	}
	// the bottom: every one this build, CPU and selection offer, the same
	// search
	base := varianttest.Selection(t, "")
	gs, err = Groups("ffo1-2", variants.Bottom.Name(), "", base, solver.Options{HashBits: 16})
	if err != nil || len(gs) != 1 {
		t.Fatalf("bottom groups: %v", err)
	}
	var impls []string
	for _, c := range gs[0].Cases {
		impls = append(impls, c.Key("variant"))
	}
	offered := base.Choices(variants.Bottom)
	if !slices.Equal(impls, offered) || !slices.Contains(offered, variants.BottomGo) {
		t.Errorf("bottom variants %v, want %v, go among them", impls, offered)
	}
	nodes = map[float64]bool{}
	if err := bench.Run(context.Background(), gs, bench.Options{Count: 1, BenchTime: time.Microsecond}, func(r *benchfmt.Result) error {
		v, _ := r.Value("nodes/op")
		nodes[v] = true
		return nil
	}); err != nil || len(nodes) != 1 {
		t.Errorf("bottom bench: err %v, node counts %v", err, nodes)
	}
	// one bottom asked for: run alone where offered, else an error naming it
	for _, b := range append(slices.Clone(offered), variants.BottomAsmCalls, "no-such") {
		gs, err := Groups("ffo1-2", variants.Bottom.Name(), b, base, solver.Options{HashBits: 16})
		switch {
		case slices.Contains(offered, b):
			if err != nil || len(gs) != 1 || len(gs[0].Cases) != 1 || gs[0].Cases[0].Key("variant") != b {
				t.Errorf("bottom %s alone: %v", b, err)
			}
		case err == nil || !strings.Contains(err.Error(), "bottom"):
			t.Errorf("bottom %s, not offered here: Groups says %v", b, err)
		}
	}
	// flip per variant: measured in the solver's own leaf, on the calling
	// assembly bottom
	sel, err := solver.Measured(base, "flip", base.Name(variants.Flip))
	if err != nil || sel.Name(variants.Solve4) != variants.SolverName || sel.Name(variants.Bottom) == variants.BottomAsm && solver.Bind(sel).Bottom.Inline() {
		t.Errorf("flip measured on %v (%v)", sel, err)
	}
	if _, err := Groups("ffo1-2", "flip", "no-such", varianttest.Selection(t, ""), solver.Options{}); err == nil {
		t.Error("unknown variant accepted")
	}
	if _, err := Groups("ffo99", "flip", "", varianttest.Selection(t, ""), solver.Options{}); err == nil {
		t.Error("unknown set accepted")
	}
}
