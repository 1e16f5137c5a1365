package predict_test

import (
	"io/fs"
	"runtime"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// The committed predictions (results/predicted, embedded) read back and
// cover every variant of every kernel this build registers, per call and
// batched, on every model of its architecture (amd64's, or arm64's where
// the suite runs on arm64) whose CPU runs it: a new variant comes with
// its predictions. The archsimd variants aside: a GOEXPERIMENT=simd build
// registers them, the committed predictions are a default build's.
func TestCommittedPredictionsCover(t *testing.T) {
	sub, err := fs.Sub(results.FS(), results.PredictedDir)
	if err != nil {
		t.Fatal(err)
	}
	preds, err := predict.Read(sub, "results/predicted/")
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ mcpu, kernel, variant, form string }
	have := map[key]bool{}
	for _, p := range preds {
		have[key{p.MCPU, p.Kernel, p.Variant, p.Form}] = true
	}
	missing := map[string]int{}
	for _, k := range variants.Kernels() {
		for _, c := range k.Code() {
			if c.Kind() == variants.KindGoSIMD {
				continue
			}
			for _, m := range predict.ModelsFor(runtime.GOARCH) {
				if !c.RunsOn(m.CPU) {
					continue
				}
				if !have[key{m.MCPU, k.Name(), c.Name, predict.FormCall}] || c.Batch != nil && !have[key{m.MCPU, k.Name(), c.Name, predict.FormBatch}] {
					missing[k.Name()]++
					t.Logf("%s %s: no prediction on %s", k.Name(), c.Name, m.MCPU)
				}
			}
		}
	}
	for k, n := range missing {
		hint := "go run ./cmd/flipbench predict -kernel " + k
		if runtime.GOARCH == "arm64" {
			hint = "GOARCH=arm64 go build -o fb-arm64 ./cmd/flipbench && go run ./cmd/flipbench predict -binary fb-arm64 -kernel " + k
		}
		t.Errorf("%s: %d variants' predictions missing from results/predicted: %s, and commit results/predicted", k, n, hint)
	}
}
