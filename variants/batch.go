package variants

import (
	"fmt"
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// Batch forms apply a kernel to a slice of inputs in one call. Go assembly
// is never inlined and takes its arguments on the stack, so a kernel of a
// few nanoseconds pays for its call; the batch form loops inside the variant, and the
// benchmarks report both to show what the call costs.
//
// A variant's batch function, when it has one, is of its kernel's batch
// type (Kernel's B, one of the *BatchFunc types below, NoBatch for a
// kernel without), func(in []In, out []Out) for its kernel's element
// types (out has the length of in):
//
//	flip               BoardX -> uint64
//	moves              kernels.Board -> uint64
//	count_last_flip    LastEmpty -> int
//	score_1            LastEmptyAlpha -> int
//	solve_2, 3, 4      BoardAlpha -> ScoreNodes
//	hash_code          kernels.Board -> uint64
//	eval_update        FeaturesMove -> kernels.Features
//	move_evaluate      MoveEval -> int
//	board_solve        DiscsEmpties -> int
//
// Every element type is a struct of 64-bit words without pointers, so the
// assembly reads a batch as words (registerWordsBatch) and the elements
// are independent: the order they are run in is the variant's business.
//
// eval_sum's is the exception: func(w *EvalWeights, in []FeaturesPly,
// out []int) (EvalSumBatchFunc). Its weights are not an input of one
// element but the set every element of a call is evaluated with, as in
// the solver (one set per side to move): taking them once per call lets
// the batch find each ply's table once per call (a pointer per ply,
// built with the layout) instead of once per element, and keeps the
// element pointer-free. The harness's eval_sum spec binds its weights
// when it adapts a batch form to its inputs (Spec.Batch).
//
// The batch forms of assembly variants are generated with the per-call
// function (asmgen.Variant.BatchOf, BatchOut: the loop stays in
// assembly, no call per element). A variant that is Go around assembly
// (eval_sum's gathers, eval_update's, move_evaluate's parity-table-avx2
// and -avx512) has a generated batch loop too, registered by hand beside
// it (eval_*_amd64.go, move_evaluate_amd64.go). A Go variant's batch
// form is a Go loop calling the function directly, not through a func
// value, so that the compiler may inline it: the benchmarks then show
// what the func value costs.
type (
	// BoardX is a position and a square: a flip input.
	BoardX struct {
		P, O uint64
		X    int
	}
	// LastEmpty is a board with one empty square x (O = ^P &^ x).
	LastEmpty struct {
		P uint64
		X int
	}
	// LastEmptyAlpha is a LastEmpty and a null-window alpha.
	LastEmptyAlpha struct {
		P        uint64
		X, Alpha int
	}
	// BoardAlpha is a position and a null-window alpha: a leaf search's
	// input.
	BoardAlpha struct {
		P, O  uint64
		Alpha int
	}
	// ScoreNodes is a leaf search's result: its score and node count.
	ScoreNodes struct {
		Score int
		Nodes uint64
	}
	// FeaturesPly is a position's features and its ply (0..60: the
	// weight table; clamped): an eval_sum input.
	FeaturesPly struct {
		F   kernels.Features
		Ply int
	}
	// FeaturesMove is an eval_update input: the features before a move on
	// X flipping Flipped, made by the side whose digit is Mover.
	FeaturesMove struct {
		Src     kernels.Features
		X       int
		Flipped uint64
		Mover   int
	}
	// MoveEval is a move_evaluate input: P plays X flipping Flipped on
	// the board (P, O), whose quadrant parity, number of empties and two
	// hash moves are given.
	MoveEval struct {
		P, O     uint64
		X        int
		Flipped  uint64
		Parity   int
		NEmpties int
		H0, H1   int
	}
	// DiscsEmpties is a finished game: P's discs and the number of
	// empties (board_solve's input).
	DiscsEmpties struct {
		P uint64
		N int
	}
	FlipBatchFunc          = func(in []BoardX, out []uint64)
	MovesBatchFunc         = func(in []kernels.Board, out []uint64)
	CountLastFlipBatchFunc = func(in []LastEmpty, out []int)
	Score1BatchFunc        = func(in []LastEmptyAlpha, out []int)
	SolveBatchFunc         = func(in []BoardAlpha, out []ScoreNodes)
	HashCodeBatchFunc      = func(in []kernels.Board, out []uint64)
	EvalUpdateBatchFunc    = func(in []FeaturesMove, out []kernels.Features)
	MoveEvaluateBatchFunc  = func(in []MoveEval, out []int)
	BoardSolveBatchFunc    = func(in []DiscsEmpties, out []int)
	EvalSumBatchFunc       = func(w *EvalWeights, in []FeaturesPly, out []int)
)

func (s ScoreNodes) String() string { return fmt.Sprintf("score %d, %d nodes", s.Score, s.Nodes) }

// board is kernels.Board as the generated registrations name it.
type board = kernels.Board

// words views a slice of a word struct (BoardX, ...) as its words.
func words[T any](s []T) []uint64 {
	n := int(unsafe.Sizeof(*new(T)) / 8)
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(s))), n*len(s))
}

// registerWordsBatch attaches an assembly batch form that reads its inputs
// as 64-bit words (In is a struct of words: BoardX, LastEmpty, ...) and runs
// len(out) times.
func registerWordsBatch[In, F, Out any](k *Kernel[F, func([]In, []Out)], name string, fn func(in []uint64, out []Out)) {
	k.RegisterBatch(name, func(in []In, out []Out) {
		fn(words(in), out[:len(in)])
	})
	k.batchUses(name, fn)
}

// registerWordsBatchIO attaches an assembly batch form that reads its
// inputs and writes its outputs as words (Out is a struct or array of
// words too: ScoreNodes, kernels.Features); it runs until out is full.
func registerWordsBatchIO[In, Out, F any](k *Kernel[F, func([]In, []Out)], name string, fn func(in, out []uint64)) {
	k.RegisterBatch(name, func(in []In, out []Out) {
		fn(words(in), words(out[:len(in)]))
	})
	k.batchUses(name, fn)
}

// batchUses adds fn, the assembly a batch form's closure calls, to the
// variant's Uses and its features to its requirements, and records it as
// the batch form's code (Code.BatchAsm): the closure hides fn from the
// registry's view.
func (k *Kernel[F, B]) batchUses(name string, fn any) {
	v := k.variants[k.find(name)]
	v.Uses = append(v.Uses, fn)
	v.Info = k.complete(v.Info, fn)
	v.batchAsm = fn
}
