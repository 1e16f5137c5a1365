package variants

import (
	"fmt"
	"sync"

	"github.com/flipbench/flipbench/kernels"
)

// NumPlies is the number of weight tables: one per ply 0..60.
const NumPlies = 61

// EvalWeights holds one set of evaluation weights in every layout the
// eval_sum variants use. Plain is Edax's: one table of NumWeights int16
// per ply, digit 0 of the features being the side to move. The other
// layouts are built on first use from Plain.
type EvalWeights struct {
	Plain [NumPlies][]int16

	interleaveOnce sync.Once
	interleaved    [][]int32 // per ply pair: even ply in the low half, odd in the high half
}

// NewEvalWeights wraps per-ply tables; each must hold NumWeights values.
func NewEvalWeights(plies [NumPlies][]int16) (*EvalWeights, error) {
	for p, t := range plies {
		if len(t) != kernels.NumWeights {
			return nil, fmt.Errorf("eval weights: ply %d has %d values, want %d", p, len(t), kernels.NumWeights)
		}
	}
	return &EvalWeights{Plain: plies}, nil
}

// Ply returns the plain table of a ply (clamped to 0..60).
func (w *EvalWeights) Ply(ply int) []int16 {
	return w.Plain[min(max(ply, 0), NumPlies-1)]
}

// Interleaved returns the even/odd-ply interleaved layout (seed 000,
// 4.5.5): entry i of pair p packs ply 2p in its low 16 bits and ply 2p+1
// in its high 16 bits, so one aligned 32-bit gather serves both plies.
func (w *EvalWeights) Interleaved() [][]int32 {
	w.interleaveOnce.Do(func() {
		n := (NumPlies + 1) / 2
		w.interleaved = make([][]int32, n)
		for p := 0; p < n; p++ {
			t := make([]int32, kernels.NumWeights)
			even := w.Plain[2*p]
			odd := w.Plain[min(2*p+1, NumPlies-1)]
			for i := range t {
				t[i] = int32(uint32(uint16(even[i])) | uint32(uint16(odd[i]))<<16)
			}
			w.interleaved[p] = t
		}
	})
	return w.interleaved
}
