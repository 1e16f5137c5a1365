package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/perf/benchfmt"

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
				o.old, o.new = "", worktree
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

const worktree = regress.Worktree

type regressOptions struct {
	old, new    string
	maxSlowdown float64
	bench       string
	count, runs int
	screenTime  time.Duration
	// screenSessions is how many sessions of fresh processes the screen's
	// rounds (count) are split over; runServed runs one of them
	screenSessions int
	layouts        int
	randomHeap     bool // the servers with Go's random heap base (the confirmation's)
	benchtime      time.Duration
	n              int
	solveSet       string
	format, out    string
	keep           bool
}

// side is one revision: its tree in the cache, its CLI and its benchmark
// servers, one per layout (harness/regress.BuildServer), each built twice:
// with the heap at a fixed base (the screen's) and at Go's random one
// (the confirmation's).
type side struct {
	label, rev, id, dir string
	cli                 string
	servers, randomHeap []string
	opts                regressOptions
}

// build extracts the revision and builds its CLI and its servers, the
// servers two at a time (nothing is timed yet).
func (s *side) build(root, cache string) error {
	t, err := regress.Extract(root, cache, s.rev)
	var re *regress.RevisionError
	if errors.As(err, &re) {
		return &exitError{2, fmt.Sprintf("regress: %s %v", s.label, err)}
	}
	if err != nil {
		return err
	}
	s.id, s.dir, s.cli = t.ID, t.Dir, filepath.Join(cache, "bin", t.ID+".flipbench")
	if err := regress.GoBuild(s.dir, s.cli, "./cmd/flipbench", goEnv()); err != nil {
		return fmt.Errorf("%s: %v", s.label, err)
	}
	s.servers, s.randomHeap = make([]string, regress.Layouts), make([]string, regress.Layouts)
	errs := make([]error, 2*regress.Layouts)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for l := range regress.Layouts {
		for k, env := range [][]string{serverEnv(), goEnv()} {
			bin := filepath.Join(cache, "bin", fmt.Sprintf("%s.server-%d", s.id, l))
			dst := &s.servers[l]
			if k == 1 {
				bin += "-random-heap"
				dst = &s.randomHeap[l]
			}
			*dst = bin
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				if err := regress.BuildServer(s.dir, bin, env, l); err != nil {
					errs[2*l+k] = fmt.Errorf("%s: %v", s.label, err)
				}
			}()
		}
	}
	wg.Wait()
	return errors.Join(errs...)
}

