package train

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/variants"
)

// Solver gives exact scores (disc difference for the side to move with
// perfect play).
type Solver interface {
	Solve(b kernels.Board) int
}

// exactHashBits is the size of the labellers' transposition tables.
const exactHashBits = 20

// NewSolver returns the project's solver on the kernels sel chooses, as a
// Solver for exact labels. Moves are ordered without evaluation: the
// weights are what is being trained. Not safe for concurrent use: one
// per goroutine.
func NewSolver(sel variants.Selection) Solver {
	sv, err := solver.New(solver.Options{HashBits: exactHashBits}, sel)
	if err != nil {
		panic(err) // a table of 2^exactHashBits entries always fits
	}
	return labeller{sv}
}

type labeller struct{ sv *solver.Solver }

func (l labeller) Solve(b kernels.Board) int {
	r, err := l.sv.Solve(b)
	if err != nil {
		panic(err) // boards come from legal games: a failure is a bug
	}
	return r.Score
}

// newExact returns the Solver of exact, or NewSolver on this machine's
// default variants if exact is nil.
func newExact(exact func() Solver) Solver {
	if exact != nil {
		return exact()
	}
	return NewSolver(defaultSelection())
}
