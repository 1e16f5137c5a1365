//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package gosimd

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"simd"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// The portable kernels at the vector length this process runs (the
// harness cross-checks them more deeply, at that length only).
func TestPortableAgainstReference(t *testing.T) {
	t.Logf("package simd: %d-bit vectors, emulated %v", simd.VectorBitSize(), simd.Emulated())
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		a, b := rng.Uint64(), rng.Uint64()
		if i&1 == 0 {
			a |= rng.Uint64() // denser boards: longer runs
		}
		P, O := a&b, a&^b
		x := rng.IntN(64)
		P, O = P&^bit(x), O&^bit(x)
		if got, want := FlipPortable(P, O, x), kernels.Flip(P, O, x); got != want {
			t.Fatalf("FlipPortable(%#x, %#x, %d) = %#x, want %#x", P, O, x, got, want)
		}
		if got, want := MovesPortable(P, O), kernels.Moves(P, O); got != want {
			t.Fatalf("MovesPortable(%#x, %#x) = %#x, want %#x", P, O, got, want)
		}
		L := P | ^(P | O | bit(x)) // a full board but x
		if got, want := CountLastFlipPortable(L, x), kernels.CountLastFlip(L, x); got != want {
			t.Fatalf("CountLastFlipPortable(%#x, %d) = %d, want %d", L, x, got, want)
		}
	}
}

// Every vector length this CPU has, emulation included: the loops and
// tables of the portable kernels depend on it. GODEBUG is read at start,
// so each length runs in a process of its own.
func TestPortableVectorLengths(t *testing.T) {
	if os.Getenv("FLIPBENCH_SIMD_CHILD") != "" {
		t.Skip("in a child")
	}
	for _, size := range []string{"0", "+128", "+256", "+512"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPortableAgainstReference$", "-test.v")
		cmd.Env = append(os.Environ(), "GODEBUG=simd="+size, "FLIPBENCH_SIMD_CHILD=1")
		out, err := cmd.CombinedOutput()
		switch {
		case strings.Contains(string(out), "larger than the simd length"):
			t.Logf("simd=%s: not on this CPU", size)
		case err != nil && len(out) == 0:
			t.Skipf("cannot start this binary again (%v): an emulated architecture without binfmt_misc", err)
		case err != nil:
			t.Errorf("simd=%s: %v\n%s", size, err, out)
		default:
			if _, l, ok := strings.Cut(string(out), "package simd:"); ok {
				l, _, _ = strings.Cut(l, "\n")
				t.Logf("simd=%s:%s", size, l)
			}
		}
	}
}