// runServed runs a session (the screen's session-th, or a confirming
// one): both sides' servers, every benchmark both have as a pair taking
// turns, o.count rounds, into the results file out. A screen's first
// session that would make the screen outlast -screen-time runs it all
// instead, in fewer rounds, and sets *alone.
func runServed(sides []*side, o regressOptions, out, root string, session int, alone *bool) error {
	servers := make([][]*bench.Server, len(sides))
	defer func() {
		for _, svs := range servers {
			for _, sv := range svs {
				if sv != nil {
					sv.Close()
				}
			}
		}
	}()
	// all at once: a server makes its inputs as it starts (nothing is
	// timed yet), and a confirmation starts eight of them each session
	only := regexp.MustCompile(o.bench)
	errs := make([][]error, len(sides))
	var wg sync.WaitGroup
	for i, s := range sides {
		servers[i] = make([]*bench.Server, o.layouts)
		errs[i] = make([]error, o.layouts)
		bins := s.servers
		if o.randomHeap {
			bins = s.randomHeap
		}
		for l, bin := range bins[:o.layouts] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				servers[i][l], errs[i][l] = regress.StartServer(fmt.Sprintf("%s layout %d", s.label, l), bin, only)
			}()
		}
	}
	wg.Wait()
	for i := range sides {
		if err := errors.Join(errs[i]...); err != nil {
			return err
		}
	}
	groups, unpaired := regress.Pair(servers[0], servers[1], only)
	for _, c := range unpaired {
		fmt.Fprintln(os.Stderr, "not compared:", c)
	}
	if len(groups) == 0 {
		return &exitError{1, fmt.Sprintf("regress: no benchmark both sides have matches %q", o.bench)}
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := benchfmt.NewWriter(f)
	bo := bench.Options{Count: o.count, Runs: o.runs, BenchTime: o.benchtime, Warmup: 10 * time.Millisecond, Twins: true, Progress: &lineProgress{}}
	if !o.randomHeap && o.screenTime > 0 && session == 0 {
		// the screen of many benchmarks (every kernel's) within its time:
		// one session (each calibrates every benchmark afresh, which for
		// every kernel costs more than a round) of fewer rounds; each
		// benchmark's "would suspect" says what it costs
		plan, _ := bench.Plan(groups, bo)
		if est := time.Duration(screenWallPerPlanned * float64(plan) * float64(o.screenSessions)); est > o.screenTime {
			total := o.count * o.screenSessions
			bo.Count = max(minScreenRounds, int(float64(total)*float64(o.screenTime)/float64(est)))
			*alone = true
			if o.format == "text" {
				fmt.Fprintf(stdout, "screen: %d rounds in one session, not %d in %d, to take about -screen-time %v, not %v\n", bo.Count, total, o.screenSessions, o.screenTime, est.Round(time.Second))
			}
		}
	}
	bo.Config = append(append(bench.MachineConfig(time.Now(), variants.Host()), machineState("regress")...),
		[2]string{"regress-old", regress.Describe(root, sides[0].rev)}, [2]string{"regress-new", regress.Describe(root, sides[1].rev)})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	runErr := bench.Run(ctx, groups, bo, func(r *benchfmt.Result) error { return w.Write(r) })
	if err := f.Close(); err != nil {
		return err
	}
	if runErr != nil {
		return fmt.Errorf("the benchmarks: %v", runErr)
	}
	return nil
}

// screenWallPerPlanned is a screen's wall time over its plan (bench.Plan:
// the timed runs and a runner's lead-in): the server's longer lead-in, the
// round trips and the calibration (docs/regress.md has the measurements).
const screenWallPerPlanned = 1.8

// minScreenRounds is the fewest rounds -screen-time leaves a screen.
const minScreenRounds = 10

// goEnv is the environment of the builds: GOFLAGS with -mod=mod (a tree's
// go.sum may lack what its go.mod needs on this machine).
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
}

// serverEnv is the environment of the screen's servers' builds: goEnv,
// and the heap at the same address in every process (GOEXPERIMENT
// norandomizedheapbase64; Go 1.26 draws the heap's base at random): the
// screen has one process per side and layout, and with a random base the
// same binary's kernels ran at two speeds by process (docs/regress.md).
func serverEnv() []string {
	exp := "norandomizedheapbase64"
	if e := os.Getenv("GOEXPERIMENT"); e != "" {
		exp = e + "," + exp
	}
	return append(goEnv(), "GOEXPERIMENT="+exp)
}

