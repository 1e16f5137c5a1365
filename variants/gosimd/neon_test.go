//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// The NEON kernels against the references (every arm64 core has NEON);
// the harness cross-checks the registered variants more deeply.
func TestNEONAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tab, err := kernels.NewHashTable(6)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20000; i++ {
		a, b := rng.Uint64(), rng.Uint64()
		if i&1 == 0 {
			a |= rng.Uint64()
		}
		P, O := a&b, a&^b
		x := rng.IntN(64)
		P, O = P&^bit(x), O&^bit(x)
		want := kernels.Flip(P, O, x)
		if got := FlipNEONRBIT(P, O, x); got != want {
			t.Fatalf("FlipNEONRBIT(%#x, %#x, %d) = %#x, want %#x", P, O, x, got, want)
		}
		if got := FlipNEONUSHL(P, O, x); got != want {
			t.Fatalf("FlipNEONUSHL(%#x, %#x, %d) = %#x, want %#x", P, O, x, got, want)
		}
		if got, want := MovesNEONUSHL(P, O), kernels.Moves(P, O); got != want {
			t.Fatalf("MovesNEONUSHL(%#x, %#x) = %#x, want %#x", P, O, got, want)
		}
		if got, want := StableEdgeNEON(P, O), kernels.StableEdge(P, O); got != want {
			t.Fatalf("StableEdgeNEON(%#x, %#x) = %#x, want %#x", P, O, got, want)
		}
		if got, want := StableEdgeCountNEON(P, O), kernels.CountStableEdge(P, O); got != want {
			t.Fatalf("StableEdgeCountNEON(%#x, %#x) = %d, want %d", P, O, got, want)
		}
		L := P | ^(P | O | bit(x)) // a full board but x
		if got, want := CountLastFlipNEONRBIT(L, x), kernels.CountLastFlip(L, x); got != want {
			t.Fatalf("CountLastFlipNEONRBIT(%#x, %d) = %d, want %d", L, x, got, want)
		}
		alpha := rng.IntN(129) - 64
		if got, want := Score1NEONRBIT(L, alpha, x), kernels.Score1(L, alpha, x); got != want {
			t.Fatalf("Score1NEONRBIT(%#x, %d, %d) = %d, want %d", L, alpha, x, got, want)
		}
		if i%1000 == 0 {
			tab.Date = uint8(bits.OnesCount64(P))
			tab.Entries[rng.IntN(len(tab.Entries))].P = P
			HashClearNEON(tab)
			for e := range tab.Entries {
				if !tab.IsEmpty(e) {
					t.Fatalf("entry %d not empty after a clear", e)
				}
			}
		}
	}
}
