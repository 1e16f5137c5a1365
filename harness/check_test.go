package harness

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

func testOptions() Options {
	if testing.Short() {
		return Options{N: 20_000, Seed: 1}
	}
	return Options{N: 200_000, Seed: 1}
}

// TestCrossCheck runs every registered variant of every kernel against the
// reference, one subtest each; a variant this CPU cannot run is skipped
// with the features it lacks.
func TestCrossCheck(t *testing.T) {
	if err := variants.ApplyEnv(); err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	for _, k := range variants.Kernels() {
		for _, v := range k.Infos() {
			t.Run(k.Name()+"/"+v.Name, func(t *testing.T) {
				r, err := Check(k.Name(), v.Name, o)
				if err != nil {
					t.Fatal(err)
				}
				if r.Skipped != "" {
					t.Skip(r.Skipped)
				}
				if r.Mismatch != nil {
					t.Fatal(r.Mismatch)
				}
				t.Logf("%d cases matched", r.Cases)
			})
		}
	}
}

// Every kernel has a cross-check.
func TestEveryKernelChecked(t *testing.T) {
	for _, k := range variants.Kernels() {
		if _, ok := checkers[k.Name()]; !ok {
			t.Errorf("kernel %s has no cross-check", k.Name())
		}
	}
	if len(checkedKernels()) != len(variants.Kernels()) {
		t.Errorf("checkers for unknown kernels: %v", checkedKernels())
	}
}

