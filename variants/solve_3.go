package variants

import "github.com/flipbench/flipbench/kernels"

// Solve3 is the leaf with three empties, fail-soft.
var Solve3 = newKernel[SolveFunc, SolveBatchFunc]("solve_3", "fail-soft null-window score and node count, 3 empties, parity order", boardSolveFunc(kernels.Solve3))

func init() { registerLeaves(Solve3, 3) }
