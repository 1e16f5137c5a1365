package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/regress"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

func init() {
	register(&command{
		name:    "regress",
		summary: "compare two revisions' kernels, their builds taking turns run by run: cross-check NEW, flag what got slower beyond the margin and search changes",
		usage:   "[flags] [OLD [NEW]]   (default OLD = merge base with main, NEW = the working tree)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := regressOptions{}
			fs.Float64Var(&o.maxSlowdown, "max-slowdown", 100*stats.DefaultMargin, "percent: a benchmark is a regression when NEW is slower than OLD beyond this, its family-wise 95% interval beyond half of it, in the sessions that confirm the screen's suspects by themselves in fresh processes")
			fs.StringVar(&o.bench, "bench", ".", "benchmarks to compare: a regexp over their names, Kernel/kernel=K/variant=V/form=F (a leading kernel= is taken as Kernel/kernel=K/)")
			fs.IntVar(&o.count, "count", 27, "the screen's rounds, split over -screen-sessions: each goes over the benchmarks -runs times, every benchmark's OLD and NEW back to back, in a random order")
			fs.DurationVar(&o.screenTime, "screen-time", 80*time.Second, "at most this long for the screen: where its benchmarks need more, one session of fewer rounds than -count (at least 10); 0: no limit")
			fs.IntVar(&o.screenSessions, "screen-sessions", regress.ScreenSessions, "sessions of fresh server processes the screen's rounds are split over: no one process's lasting offset then sets a benchmark's floor")
			fs.IntVar(&o.runs, "runs", 1, "runs of every benchmark's OLD and NEW per round and layout")
			fs.IntVar(&o.layouts, "layouts", regress.DefaultLayouts, "builds of each side the screen measures, the code shifted by another 32 bytes in each (1..4): a benchmark is compared in each, pooled; the suspects' confirmation always runs all four")
			fs.DurationVar(&o.benchtime, "benchtime", 3*time.Millisecond, "target duration of one run")
			fs.IntVar(&o.n, "n", 200_000, "random cases per kernel for the cross-check of NEW")
			fs.StringVar(&o.solveSet, "solve-set", "ffo1-19", "FFO set whose solver fingerprint (node counts) is compared")
			fs.StringVar(&o.format, "format", "text", "output of the comparison: text; md (a Markdown table for a pull request's comment, the verdict line first); json or csv (on standard output, the progress on standard error)")
			fs.StringVar(&o.out, "o", "", "keep the raw results (Go's benchmark format, rev=old and rev=new): the screen's first session in this file, its others in FILE.screen-2 and on, the confirmation's in FILE.confirm-1 and on")
			fs.BoolVar(&o.keep, "keep", false, "print where the trees and builds are kept (they stay in the user cache directory, for the next run)")
			return func(args []string) error {
				if len(args) > 2 {
					return &exitError{2, "regress: want at most two revisions, OLD and NEW"}
				}
				o.old, o.new = "", regress.Worktree
				if len(args) > 0 {
					o.old = args[0]
				}
				if len(args) > 1 {
					o.new = args[1]
				}
				return runRegress(o)
			}
		},
	})
}

type regressOptions struct {
	old, new       string
	maxSlowdown    float64
	bench          string
	count, runs    int
	screenTime     time.Duration
	screenSessions int // sessions of fresh processes the screen's rounds are split over
	layouts        int
	benchtime      time.Duration
	n              int
	solveSet       string
	format, out    string
	keep           bool
}

// goEnv is the environment of the builds: GOFLAGS with -mod=mod (a tree's
// go.sum may lack what its go.mod needs on this machine).
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
}

// serverEnv is the environment of the screen's servers' builds: goEnv,
// and the heap at the same address in every process (GOEXPERIMENT
// norandomizedheapbase64; Go draws the heap's base at random): the screen
// has one process per side and layout, and with a random base the same
// binary's kernels run at other speeds in other processes
// (docs/regress.md).
func serverEnv() []string {
	exp := "norandomizedheapbase64"
	if e := os.Getenv("GOEXPERIMENT"); e != "" {
		exp = e + "," + exp
	}
	return append(goEnv(), "GOEXPERIMENT="+exp)
}

func (o *regressOptions) check() error {
	o.bench = regress.BenchPattern(o.bench)
	if _, err := regexp.Compile(o.bench); err != nil {
		return &exitError{2, fmt.Sprintf("regress: -bench %q: %v", o.bench, err)}
	}
	switch {
	case o.count < 3:
		return &exitError{2, fmt.Sprintf("regress: -count %d: want 3 rounds or more (paired verdicts need them)", o.count)}
	case o.benchtime <= 0:
		return &exitError{2, "regress: -benchtime must be positive"}
	case o.screenSessions < 1 || o.screenSessions > 10:
		return &exitError{2, fmt.Sprintf("regress: -screen-sessions %d: want 1..10", o.screenSessions)}
	case o.count < 3*o.screenSessions:
		return &exitError{2, fmt.Sprintf("regress: -count %d: want 3 rounds or more a screening session (-screen-sessions %d)", o.count, o.screenSessions)}
	case o.layouts < 1 || o.layouts > regress.Layouts:
		return &exitError{2, fmt.Sprintf("regress: -layouts %d: want 1..%d", o.layouts, regress.Layouts)}
	case o.runs < 1 || o.runs > 100:
		return &exitError{2, fmt.Sprintf("regress: -runs %d: want 1..100", o.runs)}
	case o.maxSlowdown <= 0 || o.maxSlowdown >= 100:
		return &exitError{2, fmt.Sprintf("regress: -max-slowdown %g: want a percentage in (0, 100)", o.maxSlowdown)}
	case o.format != "text" && o.format != "json" && o.format != "csv" && o.format != "md":
		return &exitError{2, fmt.Sprintf("regress: -format %q: want text, md, json or csv", o.format)}
	}
	return nil
}

