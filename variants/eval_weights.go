package variants

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/flipbench/flipbench/internal/hugepage"
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

	guardOnce sync.Once
	guarded   [][]int16 // per ply: a guard word, then the plain table

	// The first entry of each table of a layout, for the batch forms
	// (one pointer per ply, or per ply pair), built with the layout.
	plainOnce   sync.Once
	plainTabs   [NumPlies]*int16
	guardedTabs [NumPlies]*int16
	interTabs   [(NumPlies + 1) / 2]*int32

	// alloc, when set, allocates the derived layouts' tables (tests put
	// them against unmapped guard pages); nil means make.
	alloc func(bytes int) unsafe.Pointer
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

// Interleaved returns the even/odd-ply interleaved layout: entry i of
// pair p packs ply 2p in its low 16 bits and ply 2p+1
// in its high 16 bits, so one aligned 32-bit gather serves both plies.
func (w *EvalWeights) Interleaved() [][]int32 {
	w.interleaveOnce.Do(func() {
		n := (NumPlies + 1) / 2
		w.interleaved = newTables[int32](w, n, kernels.NumWeights)
		for p := 0; p < n; p++ {
			t := w.interleaved[p]
			even := w.Plain[2*p]
			odd := w.Plain[min(2*p+1, NumPlies-1)]
			for i := range t {
				t[i] = int32(uint32(uint16(even[i])) | uint32(uint16(odd[i]))<<16)
			}
			w.interTabs[p] = &t[0]
		}
	})
	return w.interleaved
}

// Guarded returns, per ply, the plain table preceded by one guard word
// (zero): Guarded()[p][i+1] = Ply(p)[i]. It serves the -1 offset gather:
// a 32-bit gather at byte 2*i from the start of the
// guarded table reads weight i into its high half, and for i = 0 the low
// half is the guard word, never memory before the table.
func (w *EvalWeights) Guarded() [][]int16 {
	w.guardOnce.Do(func() {
		w.guarded = newTables[int16](w, NumPlies, kernels.NumWeights+1)
		for p, t := range w.guarded {
			t[0] = 0
			copy(t[1:], w.Plain[p])
			w.guardedTabs[p] = &t[0]
		}
	})
	return w.guarded
}

// plainTables returns the first entry of each ply's plain table, each
// checked to hold NumWeights values.
func (w *EvalWeights) plainTables() *[NumPlies]*int16 {
	w.plainOnce.Do(func() {
		for p, t := range w.Plain {
			_ = t[kernels.NumWeights-1]
			w.plainTabs[p] = &t[0]
		}
	})
	return &w.plainTabs
}

// guardedTables returns the first entry (the guard word) of each ply's
// guarded table.
func (w *EvalWeights) guardedTables() *[NumPlies]*int16 {
	w.Guarded()
	return &w.guardedTabs
}

// interleavedTables returns the first entry of each ply pair's
// interleaved table.
func (w *EvalWeights) interleavedTables() *[(NumPlies + 1) / 2]*int32 {
	w.Interleaved()
	return &w.interTabs
}

// newTables allocates a derived layout's count tables of n values each:
// one block on huge pages (the gathers read it at random across
// megabytes), each table from a cache line; with w.alloc, a table each.
func newTables[T int16 | int32](w *EvalWeights, count, n int) [][]T {
	var z T
	size := n * int(unsafe.Sizeof(z))
	ts := make([][]T, count)
	if w.alloc != nil {
		for i := range ts {
			ts[i] = unsafe.Slice((*T)(w.alloc(size)), n)
		}
		return ts
	}
	stride := (size + 63) &^ 63
	block := hugepage.Alloc(count * stride)
	for i := range ts {
		ts[i] = unsafe.Slice((*T)(unsafe.Pointer(&block[i*stride])), n)
	}
	return ts
}
