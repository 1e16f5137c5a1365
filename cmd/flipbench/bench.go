package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/perf/benchfmt"
	"golang.org/x/term"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/variants"
)

func init() {
	register(&command{
		name:    "bench",
		summary: "benchmark every runnable variant of every kernel (or whole solves per variant) into results/<cpu>/",
		usage:   "[-kernel K,...] [-variant V] [-count N] [-benchtime D] [-cpu N] [-solve SET [-solve-kernel K]] [-o FILE] [-upload URL]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := benchFlags{}
			fs.StringVar(&o.kernels, "kernel", "", "only these kernels (comma-separated; default all, with floor: the call floors, an empty function called in each form)")
			fs.StringVar(&o.variant, "variant", "", "only variants of this name")
			fs.IntVar(&o.count, "count", bench.DefaultOptions.Count, "rounds: each runs every benchmark once, in a fresh random order; its runs are compared round by round")
			fs.DurationVar(&o.benchtime, "benchtime", bench.DefaultOptions.BenchTime, "target duration of one measured run")
			fs.DurationVar(&o.warmup, "warmup", bench.DefaultOptions.Warmup, "calibration of every benchmark in the warm-up round, before the first")
			fs.Uint64Var(&o.seed, "seed", 0, "seed of the rounds' random order (0: from the clock; the file records it)")
			fs.BoolVar(&o.twins, "twins", bench.DefaultOptions.Twins, "run an A/A twin in every group: a second copy of one variant, the session's own false-positive check")
			fs.StringVar(&o.counters, "counters", "auto", "hardware counters (cycles/op, instructions/op beside the time): auto (where this machine has them), on, off")
			fs.IntVar(&o.cpu, "cpu", -1, "pin the benchmarks to this CPU (Linux; -1: no pinning)")
			fs.StringVar(&o.hashBits, "hash-bits", joinInts(harness.DefaultHashBits), "hash_clear table sizes, log2 of the entries (24 bytes each): 15 = 768 KiB ... 26 = 1.5 GiB")
			fs.BoolVar(&o.noBatch, "no-batch", false, "per-call forms only")
			fs.StringVar(&o.solve, "solve", "", "instead of the micro-benchmarks, solve this set (ffo20-39, ...) once per run with each variant of -solve-kernel")
			fs.StringVar(&o.solveKernel, "solve-kernel", "score_1", "the kernel whose variants -solve compares (score_1: the last-move kernel a default solve calls; count_last_flip replaces score_1 by the solver's own on count_last_flip; bottom: the search from 7 empties down, every bottom this build and CPU offer: asm, asm-calls, gosimd, go; flip and moves are compared on asm-calls)")
			fs.StringVar(&o.out, "o", "", "results file (default results/<cpu-slug>/<date>-<what>.txt)")
			fs.StringVar(&o.progress, "progress", "auto", "progress bar: auto (when stderr is a terminal), bar, lines, off")
			fs.BoolVar(&o.dryRun, "n", false, "print what would run and the planned time, run nothing")
			fs.StringVar(&o.upload, "upload", "", "then send the results file to this perfdata server (flipbench upload); the file is kept whatever happens")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("bench: unexpected argument %q", args[0])}
				}
				return runBench(o)
			}
		},
	})
}

