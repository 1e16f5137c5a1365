package variants

import "github.com/flipbench/flipbench/kernels"

// Batch forms apply a kernel to a slice of inputs in one call. Go assembly
// is never inlined and takes its arguments on the stack, so a 2 ns kernel
// pays for its call; the batch form loops inside the variant, and the
// benchmarks report both to show what the call costs.
//
// A variant's batch function, when it has one, has its kernel's batch type:
//
//	flip             func(in []BoardX, out []uint64)
//	moves            func(in []kernels.Board, out []uint64)
//	count_last_flip  func(in []PX, out []int)
//	score_1          func(in []PXA, out []int)
//
// out has the length of in; the harness checks batch forms like the
// per-call ones.
type (
	BoardX struct {
		P, O uint64
		X    int
	}
	PX struct {
		P uint64
		X int
	}
	PXA struct {
		P        uint64
		X, Alpha int
	}
	FlipBatchFunc          func(in []BoardX, out []uint64)
	MovesBatchFunc         func(in []kernels.Board, out []uint64)
	CountLastFlipBatchFunc func(in []PX, out []int)
	Score1BatchFunc        func(in []PXA, out []int)
)

// RegisterBatch attaches a batch form to the named variant; fn must have
// the kernel's batch type (checked by the harness).
func (k *Kernel[F]) RegisterBatch(name string, fn any) {
	for _, v := range k.variants {
		if v.Name == name {
			v.Batch = fn
			return
		}
	}
	panic("variants: RegisterBatch of unknown " + k.name + "/" + name)
}

// BatchOf returns the batch form of the named variant, or nil.
func (k *Kernel[F]) BatchOf(name string) any {
	for _, v := range k.variants {
		if v.Name == name {
			return v.Batch
		}
	}
	return nil
}
