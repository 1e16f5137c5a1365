package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

func init() {
	register(&command{
		name:    "predict",
		summary: "predict each variant's cycles per operation on microarchitectures nobody here owns (llvm-mca on this binary's own machine code) into results/predicted/<model>/, checked against the CPUs measured",
		usage:   "[-kernel K,...] [-variant V,...] [-mcpu M,...] [-o DIR] [-list] [-llvm-mca PATH -llvm-mc PATH]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			res := bench.ResultsDir()
			kernels := fs.String("kernel", "", "only these kernels (comma-separated; default all)")
			only := fs.String("variant", "", "only these variants (comma-separated names; default all)")
			var names []string
			for _, m := range predict.Models {
				names = append(names, m.MCPU)
			}
			mcpus := fs.String("mcpu", strings.Join(names, ","), "the models (llvm-mca's -mcpu names)")
			out := fs.String("o", filepath.Join(res, predict.Dir), "where the predictions go (<model>/<kernel>.txt)")
			measured := fs.String("results", res, "the measured results the predictions are checked against")
			list := fs.Bool("list", false, "print every instruction of every region as llvm-mca reads it, with the decoder it came from, and write nothing")
			iters := fs.Int("iterations", predict.DefaultIterations, "passes over each region llvm-mca simulates")
			mca := fs.String("llvm-mca", "", "llvm-mca to run (default: llvm-mca-19, else llvm-mca, on the PATH)")
			mc := fs.String("llvm-mc", "", "llvm-mc to run (default: the one beside llvm-mca)")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("predict: unexpected argument %q", args[0])}
				}
				o := predictOptions{out: *out, measured: *measured, list: *list}
				var err error
				if o.run.Kernels, err = kernelList(*kernels); err != nil {
					return &exitError{2, "predict: -kernel: " + err.Error()}
				}
				for _, n := range strings.Split(*mcpus, ",") {
					m, err := predict.ModelByName(strings.TrimSpace(n))
					if err != nil {
						return &exitError{2, "predict: -mcpu: " + err.Error()}
					}
					o.run.Models = append(o.run.Models, m)
				}
				if *only != "" {
					o.run.Variants = strings.Split(*only, ",")
				}
				if *iters < 1 {
					return &exitError{2, fmt.Sprintf("predict: -iterations %d: want at least 1", *iters)}
				}
				o.run.Iterations = *iters
				o.run.Parallel = runtime.NumCPU()
				ctx := context.Background()
				if o.run.Tool, err = llvmTool(ctx, *mca, *mc); err != nil {
					return err
				}
				exe, err := os.Executable()
				if err != nil {
					return fmt.Errorf("this executable: %v", err)
				}
				if o.run.Binary, err = predict.OpenBinary(exe); err != nil {
					return err
				}
				return runPredict(ctx, o)
			}
		},
	})
}

type predictOptions struct {
	run           predict.Options
	out, measured string
	list          bool
}

