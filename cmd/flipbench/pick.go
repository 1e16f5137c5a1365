package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/harness/store"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// profile is the pick profile of this CPU in force: its choices and where
// it came from ("" for none); note says why a profile found was not
// applied.
type profile struct {
	choices map[string]string
	source  string
	note    string
}

// cpuProfile finds this CPU's profile (FLIPBENCH_PROFILE, else the
// user's, else the one embedded from results/<cpu-id>/profile.json) once;
// its choices set the default variants, and -variants and
// FLIPBENCH_VARIANTS still override them. A profile measured on another
// CPU is not applied (the built-in rules choose; a warning says so); a
// choice this build or CPU cannot honour is dropped with a warning.
var cpuProfile = sync.OnceValue(func() profile { return loadProfile(variants.Host(), os.Stderr) })

// loadProfile is cpuProfile for any CPU, warnings to w.
func loadProfile(host variants.CPUInfo, w io.Writer) profile {
	p, src, err := results.Find(host.ID(), os.Getenv("FLIPBENCH_PROFILE"))
	var other *results.OtherCPUError
	if errors.As(err, &other) {
		fmt.Fprintf(w, "flipbench: %v\n", err)
		return profile{note: err.Error()}
	}
	if err != nil {
		fmt.Fprintf(w, "flipbench: ignoring the pick profile: %v\n", err)
		return profile{note: "ignored: " + err.Error()}
	}
	if p == nil {
		return profile{}
	}
	for k, v := range p.Choices {
		kern, err := variants.KernelByName(k)
		if err == nil {
			_, err = kern.Lookup(v, host)
		}
		if err != nil {
			fmt.Fprintf(w, "flipbench: profile %s: %s=%s ignored: %v\n", src, k, v, err)
			delete(p.Choices, k)
		}
	}
	return profile{choices: p.Choices, source: src}
}

func init() {
	register(&command{
		name:    "pick",
		reads:   true,
		summary: "choose the fastest variant per kernel on this CPU (where faster than the default beyond the margin) and write it as this CPU's profile",
		usage:   "[-quick] [-margin PCT] [-o FILE] [-user] [-n] [-results DIR] [RESULTS-FILE... | -server URL [-q QUERY]]   (default: this CPU's results under results/)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := pickFlags{}
			fs.BoolVar(&o.quick, "quick", false, "measure now (per call, 10 rounds) even if results exist")
			fs.Float64Var(&o.margin, "margin", 100*stats.DefaultMargin, "percent a winner must be faster than the default by, round by round with 95% confidence (within it: equal, keep the default)")
			fs.StringVar(&o.out, "o", "", "profile file (default results/<cpu-id>/profile.json)")
			fs.BoolVar(&o.user, "user", false, "also install the profile in the user config dir, where an installed flipbench finds it")
			fs.BoolVar(&o.dry, "n", false, "print the choice, write no profile")
			fs.StringVar(&o.dir, "results", bench.ResultsDir(), "results directory (one folder per CPU identity)")
			o.server = addServerFlags(fs)
			return func(args []string) error {
				o.files = args
				if err := o.server.noQueryWithout("pick"); err != nil {
					return err
				}
				if o.server.on() && (len(args) > 0 || o.quick) {
					return &exitError{2, "pick: -server picks from the server's results: no files, no -quick"}
				}
				return runPick(o)
			}
		},
	})
}

type pickFlags struct {
	quick, user, dry bool
	margin           float64
	out, dir         string
	files            []string
	server           serverFlags // -server: the results of machines of this CPU's identity there
}

