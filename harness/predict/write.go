package predict

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/internal/atomicfile"
	"github.com/flipbench/flipbench/results"
)

// Dir is the folder of the predictions inside results/: one folder per
// model below it (results/predicted/<mcpu>/<kernel>.txt), a level deeper
// than any measured CPU's files (results/<cpu-id>/*.txt), so that no
// reader of measured results ever takes them for a CPU.
const Dir = results.PredictedDir

// PredictedKey is the configuration line every prediction carries:
// "llvm-mca <version> -mcpu=<model>" for x86-64, "llvm-mca <version>
// -mtriple=aarch64 -mcpu=<model>" for aarch64 (Model.Flags). No measured
// result has it.
const PredictedKey = resultsfile.KeyPredicted

// The units of the predictions: cycles per operation where there is a
// figure; always the instructions modelled and the data-dependent
// branches that, where there are any, leave the result without cycles.
const (
	UnitCycles   = "cycles/op"
	UnitInsts    = "instructions/op"
	UnitBranches = "branches/op"
)

// Meta is what a prediction was made with.
type Meta struct {
	LLVM       string // llvm-mca's version
	Iterations int
	Commit     string // of the binary whose code was read
	Go         string // its toolchain
}

// File is where a model's predictions of a kernel go under dir
// (results/predicted).
func File(dir, mcpu, kernel string) string { return filepath.Join(dir, mcpu, kernel+".txt") }

// WriteDir writes the predictions, one file per model and kernel
// (File), each atomically and whole, and returns the files written.
func WriteDir(dir string, preds []*Prediction, m Meta) ([]string, error) {
	type key struct{ mcpu, kernel string }
	groups := map[key][]*Prediction{}
	var order []key
	for _, p := range preds {
		k := key{p.Model.MCPU, p.Kernel}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], p)
	}
	var files []string
	for _, k := range order {
		f := File(dir, k.mcpu, k.kernel)
		if err := atomicfile.WriteWith(f, func(w io.Writer) error { return write(w, groups[k], m) }); err != nil {
			return files, err
		}
		files = append(files, f)
	}
	return files, nil
}

// write writes one model's predictions of one kernel in Go's benchmark
// format: every result says the code it models (code, decoded) and,
// without a figure, why (why).
func write(w io.Writer, preds []*Prediction, m Meta) error {
	bw := resultsfile.NewWriter(w)
	for _, u := range []string{UnitCycles, UnitInsts, UnitBranches} {
		if err := bw.WriteUnit(resultsfile.ExactUnit(u)); err != nil {
			return err
		}
	}
	for _, p := range preds {
		model := p.Model
		cfg := [][2]string{
			{PredictedKey, fmt.Sprintf("llvm-mca %s %s", m.LLVM, model.Flags())},
			{resultsfile.KeyModel, model.Label},
			{resultsfile.KeyModelNote, model.Note},
			{resultsfile.KeyIterations, strconv.Itoa(m.Iterations)},
			{resultsfile.KeyCommit, m.Commit},
			{resultsfile.KeyGo, m.Go},
			{resultsfile.KeyImpl, p.Kind},
			{resultsfile.KeyCode, p.Code()},
			{resultsfile.KeyDecoded, p.Decoded()},
			{resultsfile.KeyWhy, p.Why},
		}
		cfg = slices.DeleteFunc(cfg, func(kv [2]string) bool { return kv[1] == "" })
		r := &benchfmt.Result{Name: benchfmt.Name(fmt.Sprintf("Kernel/kernel=%s/variant=%s/form=%s", p.Kernel, p.Variant, p.Form)), Iters: 1,
			Config: resultsfile.Config(cfg)}
		if p.HasFigure() {
			r.Values = append(r.Values, benchfmt.Value{Value: p.CyclesPerOp, Unit: UnitCycles})
		}
		r.Values = append(r.Values,
			benchfmt.Value{Value: float64(p.Insts + p.ArgLoads), Unit: UnitInsts},
			benchfmt.Value{Value: float64(p.Branches), Unit: UnitBranches})
		if err := bw.Write(r); err != nil {
			return err
		}
	}
	return nil
}

// Decoded says how many of the region's instructions each decoder gave
// (Path): "x86asm N, llvm N, argument loads N", arm64asm for aarch64.
func (p *Prediction) Decoded() string {
	if p.Model.Arch() == "arm64" {
		return fmt.Sprintf("arm64asm %d, llvm %d, argument loads %d", p.ARM64asm, p.LLVM, p.ArgLoads)
	}
	return fmt.Sprintf("x86asm %d, llvm %d, argument loads %d", p.X86asm, p.LLVM, p.ArgLoads)
}
