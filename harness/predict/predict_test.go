package predict_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/variants"
)

var (
	runOnce  sync.Once
	runPreds []*predict.Prediction
	runErr   error
)

// predictions runs predict once on a few kernels of every shape (straight
// assembly, Go, branchy, loops of several elements, Go wrappers) on two
// models.
func predictions(t *testing.T) []*predict.Prediction {
	t.Helper()
	tool := testTool(t)
	b := testBinary(t)
	runOnce.Do(func() {
		ks := []string{"flip", "score_1", "eval_update", "move_evaluate", "hash_code"}
		var ms []predict.Model
		for _, n := range []string{"skylake", "icelake-server"} {
			m, err := predict.ModelByName(n)
			if err != nil {
				runErr = err
				return
			}
			ms = append(ms, m)
		}
		build := predict.OwnBuild(variants.Kernels(), "test")
		runPreds, runErr = predict.Run(context.Background(), predict.Options{Binary: b, Build: build, Tool: tool, Kernels: ks, Models: ms, Parallel: 2})
	})
	if runErr != nil {
		t.Fatal(runErr)
	}
	return runPreds
}

func find(t *testing.T, preds []*predict.Prediction, mcpu, kernel, variant, form string) *predict.Prediction {
	t.Helper()
	for _, p := range preds {
		if p.Model.MCPU == mcpu && p.Kernel == kernel && p.Variant == variant && p.Form == form {
			return p
		}
	}
	return nil
}

// Each form is modelled on the code it runs, and only code that is one
// path gets a figure.
func TestRegions(t *testing.T) {
	preds := predictions(t)
	for _, c := range []struct {
		mcpu, kernel, variant, form string
		symbol, via                 string // suffixes
		figure                      bool
		perPass, argLoads           int
		why                         string // in Why, when there is no figure
	}{
		// assembly through its ABI wrapper: the whole function, once
		{"skylake", "flip", "sse2", "call", "variants.flipSSE2.abi0", "variants.flipSSE2", true, 1, 0, ""},
		// the batch loop, through the Go closure that calls it
		{"skylake", "flip", "sse2", "batch", "variants.flipSSE2Batch.abi0", "].func1", true, 1, 0, ""},
		// Go: its register arguments loaded first
		{"skylake", "flip", "kindergarten", "call", "variants.FlipKindergarten", "", true, 1, 3, ""},
		// a jump table
		{"skylake", "flip", "roxane", "call", "variants.flipRoxane.abi0", "variants.flipRoxane", false, 1, 0, "indirect"},
		// the lazy cut's branches
		{"skylake", "score_1", "sse2-movemask", "call", "variants.score1SSE2.abi0", "", false, 1, 0, "data-dependent branch"},
		// a Go function converting arguments for assembly: the assembly,
		// whose loop over the flipped discs depends on the data
		{"skylake", "eval_update", "avx2", "call", "variants.evalUpdateAVX2.abi0", "variants.evalUpdateAVX2Go", false, 1, 0, "loop"},
		// a pointer compared with the end: how many elements an
		// iteration handles is not read from it
		{"skylake", "eval_update", "avx2", "batch", "variants.evalUpdateAVX2Batch.abi0", "", false, 0, 0, ""},
		// eight moves a loop iteration (SUBQ $8 before the back edge)
		{"icelake-server", "move_evaluate", "parity-table-avx512-lanes", "batch", "variants.moveEvaluateAVX512LanesBatch.abi0", "", true, 8, 0, ""},
		// a Go batch loop calling the function
		{"skylake", "hash_code", "zobrist-table", "batch", "", "", false, 0, 0, "calls variants.HashCodeZobrist"},
	} {
		p := find(t, preds, c.mcpu, c.kernel, c.variant, c.form)
		if p == nil {
			t.Errorf("%s %s %s %s: no prediction", c.mcpu, c.kernel, c.variant, c.form)
			continue
		}
		name := c.kernel + "/" + c.variant + "/" + c.form
		if !strings.HasSuffix(p.Symbol, c.symbol) || !strings.HasSuffix(p.Via, c.via) {
			t.Errorf("%s: code %s via %s, want %s via %s", name, p.Symbol, p.Via, c.symbol, c.via)
		}
		if p.HasFigure() != c.figure || p.PerPass != c.perPass || p.ArgLoads != c.argLoads {
			t.Errorf("%s: figure %v (%.2f, %s), %d per pass, %d argument loads; want figure %v, %d, %d",
				name, p.HasFigure(), p.CyclesPerOp, p.Why, p.PerPass, p.ArgLoads, c.figure, c.perPass, c.argLoads)
		}
		if !c.figure && !strings.Contains(p.Why, c.why) {
			t.Errorf("%s: why %q, want %q in it", name, p.Why, c.why)
		}
		if c.figure && !(p.CyclesPerOp > 0) {
			t.Errorf("%s: %v cycles", name, p.CyclesPerOp)
		}
	}
}

// A variant whose CPU features the model's CPU lacks is not predicted
// there (Skylake has no AVX-512), and every instruction of every variant
// a model runs has scheduling data in llvm-mca's model of it: the
// models' feature lists agree with LLVM's.
func TestRunnableOnModel(t *testing.T) {
	preds := predictions(t)
	if p := find(t, preds, "skylake", "flip", "avx512-lzcnt", "call"); p != nil {
		t.Errorf("flip avx512-lzcnt predicted on Skylake: %v", p.CyclesPerOp)
	}
	if p := find(t, preds, "icelake-server", "flip", "avx512-lzcnt", "call"); p == nil || !p.HasFigure() {
		t.Errorf("flip avx512-lzcnt on Ice Lake-SP: %+v", p)
	}
	for _, p := range preds {
		if strings.Contains(p.Why, "no scheduling data") {
			t.Errorf("%s %s %s %s: %s", p.Model.MCPU, p.Kernel, p.Variant, p.Form, p.Why)
		}
	}
}

// Every model's CPU is the microarchitecture it names, so that measured
// CPUs find their model.
func TestModelsUarch(t *testing.T) {
	for _, m := range predict.AllModels() {
		got, ok := predict.ModelOf(m.CPU.Uarch)
		if m.CPU.Uarch == "" || !ok || got.MCPU != m.MCPU {
			t.Errorf("%s: uarch %q gives model %q", m.MCPU, m.CPU.Uarch, got.MCPU)
		}
	}
	if _, err := predict.ModelByName("znver9"); err == nil || !strings.Contains(err.Error(), "znver4") {
		t.Errorf("an unknown model: %v", err)
	}
}
