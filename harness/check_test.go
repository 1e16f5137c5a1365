package harness

import (
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/variants/varianttest"
)

func testOptions() Options {
	if testing.Short() {
		return Options{N: 20_000, Seed: 1}
	}
	return Options{N: 200_000, Seed: 1}
}

// testCPU is this machine less FLIPBENCH_DISABLE, as the CLI sees it.
func testCPU(t testing.TB) variants.CPUInfo { return varianttest.Selection(t, "").CPU() }

// TestCrossCheck runs every registered variant of every kernel against the
// reference, one subtest each, in parallel; a variant this CPU cannot run
// is skipped with the features it lacks.
func TestCrossCheck(t *testing.T) {
	o, cpu := testOptions(), testCPU(t)
	for _, s := range Specs() {
		for _, v := range s.KernelInfo().Infos() {
			t.Run(s.KernelInfo().Name()+"/"+v.Name, func(t *testing.T) {
				t.Parallel()
				r, err := s.Check(v.Name, cpu, o)
				if err != nil {
					t.Fatal(err)
				}
				if r.Skipped != "" {
					t.Skip(r.Skipped)
				}
				if r.Mismatch != nil {
					t.Fatal(r.Mismatch)
				}
				if r.Cases == 0 {
					t.Fatal("no case was checked")
				}
				t.Logf("%d cases matched", r.Cases)
			})
		}
	}
}

// Every kernel has a spec (but the one the solver composes, whose tests
// check it), and every spec says how to do all it must.
func TestEveryKernelHasASpec(t *testing.T) {
	n := 0
	for _, k := range variants.Kernels() {
		switch {
		case k.Composed():
		case SpecOf(k) == nil:
			t.Errorf("kernel %s has no spec (harness/%s.go)", k.Name(), k.Name())
		default:
			n++
		}
	}
	if len(specs) != n {
		t.Errorf("%d specs for %d kernels", len(specs), n)
	}
	for _, s := range Specs() {
		if err := s.missing(); err != "" {
			t.Errorf("spec of %s lacks %s", s.KernelInfo().Name(), err)
		}
	}
}

// brokenName is the name of the broken variants of the tests below.
const brokenName = "broken-test"

// checker is a kernel's spec, whatever its types.
type checker interface {
	Check(string, variants.CPUInfo, Options) (Result, error)
}

