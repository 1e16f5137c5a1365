package variants

import "github.com/flipbench/flipbench/kernels"

// The function type of each kernel. Every variant of a kernel has its
// kernel's type and computes the reference's function (see Contract).
type (
	FlipFunc          func(P, O uint64, x int) uint64
	MovesFunc         func(P, O uint64) uint64
	CountLastFlipFunc func(P uint64, x int) int
	Score1Func        func(P uint64, alpha, x int) int
	SolveFunc         func(b kernels.Board, alpha int) (score int, nodes uint64)
	BoardSolveFunc    func(P uint64, n int) int
	EvalFeaturesFunc  func(b kernels.Board) kernels.Features
	EvalUpdateFunc    func(dst, src *kernels.Features, x int, flipped uint64, mover int)
	EvalSumFunc       func(f *kernels.Features, w *EvalWeights, ply int) int
	StableEdgeFunc    func(P, O uint64) uint64
	CountFunc         func(P, O uint64) int
	StabilityFunc     func(P, O uint64) uint64
	HashCodeFunc      func(P, O uint64) uint64
	HashClearFunc     func(t *kernels.HashTable)
	HashPrefetchFunc  func(t *kernels.HashTable, code uint64)
	MoveEvaluateFunc  func(b kernels.Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int
	PopcountFunc      func(in []uint64) int
)

// The kernels, in catalog order. Each file named after a kernel registers
// that kernel's variants.
var (
	Flip            = newKernel[FlipFunc]("flip", "discs of O flipped when P plays on the empty square x (0 if illegal)", kernels.Flip)
	Moves           = newKernel[MovesFunc]("moves", "legal-move bitboard of P", kernels.Moves)
	CountLastFlip   = newKernel[CountLastFlipFunc]("count_last_flip", "2 x discs P flips on x when x is the last empty square (O = ^P &^ x)", kernels.CountLastFlip)
	Score1          = newKernel[Score1Func]("score_1", "Edax's board_score_1: score with one empty x at null window alpha", kernels.Score1)
	Solve2          = newKernel[SolveFunc]("solve_2", "fail-hard null-window score (alpha or alpha+1) and node count, 2 empties", kernels.Solve2)
	Solve3          = newKernel[SolveFunc]("solve_3", "fail-soft null-window score and node count, 3 empties, parity order", kernels.Solve3)
	Solve4          = newKernel[SolveFunc]("solve_4", "fail-soft null-window score and node count, 4 empties, parity order", kernels.Solve4)
	BoardSolve      = newKernel[BoardSolveFunc]("board_solve", "final score of a finished game with n empties", kernels.BoardSolve)
	EvalFeatures    = newKernel[EvalFeaturesFunc]("eval_features", "the 46 base-3 pattern indexes of a board", kernels.EvalFeatures)
	EvalUpdate      = newKernel[EvalUpdateFunc]("eval_update", "the 46 indexes after a move on x flipping f by digit mover", evalUpdateRef)
	EvalSum         = newKernel[EvalSumFunc]("eval_sum", "bias + sum of the 46 weights of a ply", evalSumRef)
	StableEdge      = newKernel[StableEdgeFunc]("stable_edge", "P's stable discs on the four edges", kernels.StableEdge)
	StableEdgeCount = newKernel[CountFunc]("stable_edge_count", "number of P's stable discs on the four edges", kernels.CountStableEdge)
	Stability       = newKernel[StabilityFunc]("stability", "P's stable discs: edges, full lines, and their neighbours", kernels.Stability)
	HashCode        = newKernel[HashCodeFunc]("hash_code", "Edax 4.5's CRC-32C hash of (P, O)", kernels.HashCode)
	HashClear       = newKernel[HashClearFunc]("hash_clear", "every entry of a table reads as empty", kernels.HashClear)
	HashPrefetch    = newKernel[HashPrefetchFunc]("hash_prefetch", "no observable effect; warms the bucket of a hash code", kernels.HashPrefetch)
	MoveEvaluate    = newKernel[MoveEvaluateFunc]("move_evaluate", "Edax 4.4's shallow move-ordering score", kernels.MoveEvaluate)
	Popcount        = newKernel[PopcountFunc]("popcount", "total set bits of a slice of bitboards", kernels.PopcountSum)
)

// RefInfo is the Info of a reference variant, registered first.
var RefInfo = Info{Name: "reference", Note: "plain pure Go: the oracle"}

func evalUpdateRef(dst, src *kernels.Features, x int, f uint64, mover int) {
	*dst = kernels.EvalUpdate(*src, x, f, mover)
}

func evalSumRef(f *kernels.Features, w *EvalWeights, ply int) int {
	return kernels.EvalSum(f, w.Ply(ply))
}