func (o *regressOptions) check() error {
	if strings.HasPrefix(o.bench, "kernel=") {
		o.bench = "Kernel/" + o.bench // the benchmarks are Kernel/kernel=K/variant=V/form=F
		if !strings.HasSuffix(o.bench, "/") && !strings.ContainsAny(o.bench[len("Kernel/kernel="):], "/.*+?()[]|") {
			o.bench += "/"
		}
	}
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
	root, err := regress.Git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	if o.old == "" {
		if o.old, err = regress.Git(root, "merge-base", "HEAD", "main"); err != nil {
			return err
		}
	}
	cache, err := regressCache()
	if err != nil {
		return err
	}
	sides := []*side{{label: "OLD", rev: o.old, opts: o}, {label: "NEW", rev: o.new, opts: o}}
	for _, s := range sides {
		if err := s.build(root, cache); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s = %s\n", s.label, regress.Describe(root, s.rev))
	}
	if o.keep {
		fmt.Fprintf(stdout, "trees and builds kept under %s\n", cache)
	}
	var problems []string
	problems = append(problems, crossCheck(sides[1], o)...)
	compareFingerprints(sides, o.solveSet)

	out := o.out
	if out == "" {
		tmp, err := os.MkdirTemp("", "flipbench-regress-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		out = filepath.Join(tmp, "regress.txt")
	}
	so := o // one screening session's
	so.count = (o.count + o.screenSessions - 1) / o.screenSessions
	fmt.Fprintf(stdout, "\n== benchmarks %q: OLD's and NEW's builds taking turns run by run, in %d layouts each, %d sessions of fresh processes of %d rounds of %d runs of %v per layout, each OLD beside its NEW in a random order (built in %v)\n",
		o.bench, o.layouts, o.screenSessions, so.count, o.runs, o.benchtime, time.Since(start).Round(time.Second))
	built := time.Since(start)
	screens := screenFiles(out, o.screenSessions)
	alone := false
	for i, f := range screens {
		if err := runServed(sides, so, f, root, i, &alone); err != nil {
			return err
		}
		if alone {
			screens = screens[:1]
			break
		}
	}
	screened := time.Since(start) - built
	ds, err := stats.ReadResults(screens...)
	if err != nil {
		return err
	}
	for _, p := range ds.Problems {
		fmt.Fprintln(os.Stderr, "warning:", p)
	}
	margin := o.maxSlowdown / 100
	changes, twins := regress.Changes(ds, margin, 0.95, 0, regress.Pairs)
	if len(changes) == 0 {
		return &exitError{1, "regress: no benchmark present on both sides"}
	}
	if o.format == "text" {
		fmt.Fprintln(stdout)
		regress.WriteChanges(stdout, changes, true)
		writeTwins(twins, margin)
	}
	confirmed, err := confirm(sides, o, out, root, regress.Suspects(changes), margin)
	if err != nil {
		return err
	}
	for _, c := range confirmed {
		if c.Slower() {
			problems = append(problems, fmt.Sprintf("%s slower: %s (beyond -max-slowdown %g%%)", c.Name, c.Family.Detail(), o.maxSlowdown))
		}
	}
	took := time.Since(start)
	switch o.format {
	case "json":
		err = regress.WriteJSON(result, changes, twins, confirmed)
	case "csv":
		err = regress.WriteCSV(result, changes, twins, confirmed)
	case "md":
		line := "**no regression**"
		if len(problems) > 0 {
			line = "**REGRESSION**: " + strings.Join(problems, "; ")
		}
		line += ": " + summary(changes, confirmed, took)
		err = regress.WriteMarkdown(result, line, changes, twins, confirmed)
	}
	if err != nil {
		return err
	}
	if o.format == "text" {
		fmt.Fprintf(stdout, "\ntime: builds, cross-check and fingerprints %v, screen %v, confirmation %v\n",
			built.Round(time.Second), screened.Round(time.Second), (took - built - screened).Round(time.Second))
	}
	return verdict(problems, changes, confirmed, took)
}

// screenFiles is where the screen's sessions write their raw results:
// out, then out.screen-2 and on.
func screenFiles(out string, sessions int) []string {
	files := []string{out}
	for i := 2; i <= sessions; i++ {
		files = append(files, fmt.Sprintf("%s.screen-%d", out, i))
	}
	return files
}

// confirm runs the suspects (the screening session's benchmarks that
// look slower, regress.Suspects) again by themselves, the most clearly
// slower regress.MaxSuspects of them, regress.ConfirmRounds times the
// rounds, split over regress.ConfirmProcesses sessions of fresh server
// processes, and compares them on those sessions' own family-wise
// intervals with the process as unit (new runs: the screen only chose
// what to look at again). The Undecided nearest a regression get as many
// sessions more, judged over all of theirs (regress.SecondLook). Its raw
// results go beside out, as out.confirm-1 and on.
func confirm(sides []*side, o regressOptions, out, root string, suspects []regress.Change, margin float64) ([]regress.Change, error) {
	if len(suspects) == 0 {
		return nil, nil
	}
	if len(suspects) > regress.MaxSuspects {
		fmt.Fprintf(stdout, "\nnot confirmed (%d suspects, at most %d confirmed, the most clearly slower first; rerun with -bench to look at them): %s\n",
			len(suspects), regress.MaxSuspects, changeNames(suspects[regress.MaxSuspects:]))
		suspects = suspects[:regress.MaxSuspects]
	}
	oc := o
	// every layout (where the code falls against the 128-byte lines, a
	// side's own shift included, cancels only over all four), the screen's
	// pairs per benchmark times ConfirmRounds over all the sessions
	oc.layouts = regress.Layouts
	// and the heap where Go puts it, at random: a buffer's place against
	// another's (4K aliasing, say) is then one more thing that differs by
	// process, which the process unit averages, where a fixed base makes
	// it one binary's lasting bias
	oc.randomHeap = true
	oc.count = max(stats.MinPairs, o.count*o.layouts*regress.ConfirmRounds/(regress.ConfirmProcesses*regress.Layouts))
	family := regress.ConfirmLooks * len(suspects)
	var files []string
	if o.out == "" {
		defer func() {
			for _, f := range files {
				os.Remove(f)
			}
		}()
	}
	look := func(cs []regress.Change) error {
		names := make([]string, len(cs))
		for i, c := range cs {
			names[i] = regexp.QuoteMeta(c.Name)
		}
		oc.bench = "^(" + strings.Join(names, "|") + ")$"
		for range regress.ConfirmProcesses {
			file := fmt.Sprintf("%s.confirm-%d", out, len(files)+1)
			files = append(files, file)
			if err := runServed(sides, oc, file, root, -1, nil); err != nil {
				return err
			}
		}
		return nil
	}
	if o.format == "text" {
		fmt.Fprintf(stdout, "\n== confirming %d suspects by themselves: %d sessions of fresh processes in %d layouts, %d rounds each\n", len(suspects), regress.ConfirmProcesses, oc.layouts, oc.count)
	}
	var confirmed, twins []regress.Change
	again := suspects
	for n := range regress.ConfirmLooks {
		if n > 0 {
			if again = regress.SecondLook(confirmed); len(again) == 0 {
				break
			}
			if o.format == "text" {
				fmt.Fprintf(stdout, "\n== undecided after %d sessions, %d more of them by themselves: %s\n", len(files), regress.ConfirmProcesses, changeNames(again))
			}
		}
		if err := look(again); err != nil {
			return nil, err
		}
		ds, err := stats.ReadResults(files...)
		if err != nil {
			return nil, err
		}
		confirmed, twins = regress.Changes(ds, margin, 0.95, family, regress.Processes)
	}
	if o.format == "text" {
		fmt.Fprintln(stdout)
		regress.WriteChanges(stdout, confirmed, false)
		writeTwins(twins, margin)
	}
	return confirmed, nil
}

// changeNames is the changes' benchmarks, comma-separated.
func changeNames(cs []regress.Change) string {
	var names []string
	for _, c := range cs {
		names = append(names, strings.TrimPrefix(c.Name, "Kernel/"))
	}
	return strings.Join(names, ", ")
}

// writeTwins summarises the A/A twins: OLD's copy of one case per group
// against the case itself. Any that "differs" on its family-wise interval
// (the one regressions are judged on) says the machine was too noisy for
// this session's verdicts.
func writeTwins(twins []regress.Change, margin float64) {
	equal, differ := regress.TwinVerdicts(twins)
	fmt.Fprintf(stdout, "\nA/A twins: %d of %d equal to their original (90%% interval within ±%.3g%%)\n", equal, len(twins), 100*margin)
	for _, d := range differ {
		fmt.Fprintf(stdout, "WARNING: A/A twin differs: %s %s: this session's verdicts are not to be trusted; run again\n", d.Name, d.Family.Detail())
	}
}

// verdict prints the conclusion and returns the exit status: 1 for a
// confirmed regression or a failed cross-check.
func verdict(problems []string, screened, confirmed []regress.Change, took time.Duration) error {
	fmt.Fprintf(stdout, "\n%s\n", summary(screened, confirmed, took))
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

// summary says what the session looked at and what it could see.
func summary(screened, confirmed []regress.Change, took time.Duration) string {
	ds := regress.Suspectable(screened)
	slices.Sort(ds)
	return fmt.Sprintf("%d benchmarks screened, %d suspects confirmed by themselves, in %v; a slowdown of %.1f%% or more would have been a suspect in half of them, of %.1f%% in all (each row's is under \"would suspect\"); a regression is a confirmed suspect slower beyond the margin, its %s interval beyond half of it (family-wise: any false flag at most 5%% likely)",
		len(screened), len(confirmed), took.Round(time.Second), 100*ds[len(ds)/2], 100*ds[len(ds)-1], familyLabel(confirmed))
}

// familyLabel is the confirming session's family-wise confidence, "95%"
// where there was none.
func familyLabel(cs []regress.Change) string {
	if len(cs) == 0 {
		return "95%"
	}
	return fmt.Sprintf("%.4g%%", 100*cs[0].Family.Confidence)
}

// crossCheck runs NEW's cross-check of the kernels benchmarked: a
// failure is a kernel bug, whatever the speed. OLD is what NEW is measured
// against, not what is checked (its own cross-check ran when it was NEW).
func crossCheck(s *side, o regressOptions) []string {
	args := []string{"check", "-n", fmt.Sprint(o.n)}
	if m := regexp.MustCompile(`^Kernel/kernel=([a-z_0-9]+)/`).FindStringSubmatch(o.bench); m != nil {
		args = append(args, "-kernel", m[1])
	}
	out, err := exec.Command(s.cli, args...).CombinedOutput()
	fmt.Fprintf(stdout, "\n== cross-check %s (%s)\n", s.label, strings.Join(args, " "))
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "ok ") && !strings.HasPrefix(l, "skip ") {
			fmt.Fprintln(stdout, l)
		}
	}
	if err != nil {
		return []string{fmt.Sprintf("%s fails the cross-check: %s", s.label, lines[len(lines)-1])}
	}
	return nil
}

