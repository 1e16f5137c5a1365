package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/harness/store"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// profile is the pick profile of this CPU in force: its choices and where
// it came from ("" for none).
type profile struct {
	choices map[string]string
	source  string
}

// cpuProfile finds this CPU's profile (FLIPBENCH_PROFILE, else the
// user's, else the one embedded from results/<slug>/profile.json) once;
// its choices set the default variants, and -variants and
// FLIPBENCH_VARIANTS still override them. A choice this build or CPU
// cannot honour is dropped with a warning.
var cpuProfile = sync.OnceValue(func() profile {
	host := variants.Host()
	p, src, err := results.Find(host.Slug())
	if err != nil {
		fmt.Fprintf(os.Stderr, "flipbench: ignoring the pick profile: %v\n", err)
		return profile{}
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
			fmt.Fprintf(os.Stderr, "flipbench: profile %s: %s=%s ignored: %v\n", src, k, v, err)
			delete(p.Choices, k)
		}
	}
	return profile{p.Choices, src}
})

func init() {
	register(&command{
		name:    "pick",
		summary: "choose the fastest variant per kernel on this CPU (where significant) and write it as this CPU's profile",
		usage:   "[-quick] [-alpha A] [-o FILE] [-user] [-n] [RESULTS-FILE... | -server URL [-q QUERY]]   (default: results/<this cpu>/*.txt)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := pickFlags{}
			fs.BoolVar(&o.quick, "quick", false, "measure now (per call, 6 interleaved runs) even if results exist")
			fs.Float64Var(&o.alpha, "alpha", 0.05, "significance a winner needs against the default")
			fs.StringVar(&o.out, "o", "", "profile file (default results/<cpu-slug>/profile.json)")
			fs.BoolVar(&o.user, "user", false, "also install the profile in the user config dir, where an installed flipbench finds it")
			fs.BoolVar(&o.dry, "n", false, "print the choice, write no profile")
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
	alpha            float64
	out              string
	files            []string
	server           serverFlags // -server: the results of machines of this CPU's identity there
}

func runPick(o pickFlags) error {
	cpu, err := variants.Host().Without(os.Getenv("FLIPBENCH_DISABLE"))
	if err != nil {
		return &exitError{2, "FLIPBENCH_DISABLE: " + err.Error()}
	}
	slug := cpu.Slug()
	dir := bench.ResultsDir()

	files := o.files
	var link func(string) string // of a file from the server
	if o.server.on() {
		id := store.IdentityFromConfig(bench.MachineConfig(time.Now(), cpu))
		d, err := o.server.fetch(&id)
		if err != nil {
			return err
		}
		defer os.RemoveAll(d.Dir)
		if len(d.Files) == 0 {
			return &exitError{1, fmt.Sprintf("pick: no results on %s from a machine of this CPU's identity (%s): flipbench bench -upload %s sends some", *o.server.url, id, *o.server.url)}
		}
		files, link = d.Files, d.Link
	} else if len(files) == 0 && !o.quick {
		all, err := filepath.Glob(filepath.Join(dir, slug, "*.txt"))
		if err != nil {
			return err
		}
		files = all
	}
	if len(files) == 0 {
		fmt.Fprintf(stdout, "no results for this CPU (%s) under %s: measuring now (per call, 6 interleaved runs)\n", slug, dir)
		f, err := quickMeasure(dir, cpu)
		if err != nil {
			return err
		}
		files = []string{f}
	}
	ds, err := stats.ReadResults(files...)
	if err != nil {
		return err
	}
	for _, p := range ds.Problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if link != nil { // the server's results of this CPU's identity are this CPU's, whatever their slug
		for _, r := range ds.Results {
			r.SetConfig("cpu-slug", slug)
		}
	}
	ds.KeepLatest()
	of := slug
	if len(o.files) > 0 && len(ds.Results) > 0 {
		of = stats.CPUOf(ds.Results[0])
		if of != slug {
			fmt.Fprintf(stdout, "note: these results are from %s, not this CPU (%s)\n", of, slug)
		}
	}
	// against the built-in defaults, without any profile or user choice
	picks := stats.Pick(ds, of, stats.PickOptions{Alpha: o.alpha, CPU: cpu})
	writePicks(picks)

	p := &results.Profile{CPU: of, Brand: cpu.Brand, Uarch: cpu.Uarch, Date: time.Now().UTC().Truncate(time.Second),
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
	fmt.Fprintf(stdout, "\n%d kernels where a variant beats the built-in default significantly\n", len(p.Choices))
	if o.dry {
		return nil
	}
	out := o.out
	if out == "" {
		out = filepath.Join(dir, results.ProfileName(of))
	}
	if err := p.Write(out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "profile written to %s: built from this repository, flipbench (and its solver) use it by default on this CPU\n", out)
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

func quickMeasure(dir string, cpu variants.CPUInfo) (string, error) {
	groups, err := harness.KernelBenchGroups(harness.BenchSelect{HashBits: []int{22}, NoBatch: true}, cpu)
	if err != nil {
		return "", err
	}
	now := time.Now()
	bo := bench.Options{Count: 6, BenchTime: 50 * time.Millisecond, Warmup: 10 * time.Millisecond, Config: bench.MachineConfig(now, cpu)}
	bo.Progress = newProgress("auto")
	path := bench.ResultsName(dir, cpu.Slug(), now, "pick-quick")
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
	return fmt.Sprintf("%s %s %s", f.Variant, fmtNs(f.Ns), ci)
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.3gms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3gµs", ns/1e3)
	}
	return fmt.Sprintf("%.3gns", ns)
}

func writePicks(picks []results.KernelChoice) {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KERNEL\tCHOICE\tFASTEST\tRUNNER-UP\tREFERENCE\tSPEED-UP")
	for _, kc := range picks {
		choice := kc.Choice
		if kc.Choice == kc.Default {
			choice += " (default)"
		}
		speed := "-"
		if kc.Winner != nil && kc.Reference != nil && kc.Winner.Ns > 0 {
			speed = fmt.Sprintf("%.2fx", kc.Reference.Ns/kc.Winner.Ns)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", kc.Kernel, choice, fmtFig(kc.Winner), fmtFig(kc.RunnerUp), fmtFig(kc.Reference), speed)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nwhy:")
	for _, kc := range picks {
		fmt.Fprintf(stdout, "  %-18s %s\n", kc.Kernel, kc.Reason)
	}
}
