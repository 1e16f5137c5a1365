package predict

import (
	"fmt"
	"io/fs"
	"math"
	"strings"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
)

// Predicted is one prediction as a results file holds it.
type Predicted struct {
	MCPU, Model, LLVM        string // the model, its label, llvm-mca's version
	Triple                   string // llvm-mca's -mtriple, "" where the line names none (x86-64)
	Kernel, Variant, Form    string
	Kind                     string // impl: go, asm, archsimd
	Cycles                   float64
	Insts, Branches          int
	Code, Why, Note, Decoded string
	File                     string
}

// HasFigure reports whether the prediction has cycles.
func (p *Predicted) HasFigure() bool { return !math.IsNaN(p.Cycles) }

// Read reads the predictions of a folder laid out as results/predicted
// (<mcpu>/<kernel>.txt), naming its files prefix+path. A file that is not
// predict's (no predicted line) or a line it cannot read is an error
// naming it: predictions are written whole, by one program.
func Read(fsys fs.FS, prefix string) ([]*Predicted, error) {
	srcs, err := resultsfile.FSSources(fsys, prefix)
	if err != nil {
		return nil, err
	}
	ds, err := stats.ReadSources(srcs...)
	if err != nil {
		return nil, err
	}
	if len(ds.Problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(ds.Problems, "; "))
	}
	var out []*Predicted
	for _, r := range ds.All() {
		src := r.GetConfig(resultsfile.KeyFile)
		pred := r.GetConfig(PredictedKey)
		llvm, triple, mcpu, ok := parsePredicted(pred)
		if !ok {
			return nil, fmt.Errorf("%s: %s is not a prediction (its %s line is %q)", src, r.Name.Full(), PredictedKey, pred)
		}
		keys := resultsfile.NameKeys(r.Name)
		p := &Predicted{MCPU: mcpu, Model: r.GetConfig(resultsfile.KeyModel), LLVM: llvm, Triple: triple, Kernel: keys["kernel"], Variant: keys["variant"],
			Form: keys["form"], Kind: r.GetConfig(resultsfile.KeyImpl), Cycles: math.NaN(), Code: r.GetConfig(resultsfile.KeyCode), Why: r.GetConfig(resultsfile.KeyWhy),
			Note: r.GetConfig(resultsfile.KeyModelNote), Decoded: r.GetConfig(resultsfile.KeyDecoded), File: src}
		if v, ok := r.Value(UnitCycles); ok {
			p.Cycles = v
		}
		if v, ok := r.Value(UnitInsts); ok {
			p.Insts = int(v)
		}
		if v, ok := r.Value(UnitBranches); ok {
			p.Branches = int(v)
		}
		if p.Kernel == "" || p.Variant == "" || p.Form == "" {
			return nil, fmt.Errorf("%s: %s does not name a kernel, variant and form", src, r.Name.Full())
		}
		if !p.HasFigure() && p.Why == "" {
			return nil, fmt.Errorf("%s: %s has neither cycles nor a why line", src, r.Name.Full())
		}
		out = append(out, p)
	}
	return out, nil
}

// parsePredicted reads a predicted line: "llvm-mca <version>
// [-mtriple=<triple>] -mcpu=<model>".
func parsePredicted(line string) (llvm, triple, mcpu string, ok bool) {
	f := strings.Fields(line)
	if len(f) < 3 || len(f) > 4 || f[0] != "llvm-mca" {
		return "", "", "", false
	}
	llvm = f[1]
	for _, flag := range f[2:] {
		switch {
		case strings.HasPrefix(flag, "-mtriple=") && triple == "" && mcpu == "":
			triple = strings.TrimPrefix(flag, "-mtriple=")
		case strings.HasPrefix(flag, "-mcpu=") && mcpu == "":
			mcpu = strings.TrimPrefix(flag, "-mcpu=")
		default:
			return "", "", "", false
		}
	}
	return llvm, triple, mcpu, mcpu != "" && llvm != ""
}

// AsPredicted is what the predictions' results files will say of them
// (llvm is llvm-mca's version), for validating them before they are
// written.
func AsPredicted(preds []*Prediction, llvm string) []*Predicted {
	out := make([]*Predicted, len(preds))
	for i, p := range preds {
		triple := ""
		if p.Model.Arch() == "arm64" {
			triple = p.Model.MTriple()
		}
		out[i] = &Predicted{MCPU: p.Model.MCPU, Model: p.Model.Label, LLVM: llvm, Triple: triple, Kernel: p.Kernel, Variant: p.Variant,
			Form: p.Form, Kind: p.Kind, Cycles: p.CyclesPerOp, Insts: p.Insts + p.ArgLoads, Branches: p.Branches,
			Code: p.Code(), Why: p.Why, Note: p.Model.Note}
	}
	return out
}
