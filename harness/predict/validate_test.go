package predict_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/stats"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 || math.IsNaN(a) && math.IsNaN(b) }

func TestSpearman(t *testing.T) {
	for _, c := range []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{40, 30, 20, 10}, -1},
		// monotone, not linear: still 1
		{[]float64{1, 2, 3, 4}, []float64{1, 8, 27, 1000}, 1},
		// ties take their mean rank: ranks 1, 2.5, 2.5, 4 against 1..4
		{[]float64{1, 2, 2, 3}, []float64{1, 2, 3, 4}, 4.5 / math.Sqrt(4.5*5)},
		{[]float64{1, 2}, []float64{1, 2}, math.NaN()},
		{[]float64{1, 1, 1}, []float64{1, 2, 3}, math.NaN()},
	} {
		if got := predict.Spearman(c.x, c.y); !near(got, c.want) {
			t.Errorf("Spearman(%v, %v) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestRatioError(t *testing.T) {
	for _, c := range []struct {
		p, m []float64
		want float64
	}{
		// the same ratios in other units: no error
		{[]float64{10, 20, 40}, []float64{1e-9, 2e-9, 4e-9}, 0},
		// errors 0, 0, 1: median 0
		{[]float64{1, 2, 4}, []float64{1, 2, 2}, 0},
		// errors 0, 0.5: their mean
		{[]float64{2, 3}, []float64{1, 3}, 0.25},
		{[]float64{2}, []float64{1}, math.NaN()},
	} {
		if got := predict.RatioError(c.p, c.m); !near(got, c.want) {
			t.Errorf("RatioError(%v, %v) = %v, want %v", c.p, c.m, got, c.want)
		}
	}
}

// Validate pairs each measured CPU with its microarchitecture's model,
// over the variants both have a figure for, and leaves out kernels with
// too few of them.
func TestValidate(t *testing.T) {
	pred := func(mcpu, kernel, variant, form string, cycles float64) *predict.Predicted {
		return &predict.Predicted{MCPU: mcpu, Kernel: kernel, Variant: variant, Form: form, Cycles: cycles}
	}
	preds := []*predict.Predicted{
		pred("znver4", "flip", "a", "call", 10), pred("znver4", "flip", "b", "call", 20), pred("znver4", "flip", "c", "call", 30),
		pred("znver4", "flip", "d", "call", math.NaN()), // branchy: no figure
		pred("skylake", "flip", "a", "call", 30), pred("skylake", "flip", "b", "call", 20), pred("skylake", "flip", "c", "call", 10),
		pred("znver4", "moves", "a", "call", 1), pred("znver4", "moves", "b", "call", 2),
	}
	meas := func(uarch, kernel, variant, form string, sec float64) predict.Measured {
		return predict.Measured{CPU: "cpu-" + uarch, Uarch: uarch, Kernel: kernel, Variant: variant, Form: form, Seconds: sec}
	}
	measured := []predict.Measured{
		meas("Zen 4", "flip", "a", "call", 3e-9), meas("Zen 4", "flip", "b", "call", 2e-9), meas("Zen 4", "flip", "c", "call", 6e-9),
		meas("Zen 4", "flip", "d", "call", 1e-9),
		meas("Zen 4", "flip", "a", "batch", 1e-9), // no batch prediction
		meas("Zen 4", "moves", "a", "call", 1e-9), meas("Zen 4", "moves", "b", "call", 2e-9),
		meas("Haswell", "flip", "a", "call", 1e-9), // no model
	}
	acc := predict.Validate(preds, measured)
	if len(acc) != 1 {
		t.Fatalf("accuracies %+v, want one: Zen 4's flip per call", acc)
	}
	a := acc[0]
	if a.CPU != "cpu-Zen 4" || a.MCPU != "znver4" || a.Kernel != "flip" || a.Form != "call" || strings.Join(a.Variants, ",") != "a,b,c" {
		t.Errorf("accuracy %+v", a)
	}
	// predicted 10 20 30, measured 3 2 6: ranks 1 2 3 against 2 1 3
	if !near(a.Spearman, 0.5) || !near(a.RatioError, predict.RatioError([]float64{10, 20, 30}, []float64{3, 2, 6})) {
		t.Errorf("Spearman %v, ratio error %v", a.Spearman, a.RatioError)
	}
}

const zen4Head = "cpu: AMD EPYC\ncpu-id: amd-zen4-f19-m11-s1\ncpu-vendor: AMD\ncpu-family: 0x19\ncpu-model: 0x11\ncpu-stepping: 1\nuarch: Zen 4\n"

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The measured figure is the figure (stats.Figure) of the newest complete run; an
// interrupted newer run, cbench's C kernels and results with more keys
// than kernel, variant and form do not count.
func TestMeasuredFigures(t *testing.T) {
	dir := t.TempDir()
	cpu := filepath.Join(dir, "amd-zen4-f19-m11-s1")
	writeFile(t, filepath.Join(cpu, "2026-01-01T000000-kernels.txt"), zen4Head+
		"BenchmarkKernel/kernel=flip/variant=a/form=call 1 100 ns/op\n")
	writeFile(t, filepath.Join(cpu, "2026-01-02T000000-kernels.txt"), zen4Head+
		"BenchmarkKernel/kernel=flip/variant=a/form=call 1 3 ns/op\nBenchmarkKernel/kernel=flip/variant=a/form=call 1 1 ns/op\n"+
		"BenchmarkKernel/kernel=flip/variant=a/form=call 1 2 ns/op\n"+
		"BenchmarkKernel/kernel=popcount/variant=a/form=call/len=8 1 5 ns/op\n"+
		"impl: c\nBenchmarkKernel/kernel=flip/variant=c-x/form=call 1 9 ns/op\n")
	writeFile(t, filepath.Join(cpu, "2026-01-03T000000-kernels.txt"), zen4Head+
		"BenchmarkKernel/kernel=flip/variant=a/form=call 1 50 ns/op\nincomplete: interrupted\n")
	ds, err := stats.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := ds.Len()
	got := predict.MeasuredFigures(ds)
	if len(got) != 1 {
		t.Fatalf("measured %+v, want flip a per call alone", got)
	}
	want := stats.Figure([]float64{3e-9, 1e-9, 2e-9}, 0.95).Center
	if m := got[0]; m.CPU != "amd-zen4-f19-m11-s1" || m.Uarch != "Zen 4" || m.Kernel != "flip" || m.Variant != "a" || m.Form != "call" || !near(m.Seconds, want) {
		t.Errorf("measured %+v, want the figure %.3g s of the newest complete run", m, want)
	}
	if ds.Len() != n {
		t.Error("MeasuredFigures changed the dataset it was given")
	}
}
