package predict_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/report"
	"github.com/flipbench/flipbench/results"
)

// samplePredictions are predictions of two models as Run makes them: a
// figure, and a branchy form without one.
func samplePredictions(t *testing.T) []*predict.Prediction {
	t.Helper()
	var out []*predict.Prediction
	for _, mcpu := range []string{"skylake", "znver4"} {
		m, err := predict.ModelByName(mcpu)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out,
			&predict.Prediction{Model: m, Kernel: "flip", Variant: "sse2", Kind: "asm", Form: "call", Symbol: "variants.flipSSE2.abi0",
				Via: "variants.flipSSE2", End: 0x1bf, Insts: 101, X86asm: 101, PerPass: 1, CyclesPerOp: 34.8},
			&predict.Prediction{Model: m, Kernel: "flip", Variant: "bitscan", Kind: "go", Form: "call", Symbol: "variants.FlipBitscan",
				End: 0x20, Insts: 51, X86asm: 51, ArgLoads: 3, PerPass: 1, CyclesPerOp: math.NaN(), Branches: 6,
				Why: "6 data-dependent branches (jge at +0x24, ...)"})
	}
	return out
}

var meta = predict.Meta{LLVM: "19.1.7", Iterations: 100, Commit: "abc", Go: "go1.26.8"}

// What WriteDir writes, Read reads back, one file per model and kernel,
// each whole (no temporary file left).
func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	files, err := predict.WriteDir(dir, samplePredictions(t), meta)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{predict.File(dir, "skylake", "flip"), predict.File(dir, "znver4", "flip")}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	all, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	if len(all) != 2 {
		t.Errorf("files in %s: %v", dir, all)
	}
	data, _ := os.ReadFile(files[0])
	for _, want := range []string{"predicted: llvm-mca 19.1.7 -mcpu=skylake\n", "Unit cycles/op assume=exact\n",
		"BenchmarkKernel/kernel=flip/variant=sse2/form=call 1 34.8 cycles/op 101 instructions/op 0 branches/op\n",
		"why: 6 data-dependent branches", "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 54 instructions/op 6 branches/op\n",
		"decoded: x86asm 51, llvm 0, argument loads 3\n", "code: variants.flipSSE2.abi0+0x0..0x1bf via variants.flipSSE2\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("%s lacks %q:\n%s", files[0], want, data)
		}
	}
	got, err := predict.Read(os.DirFS(dir), "predicted/")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 {
		t.Fatalf("read %d predictions, want 4", len(got))
	}
	p := got[0]
	if p.MCPU != "skylake" || p.Model != "Skylake" || p.LLVM != "19.1.7" || p.Kernel != "flip" || p.Variant != "sse2" ||
		p.Form != "call" || p.Kind != "asm" || p.Cycles != 34.8 || p.Insts != 101 || p.Branches != 0 || p.File != "predicted/skylake/flip.txt" {
		t.Errorf("read %+v", p)
	}
	if q := got[1]; q.HasFigure() || q.Branches != 6 || !strings.HasPrefix(q.Why, "6 data-dependent") {
		t.Errorf("the branchy one read as %+v", q)
	}
}

// A file under the predictions that predict did not write is an error
// naming it.
func TestReadRejectsForeignFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "skylake", "flip.txt"), zen4Head+"BenchmarkKernel/kernel=flip/variant=a/form=call 1 2 ns/op\n")
	_, err := predict.Read(os.DirFS(dir), "p/")
	if err == nil || !strings.Contains(err.Error(), "p/skylake/flip.txt") || !strings.Contains(err.Error(), "not a prediction") {
		t.Errorf("a measured file among the predictions: %v", err)
	}
	writeFile(t, filepath.Join(dir, "skylake", "flip.txt"), "predicted: llvm-mca 19.1.7 -mcpu=skylake\nBenchmarkKernel/kernel=flip/variant=a/form=call 1 2 instructions/op\n")
	if _, err := predict.Read(os.DirFS(dir), "p/"); err == nil || !strings.Contains(err.Error(), "neither cycles nor a why line") {
		t.Errorf("a prediction without cycles or why: %v", err)
	}
}

// No reader of measured results takes the predictions for a CPU: not the
// list of results files (upload's), not ReadDir (compare's, pick's,
// report's), not the embedded CPUs, not the report's machines.
func TestPredictionsAreNoCPU(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt"), zen4Head+
		"BenchmarkKernel/kernel=flip/variant=sse2/form=call 1 5 ns/op\nBenchmarkKernel/kernel=flip/variant=sse2/form=call 1 6 ns/op\n")
	if _, err := predict.WriteDir(filepath.Join(dir, predict.Dir), samplePredictions(t), meta); err != nil {
		t.Fatal(err)
	}
	files, err := resultsfile.ResultsFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || strings.Contains(files[0], predict.Dir) {
		t.Errorf("results files %v: want the measured one alone", files)
	}
	ds, err := stats.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range ds.All() {
		if r.GetConfig(predict.PredictedKey) != "" || resultsfile.CPUOf(r) != "amd-zen4-f19-m11-s1" {
			t.Errorf("ReadDir read %s of %s (%s)", r.Name.Full(), resultsfile.CPUOf(r), r.GetConfig(resultsfile.KeyFile))
		}
	}
	srcs, err := resultsfile.FSSources(os.DirFS(dir), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range srcs {
		if strings.HasPrefix(s.Name, predict.Dir) {
			t.Errorf("FSSources lists %s", s.Name)
		}
	}
	if slices.Contains(results.EmbeddedCPUs(), results.PredictedDir) {
		t.Errorf("the embedded CPUs %v include the predictions", results.EmbeddedCPUs())
	}
	root := t.TempDir()
	r, err := report.Load(report.Options{ResultsDir: dir, Output: filepath.Join(root, "B.md"), ChartsDir: filepath.Join(root, "charts"), NoEmbedded: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Machines) != 1 || r.Machines[0].ID != "amd-zen4-f19-m11-s1" {
		for _, m := range r.Machines {
			t.Errorf("report machine %s (%s)", m.ID, m.Label())
		}
	}
}
