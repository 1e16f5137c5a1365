package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/solvebench"
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
			fs.IntVar(&o.runs, "runs", bench.DefaultOptions.Runs, "timed runs of a benchmark back to back at each visit of a round (the best is the one the machine's bursts missed)")
			fs.DurationVar(&o.benchtime, "benchtime", bench.DefaultOptions.BenchTime, "target duration of one measured run")
			fs.DurationVar(&o.warmup, "warmup", bench.DefaultOptions.Warmup, "calibration of every benchmark in the warm-up round, before the first")
			fs.Float64Var(&o.leadIn, "lead-in", bench.DefaultLeadIn, "before each timed run, this share of its operations untimed (the cases run since took the caches and the branch predictor); 0 < share <= 4")
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
			fs.IntVar(&o.processes, "processes", bench.DefaultProcesses, "share the rounds among this many fresh processes, one after another, each its own part of the rounds (a process's placement moves a kernel's time for the process's life); 1: all in this one (whole solves always are)")
			fs.BoolVar(&o.serve, "serve", false, "internal: serve the selected benchmarks on stdin and stdout to the bench that started this process")
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
	count, runs        int
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
	processes          int
	serve              bool
	leadIn             float64
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
	if !(o.leadIn > 0 && o.leadIn <= 4) {
		return &exitError{2, fmt.Sprintf("bench: -lead-in %g: want a share of a run's operations above 0 and at most 4", o.leadIn)}
	}
	base, sel, err := benchSelect(o)
	if err != nil {
		return err
	}
	if !o.serve {
		if err := refuseEmulated("bench", base.CPU()); err != nil {
			return err
		}
	}
	groups, what, err := benchGroups(o, base, sel)
	if err != nil {
		return err
	}
	if len(groups) == 0 {
		return &exitError{2, "bench: " + nothingToRun(o, sel, base.CPU())}
	}
	if o.serve {
		return serveBench(o, groups)
	}
	served := o.processes > 1 && o.solve == ""
	s, err := newSession("bench", o.upload)
	if err != nil {
		return err
	}
	defer s.end()
	bo := bench.Options{Count: o.count, Runs: o.runs, BenchTime: o.benchtime, Warmup: o.warmup, Seed: o.seed, Twins: o.twins, LeadIn: o.leadIn}
	if bo.Counters, err = benchCounters(o.counters, served); err != nil {
		return err
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
	s.warnIfDown()

	cpu := base.CPU()
	now := time.Now()
	bo.Config = append(bench.MachineConfig(now, cpu), machineState("bench")...)
	if o.solve != "" {
		bo.Config = append(bo.Config, [2]string{resultsfile.KeyVariants, base.String()})
	} else {
		bo.Config = append(bo.Config, [2]string{resultsfile.KeyInputs, resultsfile.InputsVersion})
	}
	path := o.out
	if path == "" {
		path = bench.ResultsName(bench.ResultsDir(), cpu.ID(), now, what)
	}
	if o.cpu >= 0 {
		unpin, err := bench.PinToCPU(o.cpu)
		if err != nil {
			return &exitError{2, "bench: -cpu: " + err.Error()}
		}
		defer unpin()
		bo.Config = append(bo.Config, [2]string{resultsfile.KeyPinned, "cpu " + strconv.Itoa(o.cpu)})
	}
	// Ctrl-C stops after the run in progress and keeps every finished
	// result, the file marked incomplete
	if err := s.create(path); err != nil {
		return &exitError{1, "bench: " + err.Error()}
	}
	parts := ""
	if served {
		parts = fmt.Sprintf(" in %d fresh processes", min(o.processes, bo.Count))
	}
	fmt.Fprintf(stdout, "%s (%s, %s), %d runs%s, about %v; writing %s\n", cpu.Brand, or(cpu.Uarch, "microarchitecture unknown"), cpu.ID(), runs, parts, plan.Round(time.Second), path)
	if served {
		f, err := freshServers(o, base.CPU())
		if err != nil {
			return err
		}
		defer f.Close()
		if err := f.Attach(groups); err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		bo.BeforeRound = f.BeforeRound(bo.Count)
		bo.Config = append(bo.Config, [2]string{resultsfile.KeyProcesses, strconv.Itoa(min(o.processes, bo.Count))})
	}
	bo.Progress = newProgress(o.progress)
	start := time.Now()
	runErr := bench.Run(s.ctx, groups, bo, func(r *benchfmt.Result) error {
		err := s.rf.Write(r)
		if interruptAfter > 0 && s.rf.Results() >= interruptAfter {
			s.cancel() // tests: as if Ctrl-C came now
		}
		return err
	})
	return benchEnd(s, path, runErr, runs, start)
}

