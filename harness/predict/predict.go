package predict

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"
)

// Options is one prediction run.
type Options struct {
	Binary *Binary // the executable whose code is read
	// Build is what that executable registers (OwnBuild for the running
	// one, LoadBuild for another).
	Build *Build
	Tool  *Tool
	// Kernels, if set, keeps only these kernels, in this order.
	Kernels []string
	// Variants, if set, keeps only the variants of these names.
	Variants []string
	// Models are the models predicted, of the executable's architecture.
	Models     []Model
	Iterations int // 0 for DefaultIterations
	// Parallel is how many llvm-mca runs (one per model) may run at once.
	Parallel int
}

// Prediction is one variant's form on one model.
type Prediction struct {
	Model                       Model
	Kernel, Variant, Kind, Form string
	Symbol                      string // the function whose code is modelled
	Via                         string // the function value's own symbol, when it only wraps Symbol
	Start, End                  uint64 // the region's offsets in Symbol: [Start, End)
	Insts                       int    // instructions of the binary in the region
	X86asm, ARM64asm, LLVM      int    // of which decoded by each path (Path)
	ArgLoads                    int    // argument loads put before a Go function (PathArgs)
	PerPass                     int    // operations per pass over the region
	CyclesPerOp                 float64
	Why                         string // why there is no figure (CyclesPerOp is NaN)
	Branches                    int    // data-dependent branches in the region
	Region                      *Region
}

// HasFigure reports whether the prediction has a figure.
func (p *Prediction) HasFigure() bool { return !math.IsNaN(p.CyclesPerOp) }

// Code says where the modelled code is: symbol, offsets, and the
// wrapper the variant's function value goes through, if any.
func (p *Prediction) Code() string {
	s := fmt.Sprintf("%s+%#x..%#x", shortName(p.Symbol), p.Start, p.End)
	if p.Via != "" {
		s += " via " + shortName(p.Via)
	}
	return s
}

// Run predicts every form of every variant of the kernels on every model
// whose CPU runs it: it finds the code each form runs (resolve), decodes
// it (Decode), finds each form's region (CallPath, BatchLoop) and runs
// llvm-mca once per model on the regions that are a straight line.
func Run(ctx context.Context, o Options) ([]*Prediction, error) {
	if o.Iterations == 0 {
		o.Iterations = DefaultIterations
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	d := &decoder{ctx: ctx, o: o, have: map[uint64]*Listing{}}
	targets, err := resolve(d)
	if err != nil {
		return nil, err
	}
	regions := make([]*Region, len(targets))
	for i, t := range targets {
		l := d.have[t.fn.Addr]
		if t.form == FormBatch {
			regions[i] = BatchLoop(l, o.Binary)
			continue
		}
		r := CallPath(l, o.Binary)
		if !t.asm {
			loads, err := argLoads(o.Binary.Arch, t.reg.ArgWords, t.reg.ArgProblem)
			if err != nil {
				r.Problems = append(r.Problems, err.Error())
			}
			r.Insts = append(loads, r.Insts...)
		}
		regions[i] = r
	}
	// the regions are the same on every model: only which run (the
	// model's CPU features) and their figures differ
	var preds []*Prediction
	straight := make([][]*Region, len(o.Models))
	figured := make([][]*Prediction, len(o.Models))
	for mi, m := range o.Models {
		for i, t := range targets {
			if !t.reg.RunsOn(m.CPU) {
				continue
			}
			p := newPrediction(m, t, regions[i])
			if regions[i].Straight() {
				straight[mi] = append(straight[mi], regions[i])
				figured[mi] = append(figured[mi], p)
			} else {
				p.Why = regions[i].Why()
			}
			preds = append(preds, p)
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(o.Parallel, 1))
	for mi, m := range o.Models {
		g.Go(func() error {
			figs, err := o.Tool.Analyse(gctx, m.MCPU, straight[mi], o.Iterations)
			if err != nil {
				return err
			}
			for i, f := range figs {
				p := figured[mi][i]
				if f.Unmodelled != "" {
					p.Why = fmt.Sprintf("llvm-mca -mcpu=%s has no scheduling data for %s", m.MCPU, f.Unmodelled)
					continue
				}
				p.CyclesPerOp = f.Cycles / float64(p.PerPass)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return preds, nil
}

// newPrediction is a target's region on a model, without its figure.
func newPrediction(m Model, t *target, r *Region) *Prediction {
	p := &Prediction{Model: m, Kernel: t.kernel, Variant: t.reg.Name, Kind: t.reg.Kind, Form: t.form,
		Symbol: t.name, Via: t.via, PerPass: r.PerPass, CyclesPerOp: math.NaN(), Branches: len(r.Branches), Region: r}
	var code []*Inst
	for _, in := range r.Insts {
		switch in.Path {
		case PathX86asm:
			p.X86asm++
		case PathARM64asm:
			p.ARM64asm++
		case PathLLVM:
			p.LLVM++
		case PathArgs:
			p.ArgLoads++
			continue
		}
		code = append(code, in)
	}
	p.Insts = len(code)
	if len(code) > 0 {
		l := r.Listing
		p.Start = l.Offset(code[0])
		last := code[len(code)-1]
		p.End = l.Offset(last) + uint64(len(last.Bytes))
	}
	return p
}

// check refuses options that cannot run: no build, a kernel the build
// does not have, a model of another architecture than the executable's.
func (o *Options) check() error {
	if o.Binary == nil || o.Build == nil {
		return fmt.Errorf("predict: no executable, or no description of its build")
	}
	if o.Build.Arch != o.Binary.Arch {
		return fmt.Errorf("%s: an %s executable, described as an %s build", o.Binary.Path, o.Binary.Arch, o.Build.Arch)
	}
	have := o.Build.Kernels()
	for _, k := range o.Kernels {
		if !slices.Contains(have, k) {
			return fmt.Errorf("unknown kernel %q (kernels of %s: %s)", k, o.Binary.Path, strings.Join(have, ", "))
		}
	}
	for _, m := range o.Models {
		if m.Arch() != o.Binary.Arch {
			return fmt.Errorf("-mcpu=%s models an %s CPU; %s is an %s executable (its models: %s)", m.MCPU, m.Arch(), o.Binary.Path, o.Binary.Arch, ModelNames(ModelsFor(o.Binary.Arch)))
		}
	}
	return nil
}

// selected are the build's variants the options keep: of Kernels (all
// if none) in its order, of Variants (all if none).
func (o *Options) selected() []*Registered {
	var out []*Registered
	keep := func(v *Registered) bool {
		return len(o.Variants) == 0 || slices.Contains(o.Variants, v.Name)
	}
	if len(o.Kernels) == 0 {
		for i := range o.Build.Variants {
			if v := &o.Build.Variants[i]; keep(v) {
				out = append(out, v)
			}
		}
		return out
	}
	for _, k := range o.Kernels {
		for i := range o.Build.Variants {
			if v := &o.Build.Variants[i]; v.Kernel == k && keep(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// ModelNames lists the models' -mcpu names, comma-separated.
func ModelNames(ms []Model) string {
	var names []string
	for _, m := range ms {
		names = append(names, m.MCPU)
	}
	return strings.Join(names, ",")
}