// kernelList is the kernels named (all for "").
func kernelList(spec string) ([]variants.KernelInfo, error) {
	if spec == "" {
		return variants.Kernels(), nil
	}
	var out []variants.KernelInfo
	for _, n := range strings.Split(spec, ",") {
		k, err := variants.KernelByName(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

// llvmTool finds llvm-mca and llvm-mc: the paths given, else LLVM 19's
// on the PATH, else the unversioned ones; missing, it says how to
// install them.
func llvmTool(ctx context.Context, mca, mc string) (*predict.Tool, error) {
	if mca == "" {
		for _, name := range []string{"llvm-mca-19", "llvm-mca"} {
			if p, err := exec.LookPath(name); err == nil {
				mca = p
				break
			}
		}
		if mca == "" {
			return nil, errors.New("llvm-mca not found on the PATH: " + predict.InstallHint + "; or name it with -llvm-mca")
		}
	}
	if mc == "" {
		// the llvm-mc of the same LLVM: same folder, same suffix
		dir, base := filepath.Split(mca)
		mc = filepath.Join(dir, strings.Replace(base, "llvm-mca", "llvm-mc", 1))
	}
	for _, p := range []string{mca, mc} {
		if _, err := exec.LookPath(p); err != nil {
			return nil, fmt.Errorf("%s: %v (%s)", p, err, predict.InstallHint)
		}
	}
	return predict.NewTool(ctx, mca, mc)
}

func runPredict(ctx context.Context, o predictOptions) error {
	start := time.Now()
	preds, err := predict.Run(ctx, o.run)
	if err != nil {
		return err
	}
	if o.list {
		printRegions(preds)
		return nil
	}
	files, err := predict.WriteDir(o.out, preds, predict.Meta{LLVM: o.run.Tool.Version, Iterations: o.run.Iterations, Commit: bench.Commit(), Go: runtime.Version()})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "llvm-mca %s, %d iterations per region; the code of %s\n\n", o.run.Tool.Version, o.run.Iterations, o.run.Binary.Path)
	fmt.Fprintf(stdout, "%-16s %6s %8s %9s %8s %6s %12s\n", "model", "forms", "figures", "branches", "calls", "other", "not runnable")
	for _, m := range o.run.Models {
		var n, fig, br, calls, other int
		for _, p := range preds {
			if p.Model.MCPU != m.MCPU {
				continue
			}
			n++
			switch {
			case p.HasFigure():
				fig++
			case p.Branches > 0:
				br++
			case len(p.Region.Calls) > 0:
				calls++
			default:
				other++
			}
		}
		fmt.Fprintf(stdout, "%-16s %6d %8d %9d %8d %6d %12d\n", m.MCPU, n, fig, br, calls, other, notRunnable(o.run, m))
	}
	if err := printAccuracy(o, preds); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n%d files in %s, %d variants' forms on %d models in %v\n", len(files), o.out, len(preds), len(o.run.Models), time.Since(start).Round(100*time.Millisecond))
	return nil
}

// notRunnable counts the variants' forms a model's CPU cannot run
// (never predicted there).
func notRunnable(o predict.Options, m predict.Model) int {
	n := 0
	for _, k := range o.Kernels {
		for _, c := range k.Code() {
			if len(o.Variants) > 0 && !slices.Contains(o.Variants, c.Name) || c.RunsOn(m.CPU) {
				continue
			}
			n++
			if c.Batch != nil {
				n++
			}
		}
	}
	return n
}

// printAccuracy compares the predictions with the measured CPUs of the
// results directory, per kernel and form.
func printAccuracy(o predictOptions, preds []*predict.Prediction) error {
	ds, err := stats.ReadDir(o.measured)
	if err != nil {
		return err
	}
	acc := predict.Validate(predict.AsPredicted(preds, o.run.Tool.Version), predict.MeasuredFigures(ds))
	if len(acc) == 0 {
		fmt.Fprintf(stdout, "\nno measured CPU of %s has a model here to check the predictions against\n", o.measured)
		return nil
	}
	fmt.Fprintf(stdout, "\nagainst the CPUs measured in %s (Spearman: rank correlation; ratio error: median |predicted/measured - 1| of the times over the fastest):\n", o.measured)
	fmt.Fprintf(stdout, "%-26s %-16s %-6s %8s %9s %12s\n", "CPU", "kernel", "form", "variants", "Spearman", "ratio error")
	for _, a := range acc {
		fmt.Fprintf(stdout, "%-26s %-16s %-6s %8d %9s %12s\n", a.CPU+" ("+a.MCPU+")", a.Kernel, a.Form, len(a.Variants), predict.FormatRho(a.Spearman), predict.FormatRatioError(a.RatioError))
	}
	return nil
}

// printRegions prints every prediction's region, an instruction a line
// with the decoder it came from (x86asm, llvm, or args: a load put
// before a Go function), once per variant's form.
func printRegions(preds []*predict.Prediction) {
	seen := map[string]bool{}
	for _, p := range preds {
		k := p.Kernel + "/" + p.Variant + "/" + p.Form
		if seen[k] {
			continue
		}
		seen[k] = true
		fmt.Fprintf(stdout, "%s %s %s: %s, %d per pass", p.Kernel, p.Variant, p.Form, p.Code(), p.PerPass)
		if !p.Region.Straight() {
			fmt.Fprintf(stdout, " (no figure: %s)", p.Region.Why())
		}
		fmt.Fprintln(stdout)
		for _, in := range p.Region.Insts {
			where := "        "
			if in.Path != predict.PathArgs {
				where = fmt.Sprintf("+%#-6x", p.Region.Listing.Offset(in))
			}
			why := ""
			if in.Why != "" {
				why = "   # " + in.Why
			}
			fmt.Fprintf(stdout, "  %s %-7s %s%s\n", where, in.Path, in.Text, why)
		}
		fmt.Fprintln(stdout)
	}
}