// A broken variant must be caught, with its counterexample printed: the
// cross-check is not allowed to be unable to fail.
func TestBrokenVariantCaught(t *testing.T) {
	lowCut := variants.Info{Bound: true, BoundLow: true}
	score := func(P uint64) int { return 2*bits.OnesCount64(P) - 62 } // x counted for P
	broken := []struct {
		kernel, name string // name "" is broken-test
		reg          func()
	}{
		{"flip", "", func() {
			variants.Flip.Register(variants.Info{Name: "broken-test"}, func(P, O uint64, x int) uint64 {
				f := kernels.Flip(P, O, x)
				if x == kernels.H8 && f&kernels.Bit(kernels.G7) != 0 { // drops one diagonal disc
					f &^= kernels.Bit(kernels.G7)
				}
				return f
			})
		}},
		{"count_last_flip", "", func() {
			variants.CountLastFlip.Register(variants.Info{Name: "broken-test"}, func(P uint64, x int) int {
				if x == kernels.D4 && P&kernels.Bit(kernels.D8) != 0 {
					return 0
				}
				return kernels.CountLastFlip(P, x)
			})
		}},
		// lazy low cuts must be exact above alpha: a high cut (in
		// (alpha, exact], which a high-cut variant may return) is caught
		{"score_1", "broken-lowcut-high", func() {
			in := lowCut
			in.Name = "broken-lowcut-high"
			variants.Score1.Register(in, func(P uint64, alpha, x int) int {
				if s := score(P); s+2 > alpha && kernels.CountLastFlip(P, x) > 2 {
					return s + 2
				}
				return kernels.Score1(P, alpha, x)
			})
		}},
		// at or below alpha, never under the exact score: O's reply
		// counted twice after a pass failing low
		{"score_1", "broken-lowcut-under", func() {
			in := lowCut
			in.Name = "broken-lowcut-under"
			variants.Score1.Register(in, func(P uint64, alpha, x int) int {
				want := kernels.Score1(P, alpha, x)
				if o := kernels.CountLastFlip(^P&^kernels.Bit(x), x); kernels.CountLastFlip(P, x) == 0 && want <= alpha && o != 0 {
					return score(P) - 2 - 2*o
				}
				return want
			})
		}},
		// ... and never above alpha: a low cut without the alpha test
		{"score_1", "broken-lowcut-over", func() {
			in := lowCut
			in.Name = "broken-lowcut-over"
			variants.Score1.Register(in, func(P uint64, alpha, x int) int {
				if n := kernels.CountLastFlip(P, x); n != 0 {
					return score(P) + n
				}
				return score(P)
			})
		}},
		{"solve_4", "", func() {
			variants.Solve4.Register(variants.Info{Name: "broken-test"}, func(b kernels.Board, alpha int) (int, uint64) {
				s, n := kernels.Solve4(b, alpha)
				return s, n + 1 // an extra node changes the fingerprint
			})
		}},
		{"stable_edge", "", func() {
			variants.StableEdge.Register(variants.Info{Name: "broken-test"}, func(P, O uint64) uint64 {
				return kernels.StableEdge(P, O) | P&kernels.Bit(kernels.B1)
			})
		}},
	}
	t.Cleanup(func() {
		variants.Flip.Unregister("broken-test")
		variants.CountLastFlip.Unregister("broken-test")
		variants.Solve4.Unregister("broken-test")
		variants.StableEdge.Unregister("broken-test")
		for _, c := range broken {
			if c.name != "" {
				variants.Score1.Unregister(c.name)
			}
		}
	})
	for _, c := range broken {
		name := c.name
		if name == "" {
			name = "broken-test"
		}
		c.reg()
		r, err := Check(c.kernel, name, Options{N: 100_000, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Mismatch == nil {
			t.Errorf("%s: broken variant passed %d cases", c.kernel, r.Cases)
			continue
		}
		msg := r.Mismatch.String()
		if !strings.Contains(msg, "kernel="+c.kernel) || !strings.Contains(msg, "variant="+name) || !strings.Contains(msg, "input:") {
			t.Errorf("%s: counterexample lacks kernel, variant or input:\n%s", c.kernel, msg)
		}
		t.Logf("caught as expected:\n%s", msg)
	}
}

func TestPerft(t *testing.T) {
	want := []uint64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288}
	for d, w := range want {
		if testing.Short() && d > 8 {
			break
		}
		if got := Perft(kernels.StartBoard, d); got != w {
			t.Errorf("perft %d = %d, want %d", d, got, w)
		}
	}
}

// Perft with the reference kernels agrees too (small depth: they are slow).
func TestPerftReference(t *testing.T) {
	want := []uint64{1, 4, 12, 56, 244, 1396, 8200}
	for d, w := range want {
		if got := perft(kernels.StartBoard, d, kernels.Moves, kernels.Flip); got != w {
			t.Errorf("reference perft %d = %d, want %d", d, got, w)
		}
	}
}

func TestRandomGamesCoverPhasesAndPasses(t *testing.T) {
	bs := RandomGames(1, 20000)
	var phases [61]int
	passes := 0
	for _, b := range bs {
		phases[b.NumEmpties()]++
		if movesFast(b.P, b.O) == 0 && movesFast(b.O, b.P) != 0 {
			passes++
		}
	}
	for e := 1; e <= 60; e++ {
		if phases[e] == 0 {
			t.Errorf("no position with %d empties", e)
		}
	}
	if passes == 0 {
		t.Error("no pass position among the random games")
	}
	t.Logf("%d positions, %d with a pass", len(bs), passes)
}

func fuzzKernel(f *testing.F, kernel string) {
	f.Add(kernels.StartBoard.P, kernels.StartBoard.O, uint8(kernels.C4), int8(0))
	f.Add(uint64(0x000ed4eed4b0307c), uint64(0x3e7028112a4e8e00), uint8(kernels.G8), int8(18))
	f.Add(uint64(1), ^uint64(3), uint8(1), int8(-64))
	f.Fuzz(func(t *testing.T, P, O uint64, x uint8, alpha int8) {
		if m := CheckOne(kernel, P, O, int(x), int(alpha)); m != nil {
			t.Fatal(m)
		}
	})
}

func FuzzFlip(f *testing.F)            { fuzzKernel(f, "flip") }
func FuzzMoves(f *testing.F)           { fuzzKernel(f, "moves") }
func FuzzCountLastFlip(f *testing.F)   { fuzzKernel(f, "count_last_flip") }
func FuzzScore1(f *testing.F)          { fuzzKernel(f, "score_1") }
func FuzzSolve2(f *testing.F)          { fuzzKernel(f, "solve_2") }
func FuzzSolve3(f *testing.F)          { fuzzKernel(f, "solve_3") }
func FuzzSolve4(f *testing.F)          { fuzzKernel(f, "solve_4") }
func FuzzBoardSolve(f *testing.F)      { fuzzKernel(f, "board_solve") }
func FuzzStableEdge(f *testing.F)      { fuzzKernel(f, "stable_edge") }
func FuzzStableEdgeCount(f *testing.F) { fuzzKernel(f, "stable_edge_count") }
func FuzzStability(f *testing.F)       { fuzzKernel(f, "stability") }
func FuzzHashCode(f *testing.F)        { fuzzKernel(f, "hash_code") }
func FuzzEvalFeatures(f *testing.F)    { fuzzKernel(f, "eval_features") }
func FuzzEvalUpdate(f *testing.F)      { fuzzKernel(f, "eval_update") }
func FuzzMoveEvaluate(f *testing.F)    { fuzzKernel(f, "move_evaluate") }
