package solver

import (
	"fmt"
	"slices"
	"strings"

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

// Bound is the variant this solver binds for a kernel ("" if it is not
// one the solver calls).
func (sv *Solver) Bound(kernel string) string { return boundName(sv.k, kernel) }

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
