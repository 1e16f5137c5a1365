package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/internal/atomicfile"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/variants"
)

// The profile for profile-guided optimization: go build uses
// cmd/flipbench/default.pgo by itself (-pgo=auto). One process profiles
// everything, so there is nothing to merge; profiles of other machines
// merge with the toolchain's own pprof (go tool pprof -proto A B > C).

// pgoSets are what the profile solves by default: the "heldout" set stays
// out of any tuning, a build's included.
const pgoSets = "ffo20-29,tune"

// pgoMaxTime bounds a default run: the profile then holds ffo20-29 on
// every bottom and as much of tune as fits.
const pgoMaxTime = 2 * time.Minute

// pgoDefaultOut is the profile go build uses, from the repository root.
const pgoDefaultOut = "cmd/flipbench/default.pgo"

func init() {
	register(&command{
		name:    "pgo",
		summary: "write the profile for profile-guided builds (cmd/flipbench/default.pgo): a short batched kernel bench and whole solves on every bottom, one CPU profile, bounded by -max-time",
		usage:   "[-o FILE] [-sets " + pgoSets + "] [-bottoms asm,gosimd,go] [-max-time D] [-benchtime D | -no-bench]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := &pgoOpts{}
			fs.StringVar(&o.out, "o", pgoDefaultOut, "profile to write, atomically (go build reads cmd/flipbench/default.pgo by itself)")
			fs.StringVar(&o.sets, "sets", pgoSets, "sets to solve, position by position, each position once per bottom, with the default weights (never heldout: it stays out of tuning)")
			fs.StringVar(&o.bottoms, "bottoms", "", "bottoms to solve on (default: every one this build and CPU offer; a GOEXPERIMENT=simd build offers gosimd too)")
			fs.DurationVar(&o.maxTime, "max-time", pgoMaxTime, "profile at most this long: the kernel bench, then the solves until the time is up (the solve in progress is stopped, the profile keeps what ran)")
			fs.DurationVar(&o.benchtime, "benchtime", 5*time.Millisecond, "one run of each batched kernel benchmark (every runnable variant; not the per-call ones, whose func-value calls PGO would devirtualize)")
			fs.BoolVar(&o.noBench, "no-bench", false, "solves only")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("pgo: unexpected argument %q", args[0])}
				}
				return runPGO(o)
			}
		},
	})
}

type pgoOpts struct {
	out, sets, bottoms string
	maxTime, benchtime time.Duration
	noBench            bool
}

// pgoSolve is one solve of the profile: a position on a bottom.
type pgoSolve struct {
	set, bottom string
	p           solver.Position
	sv          *solver.Solver
}

func runPGO(o *pgoOpts) error {
	if o.maxTime <= 0 {
		return &exitError{2, "pgo: -max-time must be positive"}
	}
	if !o.noBench && o.benchtime <= 0 {
		return &exitError{2, "pgo: -benchtime must be positive"}
	}
	if o.out == pgoDefaultOut {
		if fi, err := os.Stat(filepath.Dir(pgoDefaultOut)); err != nil || !fi.IsDir() {
			return &exitError{2, "pgo: no " + filepath.Dir(pgoDefaultOut) + " here: run from the repository root, or give -o"}
		}
	}
	base, err := selection("")
	if err != nil {
		return err
	}
	names, plan, bottoms, err := pgoPlan(o, base)
	if err != nil {
		return err
	}
	var groups []*bench.Group
	if !o.noBench {
		// the smallest table: hash_clear's large ones would only weigh memset
		all, err := harness.KernelBenchGroups(harness.BenchSelect{HashBits: []int{slices.Min(harness.DefaultHashBits)}}, base.CPU())
		if err != nil {
			return err
		}
		groups = batchOnly(all)
	}
	// an interrupt stops the run, and nothing is written
	s, err := newSession("pgo", "")
	if err != nil {
		return err
	}
	defer s.end()
	var prof bytes.Buffer
	if err := pprof.StartCPUProfile(&prof); err != nil {
		return fmt.Errorf("pgo: %v", err)
	}
	start := time.Now()
	ctx, cancel := context.WithDeadline(s.ctx, start.Add(o.maxTime))
	defer cancel()
	benched, err := pgoBench(ctx, groups, o.benchtime, start)
	done := 0
	if err == nil {
		done, err = pgoSolves(ctx, plan)
	}
	pprof.StopCPUProfile()
	switch {
	case err != nil:
		return err
	case s.interrupted():
		return &exitError{130, "pgo: interrupted: no profile written"}
	}
	took := time.Since(start).Round(time.Second)
	if done < len(plan) {
		fmt.Fprintf(os.Stderr, "pgo: -max-time %v reached: %d of %d solves done, the profile keeps them\n", o.maxTime, done, len(plan))
	}
	if err := atomicfile.Write(o.out, prof.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d KiB, %v profiled: %d of %d solves (%s, each position on %s), %s\n", o.out, (prof.Len()+1023)/1024,
		took, done, len(plan), strings.Join(names, ", "), strings.Join(bottoms, ", "), benched)
	return nil
}

