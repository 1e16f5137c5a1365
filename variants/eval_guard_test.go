//go:build linux

package variants

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/flipbench/flipbench/kernels"
)

// guardArena maps every table between two PROT_NONE pages, flush against
// the following one (atEnd) or the preceding one, so that a gather
// reading one byte outside its table faults.
type guardArena struct {
	t     *testing.T
	atEnd bool
	maps  [][]byte
}

func (a *guardArena) alloc(n int) unsafe.Pointer {
	page := unix.Getpagesize()
	size := (n+page-1)/page*page + 2*page
	m, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		a.t.Fatal(err)
	}
	a.maps = append(a.maps, m)
	for _, g := range [][]byte{m[:page], m[size-page:]} {
		if err := unix.Mprotect(g, unix.PROT_NONE); err != nil {
			a.t.Fatal(err)
		}
	}
	off := page
	if a.atEnd {
		off = size - page - n
	}
	return unsafe.Pointer(&m[off])
}

func (a *guardArena) free() {
	for _, m := range a.maps {
		unix.Munmap(m)
	}
}

// Every runnable eval_sum variant, on weight tables (plain and every
// derived layout) placed against unmapped pages, with the highest and the
// lowest indexes of every feature and some in between, at every ply.
func TestEvalSumGuardPages(t *testing.T) {
	boards := []kernels.Board{
		{},              // every digit 2: the highest indexes
		{P: ^uint64(0)}, // every digit 0: index 0
		{O: ^uint64(0)}, // every digit 1
		{P: 0x00000000000000ff, O: 0xff00000000000000},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 8; i++ {
		occ := rng.Uint64()
		p := occ & rng.Uint64()
		boards = append(boards, kernels.Board{P: p, O: occ &^ p})
	}
	for _, atEnd := range []bool{true, false} {
		a := &guardArena{t: t, atEnd: atEnd}
		var plies [NumPlies][]int16
		var tabs [2][]int16
		for j := range tabs {
			tabs[j] = unsafe.Slice((*int16)(a.alloc(2*kernels.NumWeights)), kernels.NumWeights)
			for i := range tabs[j] {
				tabs[j][i] = int16(rng.Uint32())
			}
		}
		for p := range plies {
			plies[p] = tabs[p&1]
		}
		w, err := NewEvalWeights(plies)
		if err != nil {
			t.Fatal(err)
		}
		w.alloc = a.alloc
		for _, v := range EvalSum.Runnable(Host()) {
			// the batch form on every board at every ply, then on junk
			if batch := v.Batch; v.HasBatch() {
				var in []FeaturesPly
				for _, b := range boards {
					for ply := -1; ply <= NumPlies; ply++ { // clamped
						in = append(in, FeaturesPly{kernels.EvalFeatures(b), ply})
					}
				}
				out := make([]int, len(in))
				batch(w, in, out)
				for i, c := range in {
					if want := kernels.EvalSum(&c.F, w.Ply(c.Ply)); out[i] != want {
						t.Errorf("%s batch (tables at page %s): features %v ply %d: got %d, want %d",
							v.Name, map[bool]string{true: "end", false: "start"}[atEnd], c.F, c.Ply, out[i], want)
						break
					}
				}
				if len(v.Uses) > 0 {
					for i := range in {
						for j := range in[i].F {
							in[i].F[j] = 0xffff
						}
					}
					batch(w, in, out)
				}
			}
			for _, b := range boards {
				f := kernels.EvalFeatures(b)
				for ply := 0; ply < NumPlies; ply++ {
					if got, want := v.Fn(&f, w, ply), kernels.EvalSum(&f, w.Ply(ply)); got != want {
						t.Errorf("%s (tables at page %s): board %v ply %d: got %d, want %d",
							v.Name, map[bool]string{true: "end", false: "start"}[atEnd], b, ply, got, want)
						break
					}
				}
			}
			// Out-of-range indexes (the Go forms panic on them) must
			// not make a gather leave the table either.
			if len(v.Uses) > 0 {
				var junk kernels.Features
				for i := range junk {
					junk[i] = 0xffff
				}
				for ply := 0; ply < NumPlies; ply++ {
					v.Fn(&junk, w, ply)
				}
			}
		}
		a.free()
	}
}
