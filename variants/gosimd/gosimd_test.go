//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"math/rand/v2"
	"simd/archsimd"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// A direct caller (the solver, later) checks the features itself, as
// here; the harness cross-checks the registered variants more deeply.
func TestAgainstReference(t *testing.T) {
	if !archsimd.X86.AVX2() {
		t.Skip("no AVX2")
	}
	avx512 := archsimd.X86.AVX512()
	rng := rand.New(rand.NewPCG(1, 2))
	tab, err := kernels.NewHashTable(6)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20000; i++ {
		a, b := rng.Uint64(), rng.Uint64()
		P, O := a&b, a&^b
		x := rng.IntN(64)
		P, O = P&^bit(x), O&^bit(x)
		want := kernels.Flip(P, O, x)
		if got := FlipAVX2PPFill(P, O, x); got != want {
			t.Fatalf("FlipAVX2PPFill(%#x, %#x, %d) = %#x, want %#x", P, O, x, got, want)
		}
		if got := MovesAVX2(P, O); got != kernels.Moves(P, O) {
			t.Fatalf("MovesAVX2(%#x, %#x) = %#x", P, O, got)
		}
		if got := StableEdgeAVX(P, O); got != kernels.StableEdge(P, O) {
			t.Fatalf("StableEdgeAVX(%#x, %#x) = %#x", P, O, got)
		}
		L := P | ^(P | O | bit(x)) // a full board but x
		if got, want := CountLastFlipAVX2(L, x), kernels.CountLastFlip(L, x); got != want || CountLastFlipAVX(L, x) != want {
			t.Fatalf("CountLastFlip(%#x, %d) = %d, %d, want %d", L, x, got, CountLastFlipAVX(L, x), want)
		}
		alpha := rng.IntN(129) - 64
		if got, want := Score1AVX2(L, alpha, x), kernels.Score1(L, alpha, x); got != want || Score1AVX(L, alpha, x) != want {
			t.Fatalf("Score1(%#x, %d, %d) = %d, %d, want %d", L, alpha, x, got, Score1AVX(L, alpha, x), want)
		}
		f := kernels.EvalFeatures(kernels.Board{P: P, O: O})
		wantF := kernels.EvalUpdate(f, x, want, i&1)
		var got kernels.Features
		EvalUpdateAVX2(&got, &f, x, want, i&1)
		if got != wantF {
			t.Fatalf("EvalUpdateAVX2 at %d, mover %d: %v, want %v", x, i&1, got, wantF)
		}
		if avx512 {
			if got := FlipAVX512LZCNT(P, O, x); got != want {
				t.Fatalf("FlipAVX512LZCNT(%#x, %#x, %d) = %#x, want %#x", P, O, x, got, want)
			}
			if got := MovesAVX512(P, O); got != kernels.Moves(P, O) {
				t.Fatalf("MovesAVX512(%#x, %#x) = %#x", P, O, got)
			}
			EvalUpdateAVX512(&got, &f, x, want, i&1)
			if got != wantF {
				t.Fatalf("EvalUpdateAVX512 at %d, mover %d: %v, want %v", x, i&1, got, wantF)
			}
		}
		if i%1000 == 0 {
			tab.Date = uint8(bits.OnesCount64(P))
			clears := []func(*kernels.HashTable){HashClearAVX2}
			if avx512 {
				clears = append(clears, HashClearAVX512)
			}
			for _, clear := range clears {
				tab.Entries[rng.IntN(len(tab.Entries))].P = P
				clear(tab)
				for e := range tab.Entries {
					if !tab.IsEmpty(e) {
						t.Fatalf("entry %d not empty after a clear", e)
					}
				}
			}
		}
	}
}