// benchSelect checks the flags and returns the selection and what to run.
func benchSelect(o benchFlags) (variants.Selection, harness.BenchSelect, error) {
	var sel harness.BenchSelect
	if o.count < 1 {
		return variants.Selection{}, sel, &exitError{2, fmt.Sprintf("bench: -count %d: want at least 1", o.count)}
	}
	if o.benchtime <= 0 {
		return variants.Selection{}, sel, &exitError{2, "bench: -benchtime must be positive"}
	}
	if o.warmup < 0 {
		return variants.Selection{}, sel, &exitError{2, fmt.Sprintf("bench: -warmup %v: want 0 or more", o.warmup)}
	}
	if o.processes < 1 || o.processes > 100 {
		return variants.Selection{}, sel, &exitError{2, fmt.Sprintf("bench: -processes %d: want 1..100", o.processes)}
	}
	if o.runs < 1 || o.runs > 100 {
		return variants.Selection{}, sel, &exitError{2, fmt.Sprintf("bench: -runs %d: want 1..100", o.runs)}
	}
	base, err := selection("")
	if err != nil {
		return base, sel, err
	}
	sel = harness.BenchSelect{Variant: o.variant, NoBatch: o.noBatch}
	if o.kernels != "" {
		for _, k := range strings.Split(o.kernels, ",") {
			sel.Kernels = append(sel.Kernels, strings.TrimSpace(k))
		}
	}
	hb, err := parseInts(o.hashBits)
	if err != nil {
		return base, sel, &exitError{2, "bench: -hash-bits: " + err.Error()}
	}
	for _, b := range hb {
		if b < 2 || b > 30 {
			return base, sel, &exitError{2, fmt.Sprintf("bench: -hash-bits %d: want 2..30", b)}
		}
	}
	sel.HashBits = hb
	return base, sel, nil
}

// benchGroups are the benchmarks to run (the micro-benchmarks, or -solve's
// whole solves) and what the results file is named after.
func benchGroups(o benchFlags, base variants.Selection, sel harness.BenchSelect) ([]*bench.Group, string, error) {
	var groups []*bench.Group
	var err error
	what := "kernels"
	if o.solve != "" {
		var w *variants.EvalWeights
		if w, err = loadEval("default"); err != nil {
			return nil, "", err
		}
		groups, err = solvebench.Groups(o.solve, o.solveKernel, o.variant, base, solver.Options{Weights: w})
		harness.MarkImpl(groups)
		what = "solve-" + o.solve + "-" + o.solveKernel
	} else {
		groups, err = harness.KernelBenchGroups(sel, base.CPU())
		if len(sel.Kernels) > 0 {
			what = "kernels-" + strings.Join(sel.Kernels, "+")
		}
	}
	if err != nil {
		return nil, "", &exitError{2, "bench: " + err.Error()}
	}
	if o.variant != "" {
		what += "-" + o.variant
	}
	return groups, what, nil
}

// benchEnd closes the results file of a bench of runs runs started at
// start (runErr: why it stopped early), says what it kept, and uploads it.
func benchEnd(s *session, path string, runErr error, runs int, start time.Time) error {
	n := s.rf.Results()
	why := ""
	if runErr != nil {
		why = "stopped by an error: " + runErr.Error()
		if errors.Is(runErr, context.Canceled) {
			why = "interrupted"
		}
		why = fmt.Sprintf("%s after %d of %d runs", why, n, runs)
	}
	switch closeErr := s.close(why); {
	case errors.Is(closeErr, bench.ErrNoResults):
		if runErr == nil {
			runErr = closeErr
		}
	case closeErr != nil:
		return fmt.Errorf("%s: %v", path, closeErr)
	}
	switch {
	case runErr != nil && errors.Is(runErr, context.Canceled):
		if n > 0 {
			fmt.Fprintf(stdout, "interrupted after %v: kept %d finished results in %s, marked incomplete (they never replace a complete run)\n", time.Since(start).Round(time.Second), n, path)
			if s.server != nil {
				fmt.Fprintf(stdout, "not uploaded (interrupted): %s upload -server %s %s sends them\n", self(), s.server.URL, path)
			}
		}
		return &exitError{130, "interrupted"}
	case runErr != nil:
		if n > 0 {
			fmt.Fprintf(stdout, "kept %d finished results in %s\n", n, path)
		}
		return runErr
	}
	fmt.Fprintf(stdout, "%d results in %v: %s\n", n, time.Since(start).Round(time.Second), path)
	if s.server != nil {
		return s.upload(stdout, path)
	}
	me := self()
	fmt.Fprintf(stdout, "next: %s compare %s   (or %s report, %s pick)\n", me, path, me, me)
	return nil
}