// checkCaught checks that the cross-check catches s's broken variant of
// kernel, with its counterexample printed.
func checkCaught(t *testing.T, kernel string, s checker) {
	t.Helper()
	r, err := s.Check(brokenName, variants.Host(), Options{N: 100_000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Mismatch == nil {
		t.Errorf("%s: broken variant passed %d cases", kernel, r.Cases)
		return
	}
	msg := r.Mismatch.String()
	if !strings.Contains(msg, "kernel="+kernel) || !strings.Contains(msg, "variant="+brokenName) || !strings.Contains(msg, "input:") {
		t.Errorf("%s: counterexample lacks kernel, variant or input:\n%s", kernel, msg)
	}
	t.Logf("caught as expected:\n%s", msg)
}

// A broken variant must be caught, with its counterexample printed: the
// cross-check is not allowed to be unable to fail. The broken variants
// live in copies of the kernels (Kernel.With): the registry is not
// touched, so this runs beside the other tests.
func TestBrokenVariantCaught(t *testing.T) {
	info := variants.Info{Name: brokenName}
	checkCaught(t, "flip", specWith(flipSpec(), info, func(P, O uint64, x int) uint64 {
		f := kernels.Flip(P, O, x)
		if x == kernels.H8 && f&kernels.Bit(kernels.G7) != 0 { // drops one diagonal disc
			f &^= kernels.Bit(kernels.G7)
		}
		return f
	}))
	checkCaught(t, "count_last_flip", specWith(specFor[variants.LastEmpty, int](variants.CountLastFlip), info, func(P uint64, x int) int {
		if x == kernels.D4 && P&kernels.Bit(kernels.D8) != 0 {
			return 0
		}
		return kernels.CountLastFlip(P, x)
	}))
	checkCaught(t, "solve_4", specWith(specFor[variants.BoardAlpha, variants.ScoreNodes](variants.Solve4), info, func(P, O uint64, alpha int) (int, uint64) {
		s, n := variants.Solve4.Reference()(P, O, alpha)
		return s, n + 1 // an extra node changes the fingerprint
	}))
	checkCaught(t, "stable_edge", specWith(specFor[kernels.Board, uint64](variants.StableEdge), info, func(P, O uint64) uint64 {
		return kernels.StableEdge(P, O) | P&kernels.Bit(kernels.B1)
	}))
}

// The lazy forms of score_1 must keep their bounds' side: each brokenName one
// below is caught.
func TestBrokenScore1Caught(t *testing.T) {
	// a lazy score_1 that returns a bound above the exact score
	checkCaught(t, "score_1", specWithCut(specFor[variants.LastEmptyAlpha, int](variants.Score1), variants.Info{Name: brokenName}, variants.LazyHighCut, func(P uint64, alpha, x int) int {
		s := kernels.Score1(P, alpha, x)
		if s > alpha && x == kernels.A1 {
			return s + 2
		}
		return s
	}))
	// lazy low cuts must be exact above alpha: a high cut (in
	// (alpha, exact], which a high-cut variant may return) is caught
	lowCut := variants.Info{Name: brokenName}
	score := func(P uint64) int { return 2*bits.OnesCount64(P) - 62 } // x counted for P
	s1 := specFor[variants.LastEmptyAlpha, int](variants.Score1)
	checkCaught(t, "score_1", specWithCut(s1, lowCut, variants.LazyLowCut, func(P uint64, alpha, x int) int {
		if s := score(P); s+2 > alpha && kernels.CountLastFlip(P, x) > 2 {
			return s + 2
		}
		return kernels.Score1(P, alpha, x)
	}))
	// at or below alpha, never under the exact score: O's reply counted
	// twice after a pass failing low
	checkCaught(t, "score_1", specWithCut(s1, lowCut, variants.LazyLowCut, func(P uint64, alpha, x int) int {
		want := kernels.Score1(P, alpha, x)
		if o := kernels.CountLastFlip(^P&^kernels.Bit(x), x); kernels.CountLastFlip(P, x) == 0 && want <= alpha && o != 0 {
			return score(P) - 2 - 2*o
		}
		return want
	}))
	// ... and never above alpha: a low cut without the alpha test
	checkCaught(t, "score_1", specWithCut(s1, lowCut, variants.LazyLowCut, func(P uint64, alpha, x int) int {
		if n := kernels.CountLastFlip(P, x); n != 0 {
			return score(P) + n
		}
		return score(P)
	}))
}

// A batch form that gets one element of a batch wrong is caught.
func TestBrokenBatchCaught(t *testing.T) {
	info := variants.Info{Name: brokenName}
	// a batch form that gets one element wrong
	v := variants.Flip.Reference()
	k := variants.Flip.With(info, v)
	k.RegisterBatch(brokenName, func(in []variants.BoardX, out []uint64) {
		for i, c := range in {
			out[i] = v(c.P, c.O, c.X)
		}
		if len(out) > 5 {
			out[5] ^= 1 << 63
		}
	})
	checkCaught(t, "flip", &Spec[variants.FlipFunc, variants.FlipBatchFunc, variants.BoardX, uint64]{Kernel: k, Call: flipSpec().Call, Cases: flipSpec().Cases, Show: flipSpec().Show})
	// a leaf batch form that counts one node too many on one element
	s4 := specFor[variants.BoardAlpha, variants.ScoreNodes](variants.Solve4)
	ref4 := variants.Solve4.Reference()
	k4 := variants.Solve4.With(info, ref4)
	k4.RegisterBatch(brokenName, variants.SolveBatchFunc(func(in []variants.BoardAlpha, out []variants.ScoreNodes) {
		for i, c := range in {
			out[i].Score, out[i].Nodes = ref4(c.P, c.O, c.Alpha)
		}
		if len(out) > 8 {
			out[8].Nodes++
		}
	}))
	c4 := *s4
	c4.Kernel = k4
	checkCaught(t, "solve_4", &c4)
	// an eval_sum batch form (it takes the weights: the spec adapts it)
	// that evaluates one element at the next ply
	sum := specFor[evalSumInput, int](variants.EvalSum)
	refSum := variants.EvalSum.Reference()
	ks := variants.EvalSum.With(info, refSum)
	ks.RegisterBatch(brokenName, variants.EvalSumBatchFunc(func(w *variants.EvalWeights, in []variants.FeaturesPly, out []int) {
		for i := range in {
			ply := in[i].Ply
			if i == 2 {
				ply++
			}
			out[i] = refSum(&in[i].F, w, ply)
		}
	}))
	cs := *sum
	cs.Kernel = ks
	checkCaught(t, "eval_sum", &cs)
}

// specFor returns the declared spec of a kernel, typed (its inputs In
// and outputs Out given).
func specFor[In any, Out comparable, F, B any](k *variants.Kernel[F, B]) *Spec[F, B, In, Out] {
	return SpecOf(k).(*Spec[F, B, In, Out])
}

func flipSpec() *Spec[variants.FlipFunc, variants.FlipBatchFunc, variants.BoardX, uint64] {
	return specFor[variants.BoardX, uint64](variants.Flip)
}

// specWith is s on a copy of its kernel with one more variant.
func specWith[F, B any, In any, Out comparable](s *Spec[F, B, In, Out], info variants.Info, fn F) *Spec[F, B, In, Out] {
	c := *s
	c.Kernel = s.Kernel.With(info, fn)
	return &c
}

// specWithCut is specWith with a lazy variant, of that cut.
func specWithCut[F, B any, In any, Out comparable](s *Spec[F, B, In, Out], info variants.Info, cut variants.Cut, fn F) *Spec[F, B, In, Out] {
	c := specWith(s, info, fn)
	c.Kernel.SetCut(info.Name, cut)
	return c
}

func TestPerft(t *testing.T) {
	want := []uint64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288}
	s := varianttest.Selection(t, "")
	for d, w := range want {
		if testing.Short() && d > 8 {
			break
		}
		if got := Perft(kernels.StartBoard, d, s); got != w {
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

// FuzzKernels runs every variant of one kernel (chosen by the first byte,
// or by FLIPBENCH_FUZZ_KERNEL=name) on an input made of the fuzzer's
// values, against the reference.
func FuzzKernels(f *testing.F) {
	ss := Specs()
	if name := os.Getenv("FLIPBENCH_FUZZ_KERNEL"); name != "" {
		s, err := SpecByName(name)
		if err != nil {
			f.Fatal(err)
		}
		ss = []KernelSpec{s}
	}
	cpu := testCPU(f)
	for k := range ss {
		f.Add(uint8(k), kernels.StartBoard.P, kernels.StartBoard.O, uint8(kernels.C4), int8(0))
		f.Add(uint8(k), uint64(0x000ed4eed4b0307c), uint64(0x3e7028112a4e8e00), uint8(kernels.G8), int8(18))
		f.Add(uint8(k), uint64(1), ^uint64(3), uint8(1), int8(-64))
	}
	f.Fuzz(func(t *testing.T, k uint8, P, O uint64, x uint8, alpha int8) {
		if m := ss[int(k)%len(ss)].CheckOne(P, O, int(x), int(alpha), cpu); m != nil {
			t.Fatal(m)
		}
	})
}

// The kernels the solver calls in a loop over moves or children (those
// whose Go variants have batch forms too; flip, moves, count_last_flip
// and score_1 have them for their assembly variants) have a batch form
// for every variant but the reference, and the cross-check runs it: a
// variant's cases are its per-call cases and as many batch elements
// again (up to the batch sizes' total).
func TestBatchFormsChecked(t *testing.T) {
	o, cpu := Options{N: 3000, Seed: 1}, testCPU(t)
	total := 0
	for _, n := range batchSizes {
		total += n
	}
	for _, name := range []string{"solve_2", "solve_3", "solve_4", "eval_sum", "eval_update", "hash_code", "move_evaluate", "board_solve"} {
		s, err := SpecByName(name)
		if err != nil {
			t.Fatal(err)
		}
		samples, err := s.Samples("check", o)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for range samples {
			n++
		}
		for _, info := range s.KernelInfo().Infos()[1:] {
			if info.Composed() {
				continue // the solver's: no function, no batch form
			}
			batched := s.hasBatch(info.Name)
			if !batched {
				t.Errorf("%s/%s has no batch form", name, info.Name)
				continue
			}
			if !info.RunsOn(cpu) {
				continue
			}
			r, err := s.Check(info.Name, cpu, o)
			if err != nil || r.Mismatch != nil {
				t.Fatalf("%s/%s: %v %v", name, info.Name, err, r.Mismatch)
			}
			if want := n + min(n, total); r.Cases != want {
				t.Errorf("%s/%s: %d cases checked, want %d per call and batched", name, info.Name, r.Cases, want)
			}
		}
	}
}
