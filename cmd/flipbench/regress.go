package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/flipbench/flipbench/harness/regress"
)

func init() {
	register(&command{
		name:    "regress",
		summary: "build two revisions, cross-check both, benchmark them interleaved, flag slowdowns and search changes",
		usage:   "[flags] [OLD [NEW]]   (default OLD = merge base with main, NEW = the working tree)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := regressOptions{}
			fs.Float64Var(&o.maxSlowdown, "max-slowdown", 5, "fail when a benchmark gets significantly slower by more than this many percent")
			fs.StringVar(&o.bench, "bench", ".", "benchmarks to compare: a go test -bench pattern over ./harness's benchmarks, e.g. Kernel/kernel=flip/ (a leading kernel= is taken as Kernel/kernel=)")
			fs.IntVar(&o.count, "count", 6, "interleaved runs of each side (benchstat needs 6+ for intervals)")
			fs.StringVar(&o.benchtime, "benchtime", "100ms", "go test -benchtime per benchmark and run")
			fs.IntVar(&o.n, "n", 200_000, "random cases per kernel for the cross-check of each side")
			fs.StringVar(&o.solveSet, "solve-set", "ffo1-19", "FFO set whose solver fingerprint (node counts) is compared")
			fs.BoolVar(&o.keep, "keep", false, "keep the temporary build directory")
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

const worktree = "WORKTREE"

type regressOptions struct {
	old, new    string
	maxSlowdown float64
	bench       string
	count       int
	benchtime   string
	n           int
	solveSet    string
	keep        bool
}

// side is one revision, built.
type side struct {
	label, rev, dir string
	cli, tests      string // binaries
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

func runRegress(o regressOptions) error {
	if strings.HasPrefix(o.bench, "kernel=") {
		o.bench = "Kernel/" + o.bench // the benchmarks are BenchmarkKernel/kernel=K/variant=V/form=F
	}
	if _, err := regexp.Compile(o.bench); err != nil {
		return &exitError{2, fmt.Sprintf("regress: -bench %q: %v", o.bench, err)}
	}
	root, err := git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	if o.old == "" {
		if o.old, err = git(root, "merge-base", "HEAD", "main"); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp("", "flipbench-regress-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintf(stdout, "build directory: %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	sides := []*side{{label: "OLD", rev: o.old}, {label: "NEW", rev: o.new}}
	for _, s := range sides {
		if err := s.build(root, tmp); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s = %s\n", s.label, s.describe(root))
	}

	var problems []string

	// 1. cross-check both sides: a failure is a kernel bug, whatever the speed.
	for _, s := range sides {
		fmt.Fprintf(stdout, "\n== cross-check %s\n", s.label)
		out, err := exec.Command(s.cli, "check", "-n", fmt.Sprint(o.n)).CombinedOutput()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		for _, l := range lines {
			if !strings.HasPrefix(l, "ok ") && !strings.HasPrefix(l, "skip ") {
				fmt.Fprintln(stdout, l)
			}
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s fails the cross-check: %s", s.label, lines[len(lines)-1]))
		}
	}

	// 2. solver fingerprint: a changed node count is a search change.
	fps := make([]string, 2)
	for i, s := range sides {
		out, err := exec.Command(s.cli, "solve", "-set", o.solveSet, "-fingerprint").CombinedOutput()
		fps[i] = fingerprintOf(string(out))
		if err != nil || fps[i] == "" {
			fps[i] = ""
			fmt.Fprintf(stdout, "\n%s: no solver fingerprint (%s)\n", s.label, firstLine(string(out), err))
		}
	}
	if fps[0] != "" && fps[1] != "" {
		if fps[0] != fps[1] {
			fmt.Fprintf(stdout, "\nSEARCH CHANGE: %s fingerprint %s -> %s (node counts differ: the search, not only a kernel, changed)\n", o.solveSet, fps[0], fps[1])
		} else {
			fmt.Fprintf(stdout, "\nsolver fingerprint on %s unchanged: %s\n", o.solveSet, fps[0])
		}
	}

	// 3. benchmarks, interleaved OLD NEW OLD NEW ... in one session.
	oldS, newS, err := regressBenchmarks(o, sides, tmp)
	if err != nil {
		return err
	}
	changes := regress.CompareSamples(oldS, newS)
	if len(changes) == 0 {
		fmt.Fprintln(stdout, "no benchmark present on both sides")
	}
	fmt.Fprintln(stdout)
	regress.WriteChanges(stdout, changes, o.maxSlowdown/100)
	for _, c := range changes {
		if c.Slower(o.maxSlowdown / 100) {
			problems = append(problems, fmt.Sprintf("%s slower by %+.1f%% (%s), beyond -max-slowdown %g%%", c.Name, 100*c.Delta, c.Cmp, o.maxSlowdown))
		}
	}
	if len(problems) > 0 {
		fmt.Fprintln(stdout, "\nREGRESSION:")
		for _, p := range problems {
			fmt.Fprintln(stdout, "  "+p)
		}
		return &exitError{1, ""}
	}
	fmt.Fprintln(stdout, "\nno regression")
	return nil
}

// regressBenchmarks runs both sides' benchmarks, interleaved, -count
// times, and returns their samples (warning of lines it could not read).
func regressBenchmarks(o regressOptions, sides []*side, tmp string) (oldS, newS map[[2]string][]float64, err error) {
	files := []string{filepath.Join(tmp, "old.txt"), filepath.Join(tmp, "new.txt")}
	outs := make([]*os.File, 2)
	for i := range files {
		if outs[i], err = os.Create(files[i]); err != nil {
			return nil, nil, err
		}
	}
	fmt.Fprintf(stdout, "\n== benchmarks %q, %d interleaved runs of each side\n", o.bench, o.count)
	start := time.Now()
	for r := 0; r < o.count; r++ {
		for i, s := range sides {
			cmd := exec.Command(s.tests, "-test.run", "^$", "-test.bench", o.bench, "-test.benchtime", o.benchtime, "-test.count", "1")
			cmd.Stdout = outs[i]
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Run(); err != nil {
				return nil, nil, fmt.Errorf("%s benchmarks: %v: %s", s.label, err, errb.String())
			}
		}
		fmt.Fprintf(stdout, "  run %d/%d done (%v)\n", r+1, o.count, time.Since(start).Round(time.Second))
	}
	for _, f := range outs {
		f.Close()
	}
	oldS, bad1, err := regress.ReadSamples(files[0])
	if err != nil {
		return nil, nil, err
	}
	newS, bad2, err := regress.ReadSamples(files[1])
	if err != nil {
		return nil, nil, err
	}
	for _, e := range append(bad1, bad2...) {
		fmt.Fprintln(stdout, "warning:", e)
	}
	return oldS, newS, nil
}

func (s *side) describe(root string) string {
	if s.rev == worktree {
		return "the working tree"
	}
	if h, err := git(root, "rev-parse", "--short", s.rev); err == nil {
		return s.rev + " (" + h + ")"
	}
	return s.rev
}

// build extracts the revision (git archive) and builds the CLI and the
// harness test binary (its benchmarks) into tmp.
func (s *side) build(root, tmp string) error {
	s.dir = root
	if s.rev != worktree {
		s.dir = filepath.Join(tmp, strings.ToLower(s.label))
		if err := os.MkdirAll(s.dir, 0o755); err != nil {
			return err
		}
		if _, err := git(root, "rev-parse", "--verify", s.rev+"^{commit}"); err != nil {
			return &exitError{2, fmt.Sprintf("regress: %s revision %q: not a commit", s.label, s.rev)}
		}
		archive := exec.Command("git", "archive", "--format=tar", s.rev)
		archive.Dir = root
		untar := exec.Command("tar", "-x", "-C", s.dir)
		pipe, err := archive.StdoutPipe()
		if err != nil {
			return err
		}
		untar.Stdin = pipe
		if err := untar.Start(); err != nil {
			return err
		}
		if err := archive.Run(); err != nil {
			return fmt.Errorf("git archive %s: %v", s.rev, err)
		}
		if err := untar.Wait(); err != nil {
			return fmt.Errorf("extracting %s: %v", s.rev, err)
		}
	}
	s.cli = filepath.Join(tmp, strings.ToLower(s.label)+".flipbench")
	s.tests = filepath.Join(tmp, strings.ToLower(s.label)+".harness.test")
	for _, args := range [][]string{{"build", "-o", s.cli, "./cmd/flipbench"}, {"test", "-c", "-o", s.tests, "./harness"}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = s.dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: go %s: %v\n%s", s.label, strings.Join(args, " "), err, out)
		}
	}
	return nil
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
