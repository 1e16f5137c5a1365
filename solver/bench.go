package solver

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// SetStats is what one solve of a whole set reports.
type SetStats struct {
	Positions int
	Nodes     uint64 // total nodes: the fingerprint of the search
}

// SolveSet solves every position of ps once and checks the scores and
// best moves where they are known (a wrong one is an error).
func (sv *Solver) SolveSet(ps []Position) (SetStats, error) {
	var st SetStats
	for _, p := range ps {
		r, err := sv.Solve(p.Board)
		if err != nil {
			return st, err
		}
		if err := p.Check(r); err != nil {
			return st, err
		}
		st.Positions++
		st.Nodes += r.Nodes
	}
	return st, nil
}

// Check compares a result with what is known of the position: its score
// and its best moves.
func (p Position) Check(r Result) error {
	if !p.HasScore {
		return nil
	}
	if r.Score != p.Score {
		return fmt.Errorf("#%s: score %+d, the known score is %+d", p.ID, r.Score, p.Score)
	}
	if r.Best < 64 && !p.Known(r.Best) {
		var ms []string
		for _, m := range p.BestMoves {
			ms = append(ms, kernels.SquareName(m))
		}
		return fmt.Errorf("#%s: best move %s is not one of the known best moves %s", p.ID, kernels.SquareName(r.Best), strings.Join(ms, ","))
	}
	return nil
}

// With returns a solver on the kernels sel chooses that shares sv's table
// (the two must not solve at the same time): the variants of a
// whole-solve benchmark search through the same memory.
func (sv *Solver) With(sel variants.Selection) (*Solver, error) {
	k := Bind(sel)
	if err := k.check(); err != nil {
		return nil, err
	}
	return &Solver{opts: sv.opts, k: k, tt: sv.tt, bits: sv.bits, wopp: sv.wopp, limit: sv.limit}, nil
}

// measuredWith is what a whole solve per variant of a kernel names beside
// it, so that the kernel is called where the solver calls it most: flip,
// score_1 and count_last_flip in the solver's own leaf (a solve_4
// variant has its own), count_last_flip under the solver's own score_1.
var measuredWith = map[string]string{
	"flip":            "solve_4=" + variants.SolverName,
	"score_1":         "solve_4=" + variants.SolverName,
	"count_last_flip": "score_1=" + variants.SolverName + ",solve_4=" + variants.SolverName,
}

// Measured returns the selection a whole solve of kernel's variant runs
// on: base with that variant and what measuredWith names; flip and moves
// on the calling assembly bottom where base's would be the inline one,
// which has only one variant of each.
func Measured(base variants.Selection, kernel, variant string) (variants.Selection, error) {
	sel, err := base.With(measuredWith[kernel] + "," + kernel + "=" + variant)
	if err != nil {
		return sel, err
	}
	if (kernel == variants.Flip.Name() || kernel == variants.Moves.Name()) && sel.Name(variants.Bottom) == variants.BottomAsm &&
		slices.Contains(sel.Choices(variants.Bottom), variants.BottomAsmCalls) {
		return sel.With(variants.Bottom.Name() + "=" + variants.BottomAsmCalls)
	}
	return sel, nil
}

// BenchGroups returns one group: a whole solve of set per variant of
// kernel that can run with the rest of base (only variant, if not
// empty), interleaved, on the selections Measured returns. One operation
// is one solve of the whole set; nodes/op is reported beside ns/op, and
// a variant whose node count differs from the others' is an error (a
// kernel that changes the search is wrong), as is a wrong score. The
// kernel bottom compares the bottoms of the search this build and CPU
// offer with base's kernels.
func BenchGroups(set, kernel, variant string, base variants.Selection, opts Options) ([]*bench.Group, error) {
	ps, err := Set(set)
	if err != nil {
		return nil, err
	}
	k, err := variants.KernelByName(kernel)
	if err != nil {
		return nil, err
	}
	sv, err := New(opts, base)
	if err != nil {
		return nil, err
	}
	if variant != "" {
		// one variant asked for: if it cannot run here, say why; an
		// alias asks for the variant it selects
		sel, err := Measured(base, kernel, variant)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", kernel, variant, err)
		}
		variant = sel.Name(k)
	}
	type candidate struct {
		name string
		sv   *Solver
	}
	var cands []candidate
	for _, name := range base.Choices(k) {
		sel, err := Measured(base, kernel, name)
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
		var last SetStats
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
	g.SetTwin(boundName(sv.k, kernel))
	return []*bench.Group{g}, nil
}

// boundName is the variant k binds for a kernel ("" if it is not one the
// solver calls): the twin of a whole-solve session is the default's.
func boundName(k Kernels, kernel string) string {
	for i, s := range kernelTable {
		if s.kernel.Name() == kernel {
			return k.names[i]
		}
	}
	return ""
}
