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

// An arm64 build's predictions get a section of their own after the
// x86-64 one: the aarch64 models' columns, named with their chips, the
// SVE variant only where the CPU has SVE, and under the table the why
// line of every cell without a figure, an SVE loop over the vector's
// lanes told apart from branches on the data (*VL loop*).
func TestReportPredictedARM64(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt"), zen4Head+
		runs("flip", 6, map[string]float64{"a": 3, "b": 5, "c": 9}, "a", "b", "c"))
	var preds []*predict.Prediction
	x86, err := predict.ModelByName("skylake")
	if err != nil {
		t.Fatal(err)
	}
	preds = append(preds, &predict.Prediction{Model: x86, Kernel: "flip", Variant: "a", Kind: "asm", Form: "call", Symbol: "f", Insts: 10, PerPass: 1, CyclesPerOp: 10})
	for _, m := range predict.ARM64Models {
		for i, v := range []string{"arm64-bitscan", "neon-fill", "bitscan", "sve-bitscan"} {
			p := &predict.Prediction{Model: m, Kernel: "flip", Variant: v, Kind: "asm", Form: "call", Symbol: "variants.f" + v, Insts: 20, ARM64asm: 20, PerPass: 1, CyclesPerOp: float64(10 * (i + 1))}
			switch v {
			case "bitscan":
				p.Kind, p.CyclesPerOp, p.Branches = "go", math.NaN(), 6
				p.Why = "6 data-dependent branches (b.ge at +0x30, cbz at +0x50, b.eq at +0x60, ...)"
			case "sve-bitscan":
				if m.CPU.SVEBits == 0 {
					continue // as predict does: not on a CPU without SVE
				}
				p.ARM64asm, p.LLVM, p.CyclesPerOp, p.Branches = 12, 25, math.NaN(), 2
				p.Why = "2 data-dependent branches (b.eq at +0x44, a loop back to +0x40)"
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
	page := func() string {
		r, err := Load(o)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Write(); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(o.Output)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	md := page()
	i, j := strings.Index(md, "## Predicted: microarchitectures"), strings.Index(md, "## Predicted on aarch64")
	if i < 0 || j < i {
		t.Fatalf("want the x86-64 predictions' section, then the aarch64 one:\n%s", md)
	}
	x86Sec, sec := md[i:j], md[j:]
	if end := strings.Index(sec[1:], "\n## "); end >= 0 {
		sec = sec[:end+1]
	}
	for _, want := range []string{
		"llvm-mca 19.1.7 (`-mtriple=aarch64`)",
		"predict -binary fb-arm64",
		"the SVE ones run only on Neoverse V1 (256-bit vectors), Neoverse N2 (128-bit) and Neoverse V2 (128-bit)",
		"vector length",
		"Every load hits the L1 cache",
		"NEON has no gather",
		"apple-* models are not used",
		"No arm64 CPU has been measured here",
		"### flip (predicted, aarch64)",
		"| variant | kind | Neoverse N1 (Graviton2), neoverse-n1 | Neoverse V1 (Graviton3), neoverse-v1 | Neoverse N2, neoverse-n2 | Neoverse V2 (Graviton4, Grace), neoverse-v2 | AmpereOne, ampere1 |\n",
		"| arm64-bitscan | asm | **10.0 #1** | **10.0 #1** | **10.0 #1** | **10.0 #1** | **10.0 #1** |",
		"| neon-fill | asm | 20.0 #2 2.00× |",
		"| bitscan | Go | *branchy (6)* | *branchy (6)* |",
		"| sve-bitscan | asm |  | *VL loop* | *VL loop* | *VL loop* |  |",
		"- bitscan: `6 data-dependent branches (b.ge at +0x30, cbz at +0x50, b.eq at +0x60, ...)`\n",
		"- sve-bitscan: `2 data-dependent branches (b.eq at +0x44, a loop back to +0x40)`, *VL loop*: the exit and the back edge of the loop over the vector's lanes",
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the aarch64 predicted section lacks %q:\n%s", want, sec)
		}
	}
	// an arm64 model is no column of the x86-64 tables, nor the
	// reverse; no accuracy line while no arm64 CPU is measured
	if strings.Contains(x86Sec, "neoverse") || strings.Contains(sec, "Skylake") || strings.Contains(sec, "Accuracy") {
		t.Errorf("the sections mix their models:\n%s", md[i:])
	}
	if !strings.Contains(x86Sec, "| variant | kind | Skylake (skylake) |\n") {
		t.Errorf("the x86-64 table lost its column:\n%s", x86Sec)
	}
	// the same results give the same page
	if again := page(); again != md {
		t.Error("a second report of the same results differs")
	}
}

// A VL loop is an aarch64 SVE function whose only branches are one
// loop's exit and back edge: a NEON loop over a slice, an x86-64 loop or
// an SVE function that branches on the data too is not.
func TestVectorLengthLoop(t *testing.T) {
	loop := "2 data-dependent branches (b.eq at +0x18, a loop back to +0x14)"
	for _, c := range []struct {
		mcpu, decoded, why string
		branches           int
		want               bool
	}{
		{"neoverse-v1", "arm64asm 5, llvm 7, argument loads 0", loop, 2, true},
		{"neoverse-n1", "arm64asm 5, llvm 0, argument loads 0", "2 data-dependent branches (b.lt at +0x10, a loop back to +0xc)", 2, false},
		{"znver4", "x86asm 5, llvm 7, argument loads 0", loop, 2, false},
		{"neoverse-v2", "arm64asm 9, llvm 7, argument loads 0", "3 data-dependent branches (cbz at +0x8, b.eq at +0x18, a loop back to +0x14)", 3, false},
		{"neoverse-v2", "arm64asm 9, llvm 7, argument loads 0", loop + "; calls variants.g", 2, false},
		{"neoverse-v2", "arm64asm 9, llvm 7, argument loads 0", "2 data-dependent branches (b.eq at +0x18, b.ne at +0x20)", 2, false},
	} {
		p := &predict.Predicted{MCPU: c.mcpu, Decoded: c.decoded, Why: c.why, Branches: c.branches, Cycles: math.NaN()}
		if got := vectorLengthLoop(p); got != c.want {
			t.Errorf("%s %q %q: VL loop %v, want %v", c.mcpu, c.decoded, c.why, got, c.want)
		}
	}
}