func runPick(o pickFlags) error {
	if !(o.margin > 0 && o.margin < 100) {
		return &exitError{2, fmt.Sprintf("pick: -margin %g: want a percentage above 0 and below 100", o.margin)}
	}
	cpu, err := variants.Host().Without(os.Getenv("FLIPBENCH_DISABLE"))
	if err != nil {
		return &exitError{2, "FLIPBENCH_DISABLE: " + err.Error()}
	}
	id := cpu.ID()
	dir := o.dir
	ds, files, link, err := pickResults(o, cpu)
	if err != nil {
		return err
	}
	if ds == nil || ds.Len() == 0 && len(o.files) == 0 {
		fmt.Fprintf(stdout, "no results for this CPU (%s) under %s: measuring now (per call, 10 rounds)\n", id, dir)
		f, err := quickMeasure(dir, cpu)
		if err != nil {
			return err
		}
		files = []string{f}
		if ds, err = stats.ReadResults(files...); err != nil {
			return err
		}
	}
	reportTrouble(ds)
	ds.KeepLatest()
	of, judge := pickedCPU(ds, o, cpu)
	// against the built-in defaults, without any profile or user choice
	picks := stats.Pick(ds, of, stats.PickOptions{Margin: o.margin / 100, CPU: judge, Flavour: stats.BuildFlavour()})
	writePicks(picks)

	p := &results.Profile{Rule: results.PickRule, CPU: of, Brand: judge.Brand, Uarch: judge.Uarch, Date: time.Now().UTC().Truncate(time.Second),
		Commit: bench.Commit(), Choices: map[string]string{}, Kernels: picks}
	for _, f := range files {
		if link != nil {
			p.From = append(p.From, link(f))
			continue
		}
		if rel, err := filepath.Rel(filepath.Dir(dir), f); err == nil && !strings.HasPrefix(rel, "..") {
			f = rel
		}
		p.From = append(p.From, filepath.ToSlash(f))
	}
	for _, kc := range picks {
		if kc.Choice != kc.Default {
			p.Choices[kc.Kernel] = kc.Choice
		}
	}
	fmt.Fprintf(stdout, "\n%d kernels where a variant is faster than the built-in default beyond ±%.3g%%\n", len(p.Choices), o.margin)
	if o.dry {
		return nil
	}
	return writeProfile(o, p, of)
}

// pickResults are the results pick chooses from, the files they come
// from, and, for the server's, how to link to them: the server's of this
// CPU's identity (-server), the files given, or this CPU's under -results
// (none with -quick).
func pickResults(o pickFlags, cpu variants.CPUInfo) (ds *stats.Dataset, files []string, link func(string) string, err error) {
	id := cpu.ID()
	files = o.files
	switch {
	case o.server.on():
		sid := store.IdentityFromConfig(bench.MachineConfig(time.Now(), cpu))
		d, err := o.server.fetch(&sid)
		if err != nil {
			return nil, nil, nil, err
		}
		defer os.RemoveAll(d.Dir)
		if len(d.Files) == 0 {
			return nil, nil, nil, &exitError{1, fmt.Sprintf("pick: no results on %s from a machine of this CPU's identity (%s): %s bench -upload %s sends some", *o.server.url, sid, self(), *o.server.url)}
		}
		if ds, err = stats.ReadResults(d.Files...); err != nil {
			return nil, nil, nil, err
		}
		// the server's results of this CPU's identity are this CPU's
		ds.SetConfig(resultsfile.KeyCPUID, func(*benchfmt.Result) string { return id })
		return ds, d.Files, d.Link, nil
	case len(files) > 0:
		ds, err = stats.ReadResults(files...)
		return ds, files, nil, err
	case !o.quick:
		// every results file of this CPU, wherever it is under dir
		if ds, err = stats.ReadDir(o.dir); err != nil {
			return nil, nil, nil, err
		}
		ds, files = onlyCPU(ds, id, filepath.Join(o.dir, id))
	}
	return ds, files, nil, nil
}

// pickedCPU is the CPU the results are of, and the one whose features
// and rules judge them: this CPU, unless the files given hold another's.
func pickedCPU(ds *stats.Dataset, o pickFlags, cpu variants.CPUInfo) (string, variants.CPUInfo) {
	id := cpu.ID()
	of, judge := id, cpu
	if len(o.files) == 0 || ds.Len() == 0 {
		return of, judge
	}
	of = resultsfile.CPUOf(ds.View(0))
	cpus := map[string]bool{}
	for _, r := range ds.Views() {
		cpus[resultsfile.CPUOf(r)] = true
	}
	if len(cpus) > 1 {
		fmt.Fprintf(stdout, "note: these files hold results of %d CPUs: picking for %s, the first\n", len(cpus), of)
	}
	if of != id {
		fmt.Fprintf(stdout, "note: these results are from %s, not this CPU (%s): judged by that CPU's features and rules\n", of, id)
		if c, ok := resultsfile.CPUInfoOf(ds.View(0)); ok && c.ID() == of {
			judge = c
		}
	}
	return of, judge
}