// interruptAfter, when positive, interrupts a bench after that many
// results, as Ctrl-C would (tests).
var interruptAfter int

// benchCounters says whether to read the hardware counters: where the
// machine has them (auto; one line says so where it has not), always (on:
// an error without them) or never. They count the thread that reads
// them, so a served session (its runs in other processes) has none.
func benchCounters(mode string, served bool) (bool, error) {
	switch {
	case mode == "off":
		return false, nil
	case served && mode == "on":
		return false, &exitError{2, "bench: -counters on: the counters count this process's thread: with -processes 1 only"}
	case served && mode == "auto":
		if bench.ProbeCounters() == nil {
			fmt.Fprintln(stdout, "hardware counters: not read (they count this process's thread; -processes 1 reads them): times only")
		}
		return false, nil
	}
	switch mode {
	case "auto", "on":
		err := bench.ProbeCounters()
		switch {
		case err == nil:
			return true, nil
		case mode == "on":
			return false, &exitError{2, "bench: -counters on: " + err.Error()}
		}
		fmt.Fprintf(stdout, "hardware counters: not available here (%v): times only\n", err)
		return false, nil
	}
	return false, &exitError{2, fmt.Sprintf("bench: -counters %q: want auto, on or off", mode)}
}

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

// freshServers is a served session's servers: this binary, serving the
// same selection (bench -serve) on the CPU this process sees, a fresh
// process for each part of the rounds. The features this process lacks
// are disabled in theirs (FLIPBENCH_DISABLE): under an emulator (qemu-user
// -cpu Haswell) this process sees the emulated CPU, and the servers it
// starts run natively.
func freshServers(o benchFlags, cpu variants.CPUInfo) (*bench.Fresh, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("bench: -processes: %v", err)
	}
	args := []string{"bench", "-serve", "-warmup", min(o.warmup, bench.ServerWarmup).String(), "-hash-bits", o.hashBits, "-cpu", strconv.Itoa(o.cpu), "-twins=" + strconv.FormatBool(o.twins)}
	if o.kernels != "" {
		args = append(args, "-kernel", o.kernels)
	}
	if o.variant != "" {
		args = append(args, "-variant", o.variant)
	}
	if o.noBatch {
		args = append(args, "-no-batch")
	}
	var lacks []string
	for _, f := range variants.AllFeatures {
		if !cpu.Has[f] {
			lacks = append(lacks, string(f))
		}
	}
	env := append(os.Environ(), "FLIPBENCH_DISABLE="+strings.Join(lacks, ","))
	n := 0
	return &bench.Fresh{Parts: o.processes, Start: func() (*bench.Server, error) {
		n++
		cmd := exec.Command(exe, args...)
		cmd.Env = env
		return bench.StartServer(fmt.Sprintf("bench server %d", n), cmd)
	}}, nil
}

// serveBench is bench -serve: the server of one part of a served session
// (bench.Serve), pinned where the session is. Ctrl-C is the driver's to
// answer (it keeps what it has and ends this server's input), not this
// process's.
func serveBench(o benchFlags, groups []*bench.Group) error {
	signal.Ignore(os.Interrupt)
	if o.cpu >= 0 {
		unpin, err := bench.PinToCPU(o.cpu)
		if err != nil {
			return &exitError{2, "bench: -cpu: " + err.Error()}
		}
		defer unpin()
	}
	// the twins are cases of their own here, as in the driver
	bench.Prepare(groups, &bench.Options{Twins: o.twins})
	return bench.Serve(groups, o.warmup, os.Stdin, os.Stdout)
}