type benchFlags struct {
	kernels, variant   string
	count              int
	benchtime, warmup  time.Duration
	seed               uint64
	twins              bool
	counters           string
	cpu                int
	hashBits           string
	noBatch            bool
	solve, solveKernel string
	out, progress      string
	dryRun             bool
	upload             string
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func runBench(o benchFlags) error {
	if o.count < 1 {
		return &exitError{2, fmt.Sprintf("bench: -count %d: want at least 1", o.count)}
	}
	if o.benchtime <= 0 {
		return &exitError{2, "bench: -benchtime must be positive"}
	}
	base, err := selection("")
	if err != nil {
		return err
	}
	cpu := base.CPU()
	sel := harness.BenchSelect{Variant: o.variant, NoBatch: o.noBatch}
	if o.kernels != "" {
		for _, k := range strings.Split(o.kernels, ",") {
			sel.Kernels = append(sel.Kernels, strings.TrimSpace(k))
		}
	}
	hb, err := parseInts(o.hashBits)
	if err != nil {
		return &exitError{2, "bench: -hash-bits: " + err.Error()}
	}
	for _, b := range hb {
		if b < 2 || b > 30 {
			return &exitError{2, fmt.Sprintf("bench: -hash-bits %d: want 2..30", b)}
		}
	}
	sel.HashBits = hb

	var groups []*bench.Group
	what := "kernels"
	if o.solve != "" {
		var w *variants.EvalWeights
		if w, err = loadEval("default"); err != nil {
			return err
		}
		groups, err = solver.BenchGroups(o.solve, o.solveKernel, o.variant, base, solver.Options{Weights: w})
		harness.MarkImpl(groups)
		what = "solve-" + o.solve + "-" + o.solveKernel
	} else {
		groups, err = harness.KernelBenchGroups(sel, cpu)
		if len(sel.Kernels) > 0 {
			what = "kernels-" + strings.Join(sel.Kernels, "+")
		}
	}
	if err != nil {
		return &exitError{2, "bench: " + err.Error()}
	}
	if o.variant != "" {
		what += "-" + o.variant
	}
	server, err := openUpload(o.upload)
	if err != nil {
		return err
	}
	bo := bench.Options{Count: o.count, BenchTime: o.benchtime, Warmup: o.warmup, Seed: o.seed, Twins: o.twins}
	switch o.counters {
	case "off":
	case "auto", "on":
		if err := bench.ProbeCounters(); err != nil {
			if o.counters == "on" {
				return &exitError{2, "bench: -counters on: " + err.Error()}
			}
			fmt.Fprintf(stdout, "hardware counters: not available here (%v): times only\n", err)
		} else {
			bo.Counters = true
		}
	default:
		return &exitError{2, fmt.Sprintf("bench: -counters %q: want auto, on or off", o.counters)}
	}
	bench.Prepare(groups, &bo)
	plan, runs := bench.Plan(groups, bo)
	if o.dryRun {
		for _, g := range groups {
			fmt.Fprintf(stdout, "%s:\n", g.Title)
			for _, c := range g.Cases {
				fmt.Fprintf(stdout, "  %s\n", c.FullName())
			}
		}
		fmt.Fprintf(stdout, "%d runs, about %v\n", runs, plan.Round(time.Second))
		return nil
	}
	if len(groups) == 0 {
		return &exitError{2, "bench: " + nothingToRun(o, sel, cpu)}
	}
	if server != nil {
		warnIfDown(server)
	}

	now := time.Now()
	bo.Config = bench.MachineConfig(now, cpu)
	if o.solve != "" {
		bo.Config = append(bo.Config, [2]string{"variants", base.String()})
	}
	path := o.out
	if path == "" {
		path = bench.ResultsName(bench.ResultsDir(), cpu.ID(), now, what)
	}
	// before taking the folder's lock: every .partial there is stale then
	for _, f := range stats.StaleFiles(filepath.Dir(filepath.Dir(path))) {
		if filepath.Dir(f) == filepath.Dir(path) {
			fmt.Fprintln(os.Stderr, "flipbench bench: "+stats.StaleNote(f))
		}
	}
	if o.cpu >= 0 {
		unpin, err := bench.PinToCPU(o.cpu)
		if err != nil {
			return &exitError{2, "bench: -cpu: " + err.Error()}
		}
		defer unpin()
		bo.Config = append(bo.Config, [2]string{"pinned", "cpu " + strconv.Itoa(o.cpu)})
	}
	rf, err := bench.CreateResults(path)
	if err != nil {
		return &exitError{1, "bench: " + err.Error()}
	}
	if rf.Lock.TookOver != "" {
		fmt.Fprintf(os.Stderr, "flipbench bench: took over the lock of %s, left by %s\n", filepath.Dir(path), rf.Lock.TookOver)
	}

	// Ctrl-C stops after the run in progress and keeps every finished
	// result, the file marked incomplete; a second Ctrl-C kills (the
	// .partial file stays, reported as stale by the next command).
	sigCtx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigCtx.Done()
		stop()
	}()
	defer stop()
	ctx, cancel := context.WithCancel(sigCtx)
	defer cancel()

	fmt.Fprintf(stdout, "%s (%s, %s), %d runs, about %v; writing %s\n", cpu.Brand, cpu.Uarch, cpu.ID(), runs, plan.Round(time.Second), path)
	bo.Progress = newProgress(o.progress)
	start := time.Now()
	runErr := bench.Run(ctx, groups, bo, func(r *benchfmt.Result) error {
		err := rf.Write(r)
		if interruptAfter > 0 && rf.Results() >= interruptAfter {
			cancel() // tests: as if Ctrl-C came now
		}
		return err
	})
	if runErr != nil && rf.Results() > 0 {
		why := "stopped by an error: " + runErr.Error()
		if errors.Is(runErr, context.Canceled) {
			why = "interrupted"
		}
		if err := rf.MarkIncomplete(fmt.Sprintf("%s after %d of %d runs", why, rf.Results(), runs)); err != nil {
			fmt.Fprintf(os.Stderr, "flipbench bench: %s: %v\n", path, err)
		}
	}
	closeErr := rf.Close()
	switch {
	case errors.Is(closeErr, bench.ErrNoResults):
		if runErr == nil {
			runErr = closeErr
		}
	case closeErr != nil:
		return fmt.Errorf("%s: %v", path, closeErr)
	}
	if runErr != nil {
		if errors.Is(runErr, context.Canceled) {
			if rf.Results() > 0 {
				fmt.Fprintf(stdout, "interrupted after %v: kept %d finished results in %s, marked incomplete (they never replace a complete run)\n", time.Since(start).Round(time.Second), rf.Results(), path)
				if server != nil {
					fmt.Fprintf(stdout, "not uploaded (interrupted): %s upload -server %s %s sends them\n", self(), server.URL, path)
				}
			}
			return &exitError{130, "interrupted"}
		}
		if rf.Results() > 0 {
			fmt.Fprintf(stdout, "kept %d finished results in %s\n", rf.Results(), path)
		}
		return runErr
	}
	fmt.Fprintf(stdout, "%d results in %v: %s\n", rf.Results(), time.Since(start).Round(time.Second), path)
	if server != nil {
		return uploadAfterRun(stdout, server, path)
	}
	me := self()
	fmt.Fprintf(stdout, "next: %s compare %s   (or %s report, %s pick)\n", me, path, me, me)
	return nil
}

