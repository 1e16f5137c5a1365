package stats

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// pickData writes 6 interleaved runs of flip on a fake CPU: the test PEXT
// variant twice as fast as bitscan, the reference far behind.
func pickData(t *testing.T, slug string, ns map[string]float64) *Dataset {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "cpu: Fake CPU\ncpu-slug: %s\n", slug)
	for r := 0; r < 6; r++ {
		for _, v := range slices.Sorted(maps.Keys(ns)) {
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=%s/form=call 1000000 %.4f ns/op\n", v, ns[v]*(1+0.001*float64(r)))
		}
	}
	return fakeDataset(t, b.String())
}

// fakeDataset reads text as a results file.
func fakeDataset(t *testing.T, text string) *Dataset {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fake.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func flipChoice(picks []results.KernelChoice) results.KernelChoice {
	for _, kc := range picks {
		if kc.Kernel == "flip" {
			return kc
		}
	}
	return results.KernelChoice{}
}

// The AMD rule, on a faked CPU: on Zen 2 (family 0x17, PEXT/PDEP
// microcoded) neither the default rules nor pick choose a PEXT variant,
// even one measured twice as fast; on Zen 3 (family 0x19) pick takes it.
func TestPickAMDRuleOnFakeCPU(t *testing.T) {
	const pext = "test-pext"
	flip := variants.Flip.With(variants.Info{Name: pext, Requires: []variants.Feature{variants.BMI2}, UsesPEXT: true, Rank: 1 << 20,
		Note: "test only"}, kernels.Flip)
	ks := []variants.KernelInfo{flip}

	fake := func(family int) variants.CPUInfo {
		c := variants.CPUInfo{Brand: "Fake AMD", Vendor: "AMD", Family: family, Level: 3, Has: map[variants.Feature]bool{}}
		for _, f := range []variants.Feature{variants.SSE2, variants.SSSE3, variants.SSE41, variants.SSE42, variants.POPCNT,
			variants.CMOV, variants.AVX, variants.AVX2, variants.BMI1, variants.BMI2, variants.LZCNT} {
			c.Has[f] = true
		}
		// the rule as variants.detect applies it: AMD before Zen 3 (family 0x19)
		c.SlowPEXT = c.Vendor == "AMD" && family < 0x19
		return c
	}
	ns := map[string]float64{pext: 3, "bitscan": 6, "fill": 15, "reference": 60}

	zen2 := fake(0x17)
	if def := variants.DefaultName(flip, zen2); def == pext {
		t.Fatalf("Zen 2: default flip is the PEXT variant")
	}
	kc := flipChoice(Pick(pickData(t, "fake-zen2", ns), "fake-zen2", PickOptions{CPU: zen2, Kernels: ks}))
	if kc.Choice == pext || kc.Winner == nil || kc.Winner.Variant == pext {
		t.Errorf("Zen 2: pick chose %s (winner %+v)", kc.Choice, kc.Winner)
	}
	if !strings.Contains(kc.Reason, pext+" (PEXT/PDEP are microcoded") {
		t.Errorf("Zen 2: reason does not say why %s is out: %s", pext, kc.Reason)
	}

	kc = flipChoice(Pick(pickData(t, "fake-zen3", ns), "fake-zen3", PickOptions{CPU: fake(0x19), Kernels: ks, Defaults: map[string]string{"flip": "bitscan"}}))
	if kc.Choice != pext || !strings.Contains(kc.Reason, "faster than the default bitscan") || kc.Reference == nil || kc.RunnerUp == nil {
		t.Errorf("Zen 3: pick %+v", kc)
	}
}

// A winner that is not significantly faster than the default keeps the
// default, and says so.
func TestPickKeepsDefaultWithoutSignificance(t *testing.T) {
	ds := pickData(t, "fake", map[string]float64{"bitscan": 6.0, "fill": 5.999, "reference": 60})
	// the runs of both overlap: bitscan 6.000..6.030, fill 5.999..6.029
	kc := flipChoice(Pick(ds, "fake", PickOptions{CPU: variants.Host(), Defaults: map[string]string{"flip": "bitscan"}}))
	if kc.Choice != "bitscan" || !strings.Contains(kc.Reason, "equal to it (90% interval within ±1%)") {
		t.Errorf("pick %+v", kc)
	}
}

// Whole-solve runs decide a kernel over its micro-benchmarks, and
// hash_prefetch is never decided by micro-benchmarks alone: doing nothing
// is always the fastest call.
func TestPickSolveRunsDecide(t *testing.T) {
	var b strings.Builder
	b.WriteString("cpu: Fake CPU\ncpu-slug: fake\n")
	for r := 0; r < 6; r++ {
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=hash_prefetch/variant=none/form=call 1000000 %.3f ns/op\n", 1+0.01*float64(r))
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=hash_prefetch/variant=prefetcht0/form=call 1000000 %.3f ns/op\n", 3+0.01*float64(r))
		// micro: go is faster; whole solves: reference is
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=stability/variant=go/form=call 1000000 %.3f ns/op\n", 10+0.01*float64(r))
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=stability/variant=reference/form=call 1000000 %.3f ns/op\n", 50+0.01*float64(r))
		fmt.Fprintf(&b, "BenchmarkSolve/set=ffo20-39/kernel=stability/variant=go 1 %.0f ns/op 100 nodes/op\n", 9e9+1e6*float64(r))
		fmt.Fprintf(&b, "BenchmarkSolve/set=ffo20-39/kernel=stability/variant=reference 1 %.0f ns/op 100 nodes/op\n", 5e9+1e6*float64(r))
	}
	picks := Pick(fakeDataset(t, b.String()), "fake", PickOptions{CPU: variants.Host(), Defaults: map[string]string{"hash_prefetch": "prefetcht0", "stability": "go"}})
	for _, kc := range picks {
		t.Logf("%s: %s (%s)", kc.Kernel, kc.Choice, kc.Reason)
		switch kc.Kernel {
		case "hash_prefetch":
			if kc.Choice != "prefetcht0" || !strings.Contains(kc.Reason, "micro-benchmark cannot see") {
				t.Errorf("hash_prefetch from micro-benchmarks: %+v", kc)
			}
		case "stability":
			if kc.Choice != "reference" || !strings.Contains(kc.Reason, "by whole solves of ffo20-39") {
				t.Errorf("stability: whole solves should decide: %+v", kc)
			}
		}
	}
}

// The rounds decide between the two best: a variant with the lower
// figure (fast runs in one process of a served session) that loses most
// rounds to the runner-up by 5% is not the fastest, and the winner's
// verdict is never "ahead" by a negative amount.
func TestFastestRoundsDecide(t *testing.T) {
	var a, b []Run
	for round := uint32(0); round < 48; round++ {
		va, vb := 10.5, 10.0
		if round < 6 { // the bimodal process: a's first six rounds
			va = 9.0
		}
		a = append(a, Run{Value: va * (1 + 0.001*float64(round%5)), Round: round})
		b = append(b, Run{Value: vb * (1 + 0.001*float64(round%7)), Round: round})
	}
	rs, c := Fastest([]Ranked{{Variant: "a", Runs: a}, {Variant: "b", Runs: b}}, -1, 0.01, 0.95)
	if rs[0].Variant != "b" || c == nil || c.Verdict != Slower {
		t.Fatalf("winner %s, %v; want b, the runner-up slower", rs[0].Variant, c)
	}
	if v := WinnerVerdict(rs[1].Variant, c); !strings.HasSuffix(v, "ahead of a") || strings.HasPrefix(v, "-") {
		t.Errorf("verdict %q", v)
	}
}

// Whole solves decide only when paired round by round with a 95%
// interval inside the margin: three solves each (unpaired), or six whose
// rounds scatter by ±15%, leave the decision to the per-call figures,
// and the reason says why the solves were not used.
func TestPickThinSolvesDoNotDecide(t *testing.T) {
	for _, tc := range []struct {
		rounds int
		spread float64
		why    string
	}{{3, 0.01, "not paired"}, {8, 0.15, "wider than the ±1% margin"}} {
		var b strings.Builder
		b.WriteString("cpu: Fake CPU\ncpu-slug: fake\n")
		for r := 0; r < tc.rounds; r++ {
			// per call: go is faster; the solves, reference, but thinly
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=stability/variant=go/form=call 1000000 %.3f ns/op\n", 10+0.01*float64(r))
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=stability/variant=reference/form=call 1000000 %.3f ns/op\n", 50+0.01*float64(r))
			jitter := 1 + tc.spread*float64(r%3-1)
			fmt.Fprintf(&b, "BenchmarkSolve/set=ffo20-39/kernel=stability/variant=go 1 %.0f ns/op 100 nodes/op\n", 5.2e9*jitter)
			fmt.Fprintf(&b, "BenchmarkSolve/set=ffo20-39/kernel=stability/variant=reference 1 %.0f ns/op 100 nodes/op\n", 5e9/jitter)
		}
		picks := Pick(fakeDataset(t, b.String()), "fake", PickOptions{CPU: variants.Host(), Defaults: map[string]string{"stability": "reference"}})
		for _, kc := range picks {
			if kc.Kernel != "stability" {
				continue
			}
			if kc.Choice != "go" || kc.Evidence != "per call" || !strings.Contains(kc.Reason, "whole solves of ffo20-39 not used: ") || !strings.Contains(kc.Reason, tc.why) {
				t.Errorf("%d rounds ±%.0f%%: %+v; want go by per call, the solves not used: %s", tc.rounds, 100*tc.spread, kc, tc.why)
			}
		}
	}
}
