package variants

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// Batch forms apply a kernel to a slice of inputs in one call. Go assembly
// is never inlined and takes its arguments on the stack, so a 2 ns kernel
// pays for its call; the batch form loops inside the variant, and the
// benchmarks report both to show what the call costs.
//
// A variant's batch function, when it has one, is func(in []In, out []Out)
// for its kernel's element types (out has the length of in):
//
//	flip             BoardX -> uint64
//	moves            kernels.Board -> uint64
//	count_last_flip  PX -> int
//	score_1          PXA -> int
type (
	// BoardX is a position and a square: a flip input.
	BoardX struct {
		P, O uint64
		X    int
	}
	// PX is a board with one empty square x (O = ^P &^ x).
	PX struct {
		P uint64
		X int
	}
	// PXA is a PX and a null-window alpha.
	PXA struct {
		P        uint64
		X, Alpha int
	}
	FlipBatchFunc          = func(in []BoardX, out []uint64)
	MovesBatchFunc         = func(in []kernels.Board, out []uint64)
	CountLastFlipBatchFunc = func(in []PX, out []int)
	Score1BatchFunc        = func(in []PXA, out []int)
)

// board is kernels.Board as the generated registrations name it.
type board = kernels.Board

// registerWordsBatch attaches an assembly batch form that reads its inputs
// as 64-bit words (In is a struct of words: BoardX, PX, ...).
func registerWordsBatch[In, F, Out any](k *Kernel[F], name string, fn func(in []uint64, out []Out)) {
	words := int(unsafe.Sizeof(*new(In)) / 8)
	k.RegisterBatch(name, func(in []In, out []Out) {
		fn(unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(in))), words*len(in)), out[:len(in)])
	})
	v := k.variants[k.find(name)]
	v.Uses = append(v.Uses, any(fn)) // the closure hides fn from the registry's view
	v.Info = k.complete(v.Info, fn)
}