// interruptAfter, when positive, interrupts a bench after that many
// results, as Ctrl-C would (tests).
var interruptAfter int

// ---- progress ----

func newProgress(mode string) bench.Progress {
	tty := term.IsTerminal(int(os.Stderr.Fd()))
	switch mode {
	case "off":
		return nil
	case "lines":
		return &lineProgress{}
	case "bar":
		return &barProgress{}
	}
	if tty {
		return &barProgress{}
	}
	return &lineProgress{}
}

// barProgress is a terminal progress bar over the planned time: its
// length is the session's planned duration, and each finished run adds
// its planned share, so the time left is the library's estimate from the
// real pace.
type barProgress struct {
	bar        *progressbar.ProgressBar
	runs, done int
}

func (p *barProgress) Start(total time.Duration, runs int) {
	p.runs = runs
	p.bar = progressbar.NewOptions64(total.Milliseconds(),
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetWidth(24),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true))
}

func (p *barProgress) Run(what string) {
	p.bar.Describe(fmt.Sprintf("%d/%d %s", p.done+1, p.runs, what))
}

func (p *barProgress) Done(planned time.Duration) {
	p.done++
	p.bar.Add64(planned.Milliseconds())
}

func (p *barProgress) Finish() { p.bar.Finish() }

// lineProgress prints a line at most every 10 seconds (logs, CI).
type lineProgress struct {
	total, done time.Duration
	runs, n     int
	start, last time.Time
	what        string
}

func (p *lineProgress) Start(total time.Duration, runs int) {
	p.total, p.runs, p.start = total, runs, time.Now()
	p.last = p.start
}

func (p *lineProgress) Run(what string) { p.what = what }

func (p *lineProgress) Done(planned time.Duration) {
	p.done += planned
	p.n++
	if time.Since(p.last) < 10*time.Second && p.n < p.runs {
		return
	}
	p.last = time.Now()
	el := time.Since(p.start)
	left := time.Duration(0)
	if p.done > 0 {
		left = time.Duration(float64(el) * float64(p.total-p.done) / float64(p.done))
	}
	fmt.Fprintf(os.Stderr, "bench: %3.0f%% %d/%d runs, %v elapsed, about %v left; last: %s\n",
		100*float64(p.done)/float64(p.total), p.n, p.runs, el.Round(time.Second), left.Round(time.Second), p.what)
}

func (p *lineProgress) Finish() {}

// nothingToRun says why a selection of benchmarks is empty: a variant
// no kernel has, or one this CPU cannot run.
func nothingToRun(o benchFlags, sel harness.BenchSelect, cpu variants.CPUInfo) string {
	if o.variant == "" {
		return "nothing to run"
	}
	var where, needs []string
	for _, k := range variants.Kernels() {
		if len(sel.Kernels) > 0 && !slices.Contains(sel.Kernels, k.Name()) {
			continue
		}
		for _, in := range k.Infos() {
			if in.Name != o.variant {
				continue
			}
			where = append(where, k.Name())
			if !in.RunsOn(cpu) {
				needs = append(needs, k.Name()+" needs "+variants.FeatureNames(cpu.Missing(in.Requires)))
			}
		}
	}
	switch {
	case len(where) == 0:
		scope := "of any kernel"
		if len(sel.Kernels) > 0 {
			scope = "of " + strings.Join(sel.Kernels, ", ")
		}
		return fmt.Sprintf("-variant %s: no variant %s has that name (%s cpu lists every variant)", o.variant, scope, self())
	case len(needs) == len(where):
		return fmt.Sprintf("-variant %s: this CPU cannot run it (%s)", o.variant, strings.Join(needs, "; "))
	}
	return fmt.Sprintf("-variant %s: nothing to run (the variant of %s)", o.variant, strings.Join(where, ", "))
}
