package main

import (
	"context"
	"encoding/json"
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
		summary: "predict each variant's cycles per operation on microarchitectures nobody here owns (llvm-mca on this binary's own machine code, or another build's: -binary) into results/predicted/<model>/, checked against the CPUs measured",
		usage:   "[-kernel K,...] [-variant V,...] [-mcpu M,...] [-binary FILE] [-o DIR] [-list] [-llvm-mca PATH -llvm-mc PATH]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			res := bench.ResultsDir()
			kernels := fs.String("kernel", "", "only these kernels (comma-separated; default all)")
			only := fs.String("variant", "", "only these variants (comma-separated names; default all)")
			mcpus := fs.String("mcpu", "", "the models (llvm-mca's -mcpu names; default the binary's architecture's: x86-64 "+
				predict.ModelNames(predict.Models)+"; aarch64 "+predict.ModelNames(predict.ARM64Models)+")")
			binary := fs.String("binary", "", "the flipbench build whose code is predicted (default this executable), e.g. GOARCH=arm64 go build -o fb-arm64 ./cmd/flipbench: it is run (under qemu-aarch64 on another architecture) to list its variants")
			out := fs.String("o", filepath.Join(res, predict.Dir), "where the predictions go (<model>/<kernel>.txt)")
			measured := fs.String("results", res, "the measured results the predictions are checked against")
			list := fs.Bool("list", false, "print every instruction of every region as llvm-mca reads it, with the decoder it came from, and write nothing")
			iters := fs.Int("iterations", predict.DefaultIterations, "passes over each region llvm-mca simulates")
			mca := fs.String("llvm-mca", "", "llvm-mca to run (default: llvm-mca-19, else llvm-mca, on the PATH)")
			mc := fs.String("llvm-mc", "", "llvm-mc to run (default: the one beside llvm-mca)")
			manifest := fs.Bool("manifest", false, "print this build's variants, their CPU features and functions as JSON, and exit (what -binary reads from another build)")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("predict: unexpected argument %q", args[0])}
				}
				if *manifest {
					return json.NewEncoder(stdout).Encode(predict.OwnBuild(variants.Kernels(), bench.Commit()))
				}
				o := predictOptions{out: *out, measured: *measured, list: *list}
				if *kernels != "" {
					for _, n := range strings.Split(*kernels, ",") {
						o.run.Kernels = append(o.run.Kernels, strings.TrimSpace(n))
					}
				}
				var models []predict.Model
				if *mcpus != "" {
					for _, n := range strings.Split(*mcpus, ",") {
						m, err := predict.ModelByName(strings.TrimSpace(n))
						if err != nil {
							return &exitError{2, "predict: -mcpu: " + err.Error()}
						}
						models = append(models, m)
					}
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
				var self bool
				var err error
				if o.run.Binary, self, err = predictBinary(*binary); err != nil {
					return err
				}
				arch := o.run.Binary.Arch
				for _, m := range models {
					if m.Arch() != arch {
						return &exitError{2, fmt.Sprintf("predict: -mcpu %s models an %s CPU, %s is an %s build (its models: %s)",
							m.MCPU, m.Arch(), o.run.Binary.Path, arch, predict.ModelNames(predict.ModelsFor(arch)))}
					}
				}
				if o.run.Models = models; len(models) == 0 {
					o.run.Models = predict.ModelsFor(arch)
				}
				if self {
					o.run.Build = predict.OwnBuild(variants.Kernels(), bench.Commit())
				} else if o.run.Build, err = predict.LoadBuild(ctx, o.run.Binary, "predict", "-manifest"); err != nil {
					return fmt.Errorf("-binary %s: its variants: %v", o.run.Binary.Path, err)
				}
				have := o.run.Build.Kernels()
				for _, k := range o.run.Kernels {
					if !slices.Contains(have, k) {
						return &exitError{2, fmt.Sprintf("predict: -kernel: unknown kernel %q (kernels: %s)", k, strings.Join(have, ", "))}
					}
				}
				if o.run.Tool, err = llvmTool(ctx, *mca, *mc); err != nil {
					return err
				}
				return runPredict(ctx, o)
			}
		},
	})
}

// predictBinary opens the executable predicted: this one unless path
// names another (self: it is this one, whose registry is this process's).
func predictBinary(path string) (b *predict.Binary, self bool, err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, false, fmt.Errorf("this executable: %v", err)
	}
	self = path == ""
	if !self {
		a, err := os.Stat(path)
		if err != nil {
			return nil, false, &exitError{2, "predict: -binary: " + err.Error()}
		}
		e, err := os.Stat(exe)
		self = err == nil && os.SameFile(a, e)
	}
	if self {
		b, err = predict.OpenBinary(exe)
		return b, true, err
	}
	if b, err = predict.OpenBinary(path); err != nil {
		return nil, false, &exitError{2, "predict: -binary: " + err.Error()}
	}
	return b, false, nil
}

type predictOptions struct {
	run           predict.Options
	out, measured string
	list          bool
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
	files, err := predict.WriteDir(o.out, preds, predict.Meta{LLVM: o.run.Tool.Version, Iterations: o.run.Iterations, Commit: o.run.Build.Commit, Go: o.run.Build.Go})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "llvm-mca %s, %d iterations per region; the code of %s (%s)\n\n", o.run.Tool.Version, o.run.Iterations, o.run.Binary.Path, o.run.Binary.Arch)
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
	for _, v := range o.Build.Variants {
		if len(o.Kernels) > 0 && !slices.Contains(o.Kernels, v.Kernel) ||
			len(o.Variants) > 0 && !slices.Contains(o.Variants, v.Name) || v.RunsOn(m.CPU) {
			continue
		}
		if v.Fn != nil {
			n++
		}
		if v.Batch != nil || v.BatchAsm != nil {
			n++
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
