package variants

import "github.com/flipbench/flipbench/kernels"

// Solve4 is the leaf with four empties, fail-soft: the solver's leaf.
var Solve4 = newKernel[SolveFunc, SolveBatchFunc]("solve_4", "fail-soft null-window score and node count, 4 empties, parity order", boardSolveFunc(kernels.Solve4))

func init() {
	registerLeaves(Solve4, 4)
	Solve4.RegisterComposed(Info{Name: SolverName,
		Note: "the solver's own leaf (solver/solve_4.go): solve_4 to solve_2 on the selection's flip and score_1"}, Composition{})
}