// pgoPlan is the solves of the profile: position by position, each on
// every bottom in turn (so that a run cut short by -max-time still weighs
// the bottoms alike), one table for all; and the sets' and bottoms' names.
func pgoPlan(o *pgoOpts, base variants.Selection) (names []string, plan []pgoSolve, bottoms []string, err error) {
	var sets [][]solver.Position
	for _, n := range strings.Split(o.sets, ",") {
		n = strings.TrimSpace(n)
		if n == "heldout" {
			return nil, nil, nil, &exitError{2, "pgo: -sets: heldout stays out of any tuning, a profile for the build's included"}
		}
		ps, err := solver.Set(n)
		if err != nil {
			return nil, nil, nil, &exitError{2, "pgo: -sets: " + err.Error()}
		}
		names, sets = append(names, n), append(sets, ps)
	}
	bottoms = base.Choices(variants.Bottom)
	if o.bottoms != "" {
		bottoms = strings.Split(o.bottoms, ",")
		for i := range bottoms {
			bottoms[i] = strings.TrimSpace(bottoms[i])
		}
	}
	w, err := loadEval("default")
	if err != nil {
		return nil, nil, nil, err
	}
	first, err := solver.New(solver.Options{Weights: w}, base)
	if err != nil {
		return nil, nil, nil, &exitError{2, "pgo: " + err.Error()}
	}
	solvers := make([]*solver.Solver, len(bottoms))
	for i, b := range bottoms {
		sel, err := base.With(variants.Bottom.Name() + "=" + b)
		if err == nil {
			solvers[i], err = first.With(sel)
		}
		if err != nil {
			return nil, nil, nil, &exitError{2, "pgo: -bottoms: " + err.Error()}
		}
	}
	for i, ps := range sets {
		for _, p := range ps {
			for j, sv := range solvers {
				plan = append(plan, pgoSolve{names[i], bottoms[j], p, sv})
			}
		}
	}
	return names, plan, bottoms, nil
}

// pgoBench runs the batched kernel benchmarks once each, until ctx ends,
// and says what it did.
func pgoBench(ctx context.Context, groups []*bench.Group, benchtime time.Duration, start time.Time) (string, error) {
	if len(groups) == 0 {
		return "no kernel bench", nil
	}
	var benched string
	bo := bench.Options{Count: 1, BenchTime: benchtime, Warmup: benchtime / 5}
	switch err := bench.Run(ctx, groups, bo, func(*benchfmt.Result) error { return nil }); {
	case err == nil:
		benched = "kernel bench " + time.Since(start).Round(time.Millisecond).String()
	case ctx.Err() != nil:
		benched = "kernel bench cut at -max-time"
	default:
		return "", fmt.Errorf("pgo: kernel bench: %v", err)
	}
	fmt.Fprintf(os.Stderr, "pgo: %s\n", benched)
	return benched, nil
}

// pgoSolves solves the plan until ctx ends (the solve in progress is
// stopped then), printing each position's times, and returns how many
// solves were done.
func pgoSolves(ctx context.Context, plan []pgoSolve) (int, error) {
	var solvers []*solver.Solver
	for _, ps := range plan {
		if !slices.Contains(solvers, ps.sv) {
			solvers = append(solvers, ps.sv)
		}
	}
	stopAll := context.AfterFunc(ctx, func() {
		for _, sv := range solvers {
			sv.Stop()
		}
	})
	defer stopAll()
	done := 0
	var times []string
	for i, ps := range plan {
		if ctx.Err() != nil {
			break
		}
		r, err := ps.sv.Solve(ps.p.Board)
		if err == solver.ErrStopped {
			break
		}
		if err == nil {
			err = ps.p.Check(r)
		}
		if err != nil {
			return done, fmt.Errorf("pgo: solve %s #%s, bottom %s: %v", ps.set, ps.p.ID, ps.bottom, err)
		}
		done++
		times = append(times, fmt.Sprintf("%s %v", ps.bottom, r.Time.Round(time.Millisecond)))
		if (i+1)%len(solvers) == 0 { // the position on every bottom
			fmt.Fprintf(os.Stderr, "pgo: %s #%s, %d nodes: %s\n", ps.set, ps.p.ID, r.Nodes, strings.Join(times, ", "))
			times = times[:0]
		}
	}
	return done, nil
}

// batchOnly keeps the batched benchmarks. A per-call benchmark calls the
// variant through a func value on purpose; profiled, that call would be
// hot, and PGO would devirtualize it for the hottest Go variant, which
// would then be measured as a direct call and the others behind a test.
func batchOnly(groups []*bench.Group) []*bench.Group {
	var out []*bench.Group
	for _, g := range groups {
		var keep []*bench.Case
		for _, c := range g.Cases {
			if c.Key("form") == "batch" {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			g.Cases = keep
			out = append(out, g)
		}
	}
	return out
}