// writeProfile writes the profile of CPU of to -o (default: its folder
// under -results) and, with -user, to the user's config dir.
func writeProfile(o pickFlags, p *results.Profile, of string) error {
	out := o.out
	if out == "" {
		out = filepath.Join(o.dir, results.ProfileName(of))
	}
	if err := p.Write(out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "profile written to %s: built from this repository, flipbench (and its solver) use it by default on a CPU of identity %s\n", out, of)
	if o.user {
		up, err := results.UserProfilePath(of)
		if err != nil {
			return err
		}
		if err := p.Write(up); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "installed in %s (overrides the embedded profile; FLIPBENCH_PROFILE=off disables both)\n", up)
	}
	return nil
}

// onlyCPU keeps the results of the CPU id and the files they come from;
// a file of that CPU outside its folder (a folder named by an older
// scheme) is used, with a note to move it.
func onlyCPU(ds *stats.Dataset, id, folder string) (*stats.Dataset, []string) {
	var files []string
	for _, r := range ds.Views() {
		if resultsfile.CPUOf(r) != id {
			continue
		}
		if f := r.GetConfig(resultsfile.KeyFile); !slices.Contains(files, f) {
			files = append(files, f)
			if filepath.Dir(f) != folder {
				fmt.Fprintf(os.Stderr, "note: %s holds results of this CPU (%s) outside %s: move it there\n", f, id, folder)
			}
		}
	}
	ds.Keep(func(i int) bool { return resultsfile.CPUOf(ds.View(i)) == id })
	return ds, files
}

func quickMeasure(dir string, cpu variants.CPUInfo) (string, error) {
	groups, err := harness.KernelBenchGroups(harness.BenchSelect{HashBits: []int{22}, NoBatch: true}, cpu)
	if err != nil {
		return "", err
	}
	now := time.Now()
	bo := bench.Options{Count: 10, BenchTime: 20 * time.Millisecond, Warmup: 10 * time.Millisecond, Config: bench.MachineConfig(now, cpu)}
	bo.Progress = newProgress("auto")
	path := bench.ResultsName(dir, cpu.ID(), now, "pick-quick")
	rf, err := bench.CreateResults(path)
	if err != nil {
		return "", err
	}
	runErr := bench.Run(context.Background(), groups, bo, rf.Write)
	if err := rf.Close(); err != nil {
		return "", err
	}
	if runErr != nil {
		return "", runErr
	}
	fmt.Fprintf(stdout, "measured: %s\n\n", path)
	return path, nil
}

func fmtFig(f *results.Figure) string {
	if f == nil {
		return "-"
	}
	ci := "±∞"
	if f.Lo > 0 && f.Hi > 0 && f.Ns > 0 {
		ci = fmt.Sprintf("±%.0f%%", 100*max(f.Ns-f.Lo, f.Hi-f.Ns)/f.Ns)
	}
	return fmt.Sprintf("%s %s %s", f.Variant, stats.FormatTime(f.Ns/1e9), ci)
}

func writePicks(picks []results.KernelChoice) {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KERNEL\tCHOICE\tBY\tFASTEST ELIGIBLE\tRUNNER-UP\tREFERENCE\tSPEED-UP")
	for _, kc := range picks {
		choice := kc.Choice
		if kc.Choice == kc.Default {
			choice += " (default)"
		}
		speed := "-"
		if kc.Winner != nil && kc.Reference != nil && kc.Winner.Ns > 0 {
			speed = fmt.Sprintf("%.2fx", kc.Reference.Ns/kc.Winner.Ns)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", kc.Kernel, choice, or(kc.Evidence, "-"), fmtFig(kc.Winner), fmtFig(kc.RunnerUp), fmtFig(kc.Reference), speed)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nwhy:")
	for _, kc := range picks {
		fmt.Fprintf(stdout, "  %-18s %s\n", kc.Kernel, kc.Reason)
	}
}
