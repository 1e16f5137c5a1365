package report

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
)

// The predictions get a section of their own: the accuracy against the
// CPU measured (its model's column is not among the predicted ones), and
// per kernel the predicted cycles, with no figure for branchy code.
func TestReportPredicted(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt"), zen4Head+
		runs("flip", 6, map[string]float64{"a": 3, "b": 5, "c": 9, "d": 4}, "a", "b", "c", "d"))
	var preds []*predict.Prediction
	for _, mcpu := range []string{"skylake", "znver2", "znver4"} {
		m, err := predict.ModelByName(mcpu)
		if err != nil {
			t.Fatal(err)
		}
		for v, c := range map[string]float64{"a": 10, "b": 20, "c": 30, "d": math.NaN()} {
			p := &predict.Prediction{Model: m, Kernel: "flip", Variant: v, Kind: "asm", Form: "call", Symbol: "f", Insts: 10, PerPass: 1, CyclesPerOp: c}
			if math.IsNaN(c) {
				p.Branches, p.Why = 2, "2 data-dependent branches (jne at +0x10)"
			}
			preds = append(preds, p)
		}
	}
	pdir := filepath.Join(t.TempDir(), predict.Dir)
	if _, err := predict.WriteDir(pdir, preds, predict.Meta{LLVM: "19.1.7", Iterations: 100}); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	o := Options{ResultsDir: dir, Output: filepath.Join(root, "B.md"), ChartsDir: filepath.Join(root, "charts"), NoEmbedded: true, Predicted: os.DirFS(pdir)}
	r, err := Load(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Write(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(o.Output)
	md := string(data)
	sec := md[strings.Index(md, "## Predicted"):]
	for _, want := range []string{
		"llvm-mca 19.1.7",
		// predicted 10 20 30, measured 3 5 9: the same order
		"| flip | per call | 1.00 | 0% | 3 |",
		"### flip (predicted)",
		"Accuracy against the CPUs measured: AMD EPYC (Zen 4), znver4: per call ρ = 1.00",
		"| variant | kind | Skylake (skylake) | Zen 2 (znver2) |\n",
		"| a | asm | **10.0 #1** | **10.0 #1** |",
		"| b | asm | 20.0 #2 2.00× | 20.0 #2 2.00× |",
		"| d | asm | *branchy (2)* | *branchy (2)* |",
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the predicted section lacks %q:\n%s", want, sec)
		}
	}
	if strings.Contains(md, "## Machines") && strings.Contains(md[:strings.Index(md, "## Predicted")], "skylake") {
		t.Error("a model appears before the predicted section, among the measured machines")
	}
	// a broken predictions file is an error naming it
	write(t, filepath.Join(pdir, "skylake", "flip.txt"), "BenchmarkKernel/kernel=flip/variant=a/form=call 1 2 ns/op\n")
	if r, err = Load(o); err == nil {
		err = r.Write()
	}
	if err == nil || !strings.Contains(err.Error(), "skylake/flip.txt") {
		t.Errorf("a foreign file among the predictions: %v", err)
	}
}
