package solver

import (
	"fmt"
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

// BottomKernel names the bottom of the search (bottom.go) where a
// kernel's name is expected: in whole-solve benchmarks, its variants are
// the bottoms this build and CPU offer (asm, asm-calls, gosimd, go).
const BottomKernel = "bottom"

// With returns a solver on the kernels sel chooses, on sv's bottom, that
// shares sv's table (the two must not solve at the same time): the
// variants of a whole-solve benchmark search through the same memory.
func (sv *Solver) With(sel variants.Selection) (*Solver, error) {
	k, err := Bind(sel).withBottom(sv.opts.Bottom)
	if err != nil {
		return nil, err
	}
	return &Solver{opts: sv.opts, k: k, tt: sv.tt, bits: sv.bits, wopp: sv.wopp, limit: sv.limit}, nil
}

// WithBottom returns sv on the bottom named (Options.Bottom), sharing
// sv's table as With does, or says why that bottom cannot run here.
func (sv *Solver) WithBottom(name string) (*Solver, error) {
	k, err := sv.k.withBottom(name)
	if err != nil {
		return nil, err
	}
	o := sv.opts
	o.Bottom = name
	return &Solver{opts: o, k: k, tt: sv.tt, bits: sv.bits, wopp: sv.wopp, limit: sv.limit}, nil
}

// BenchGroups returns one group: a whole solve of set per variant of
// kernel that base's CPU runs (only variant, if not empty), every other
// kernel as base selects, interleaved. One operation is one solve of the
// whole set; nodes/op is reported beside ns/op, and a variant whose node
// count differs from the others' is an error (a kernel that changes the
// search is wrong), as is a wrong score. The kernel BottomKernel compares
// the bottoms of the search this build and CPU offer: the assembly
// ("asm", where this selection has one; "asm-calls" beside it where that
// is the inline bottom), the archsimd ("gosimd", GOEXPERIMENT=simd builds
// on AVX2 CPUs) and the Go one ("go"). The variants of flip and moves
// are compared on the calling assembly bottom.
func BenchGroups(set, kernel, variant string, base variants.Selection, opts Options) ([]*bench.Group, error) {
	ps, err := Set(set)
	if err != nil {
		return nil, err
	}
	sv, err := New(opts, base)
	if err != nil {
		return nil, err
	}
	type candidate struct {
		name string
		sv   *Solver
	}
	var cands []candidate
	if kernel == BottomKernel {
		if variant != "" {
			// one bottom asked for: if it cannot run here, say why
			if _, err := sv.WithBottom(variant); err != nil {
				return nil, err
			}
		}
		for _, b := range BottomNames {
			bs, err := sv.WithBottom(b)
			if err != nil {
				continue // not in this build, or not on this CPU
			}
			cands = append(cands, candidate{b, bs})
		}
	} else {
		k, err := variants.KernelByName(kernel)
		if err != nil {
			return nil, fmt.Errorf("%w (or %s: the search's bottom, %s)", err, BottomKernel, strings.Join(BottomNames, ", "))
		}
		for _, info := range k.Infos() {
			if !info.RunsOn(base.CPU()) {
				continue
			}
			sel, err := base.With(kernel + "=" + info.Name)
			if err != nil {
				return nil, err
			}
			vs, err := sv.With(sel)
			if err != nil {
				return nil, fmt.Errorf("%s=%s: %w", kernel, info.Name, err)
			}
			if (kernel == variants.Flip.Name() || kernel == variants.Moves.Name()) && vs.k.Bottom != nil && vs.k.Bottom.Inline() {
				// flip and moves are compared on the calling bottom: the
				// inline one has only one variant of each
				vs.k.Bottom = vs.k.Bottom.Calls()
				vs.k.names[len(vs.k.names)-1] = BottomAsmCalls
			}
			cands = append(cands, candidate{info.Name, vs})
		}
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
	for i, n := range kernelNames {
		if n == kernel {
			return k.names[i]
		}
	}
	return ""
}
