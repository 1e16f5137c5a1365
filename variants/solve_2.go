package variants

import "github.com/flipbench/flipbench/kernels"

// Solve2 is the leaf with two empties: fail-hard (alpha or alpha+1), so
// that exact and lazy score_1 variants drive the same search.
var Solve2 = newKernel[SolveFunc]("solve_2", "fail-hard null-window score (alpha or alpha+1) and node count, 2 empties", boardSolveFunc(kernels.Solve2))

func init() {
	Solve2.Register(Info{Name: "go", Rank: 5, Note: "Go: carry flip and score_1 on it, no allocation"}, Solve2Go)
	Solve2.RegisterBatch("go", SolveBatchFunc(func(in []BoardAlpha, out []ScoreNodes) {
		out = out[:len(in)]
		for i, c := range in {
			out[i].Score, out[i].Nodes = Solve2Go(c.P, c.O, c.Alpha)
		}
	}))
}