type sideOutput struct {
	out []byte
	err error
}

// bothSides runs f for every side concurrently.
func bothSides(sides []*side, f func(*side) ([]byte, error)) []sideOutput {
	outs := make([]sideOutput, len(sides))
	var wg sync.WaitGroup
	for i, s := range sides {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i].out, outs[i].err = f(s)
		}()
	}
	wg.Wait()
	return outs
}

// compareFingerprints: a changed node count is a search change.
func compareFingerprints(sides []*side, set string) {
	fps := make([]string, 2)
	outs := bothSides(sides, func(s *side) ([]byte, error) {
		return exec.Command(s.cli, "solve", "-set", set, "-fingerprint").CombinedOutput()
	})
	for i, s := range sides {
		out, err := outs[i].out, outs[i].err
		fps[i] = fingerprintOf(string(out))
		if err != nil || fps[i] == "" {
			fps[i] = ""
			fmt.Fprintf(stdout, "\n%s: no solver fingerprint (%s)\n", s.label, firstLine(string(out), err))
		}
	}
	if fps[0] != "" && fps[1] != "" {
		if fps[0] != fps[1] {
			fmt.Fprintf(stdout, "\nSEARCH CHANGE: %s fingerprint %s -> %s (node counts differ: the search, not only a kernel, changed)\n", set, fps[0], fps[1])
		} else {
			fmt.Fprintf(stdout, "\nsolver fingerprint on %s unchanged: %s\n", set, fps[0])
		}
	}
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

var fingerprintRE = regexp.MustCompile(`(?m)^fingerprint:?\s+([0-9a-f]+)`)

func fingerprintOf(out string) string {
	if m := fingerprintRE.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	return ""
}

func firstLine(s string, err error) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if s == "" && err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.String()
		}
		return err.Error()
	}
	return s
}