func runRegress(o regressOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	// md, json and csv are the only thing on standard output: the builds'
	// and cross-checks' lines go to standard error
	result := stdout
	if o.format != "text" {
		stdout = os.Stderr
		defer func() { stdout = result }()
	}
	start := time.Now()
	sess, err := buildSides(o)
	if err != nil {
		return err
	}
	problems := regress.CrossCheck(stdout, sess.Sides[1], o.n, o.bench)
	regress.CompareFingerprints(stdout, sess.Sides, o.solveSet)
	out := o.out
	if out == "" {
		tmp, err := os.MkdirTemp("", "flipbench-regress-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		out = filepath.Join(tmp, "regress.txt")
	}
	fmt.Fprintf(stdout, "\n== benchmarks %q: OLD's and NEW's builds taking turns run by run, in %d layouts each, %d sessions of fresh processes of %d rounds of %d runs of %v per layout, each OLD beside its NEW in a random order (built in %v)\n",
		o.bench, o.layouts, o.screenSessions, sess.ScreenRounds(), o.runs, o.benchtime, time.Since(start).Round(time.Second))
	built := time.Since(start)
	margin := o.maxSlowdown / 100
	changes, twins, err := sess.Screen(out, margin)
	if err != nil {
		return sessionError(err)
	}
	screened := time.Since(start) - built
	confirmed, err := sess.Confirm(out, regress.Suspects(changes), margin)
	if err != nil {
		return sessionError(err)
	}
	for _, c := range confirmed {
		if c.Slower() {
			problems = append(problems, fmt.Sprintf("%s slower: %s (beyond -max-slowdown %g%%)", c.Name, c.Family.Detail(), o.maxSlowdown))
		}
	}
	took := time.Since(start)
	if err := regress.WriteResult(result, o.format, problems, changes, twins, confirmed, took); err != nil {
		return err
	}
	if o.format == "text" {
		fmt.Fprintf(stdout, "\ntime: builds, cross-check and fingerprints %v, screen %v, confirmation %v\n",
			built.Round(time.Second), screened.Round(time.Second), (took - built - screened).Round(time.Second))
	}
	return verdict(problems, changes, confirmed, took)
}

// buildSides builds OLD and NEW and returns the session that runs them.
func buildSides(o regressOptions) (regress.Session, error) {
	root, err := regress.Git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return regress.Session{}, err
	}
	if o.old == "" {
		if o.old, err = regress.Git(root, "merge-base", "HEAD", "main"); err != nil {
			return regress.Session{}, err
		}
	}
	cache, err := regressCache()
	if err != nil {
		return regress.Session{}, err
	}
	sess := regress.Session{
		Root: root, Sides: [2]*regress.Side{{Label: "OLD", Rev: o.old}, {Label: "NEW", Rev: o.new}},
		Bench: o.bench, Count: o.count, ScreenSessions: o.screenSessions, Runs: o.runs, Layouts: o.layouts,
		ScreenTime: o.screenTime, BenchTime: o.benchtime, Text: o.format == "text", Out: stdout, Err: os.Stderr, KeepFiles: o.out != "",
		Config: func() [][2]string {
			return append(bench.MachineConfig(time.Now(), variants.Host()), machineState("regress")...)
		},
		Progress: func() bench.Progress { return &lineProgress{} },
	}
	for _, s := range sess.Sides {
		err := s.Build(root, cache, goEnv(), serverEnv())
		var re *regress.RevisionError
		if errors.As(err, &re) {
			return sess, &exitError{2, "regress: " + err.Error()}
		}
		if err != nil {
			return sess, err
		}
		fmt.Fprintf(stdout, "%s = %s\n", s.Label, regress.Describe(root, s.Rev))
	}
	if o.keep {
		fmt.Fprintf(stdout, "trees and builds kept under %s\n", cache)
	}
	return sess, nil
}

// sessionError is a session's error: exit status 1 if nothing compared.
func sessionError(err error) error {
	var np *regress.NoPairsError
	if errors.As(err, &np) || errors.Is(err, regress.ErrNothingCompared) {
		return &exitError{1, "regress: " + err.Error()}
	}
	return err
}

// verdict prints the conclusion and returns the exit status: 1 for a
// confirmed regression or a failed cross-check.
func verdict(problems []string, screened, confirmed []regress.Change, took time.Duration) error {
	fmt.Fprintf(stdout, "\n%s\n", regress.Summary(screened, confirmed, took))
	if len(problems) > 0 {
		fmt.Fprintln(stdout, "\nREGRESSION:")
		for _, p := range problems {
			fmt.Fprintln(stdout, "  "+p)
		}
		return &exitError{1, ""}
	}
	fmt.Fprintln(stdout, "no regression")
	return nil
}

// regressCache is where regress keeps the trees it extracts and what it
// builds of them, between runs (so that go's build cache finds them where
// it left them).
func regressCache() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "flipbench", "regress")
	return dir, os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
}
