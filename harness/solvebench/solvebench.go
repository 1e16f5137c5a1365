// Package solvebench makes the whole-solve benchmarks (bench -solve SET
// -solve-kernel K): a group of solves of a set, one case per variant of a
// kernel, for harness/bench to run. It keeps the solver free of the
// benchmark runner.
package solvebench

import (
	"fmt"
	"sync"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/variants"
)

// Groups returns one group: a whole solve of set per variant of
// kernel that can run with the rest of base (only variant, if not
// empty), interleaved, on the selections solver.Measured returns. One operation
// is one solve of the whole set; nodes/op is reported beside ns/op, and
// a variant whose node count differs from the others' is an error (a
// kernel that changes the search is wrong), as is a wrong score. The
// kernel bottom compares the bottoms of the search this build and CPU
// offer with base's kernels.
func Groups(set, kernel, variant string, base variants.Selection, opts solver.Options) ([]*bench.Group, error) {
	ps, err := solver.Set(set)
	if err != nil {
		return nil, err
	}
	k, err := variants.KernelByName(kernel)
	if err != nil {
		return nil, err
	}
	sv, err := solver.New(opts, base)
	if err != nil {
		return nil, err
	}
	if variant != "" {
		// one variant asked for: if it cannot run here, say why; an
		// alias asks for the variant it selects
		sel, err := solver.Measured(base, kernel, variant)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", kernel, variant, err)
		}
		variant = sel.Name(k)
	}
	type candidate struct {
		name string
		sv   *solver.Solver
	}
	var cands []candidate
	for _, name := range base.Choices(k) {
		sel, err := solver.Measured(base, kernel, name)
		if err != nil {
			continue // not with the kernels that measure it
		}
		vs, err := sv.With(sel)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %w", kernel, name, err)
		}
		cands = append(cands, candidate{name, vs})
	}
	g := &bench.Group{Title: "solve " + set + " per " + kernel + " variant"}
	var nodesMu sync.Mutex
	nodesOf := map[string]uint64{}
	var first string
	for _, cand := range cands {
		if variant != "" && cand.name != variant {
			continue
		}
		name, vs := cand.name, cand.sv
		var last solver.SetStats
		c := &bench.Case{Name: "Solve", Keys: [][2]string{{"set", set}, {"kernel", kernel}, {"variant", name}},
			PlanOp: 15 * time.Second, NoWarmup: first != ""}
		c.Run = func(n int) {
			for i := 0; i < n; i++ {
				st, err := vs.SolveSet(ps)
				if err != nil {
					panic(fmt.Errorf("solve %s with %s=%s: %w", set, kernel, name, err))
				}
				last = st
				nodesMu.Lock()
				if want, ok := nodesOf[first]; ok && first != name && want != st.Nodes {
					nodesMu.Unlock()
					panic(fmt.Errorf("solve %s: %s=%s searched %d nodes, %s=%s %d: a kernel variant changed the search",
						set, kernel, name, st.Nodes, kernel, first, want))
				}
				nodesOf[name] = st.Nodes
				nodesMu.Unlock()
			}
		}
		c.Metrics = func() map[string]float64 {
			return map[string]float64{"nodes/op": float64(last.Nodes), "positions/op": float64(last.Positions)}
		}
		if first == "" {
			first = name
		}
		g.Cases = append(g.Cases, c)
	}
	if len(g.Cases) == 0 {
		return nil, fmt.Errorf("no %s variant this CPU runs matches %q", kernel, variant)
	}
	g.SetTwin(sv.Bound(kernel))
	return []*bench.Group{g}, nil
}
