//go:build unix

package regress

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
)

// TestMain makes this test binary a benchmark server when the session
// tests start it (helperServes): two groups of trivial kernels, and one
// more case when it runs as NEW's server.
func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		if err := bench.Serve(helperGroups(filepath.Base(os.Args[0]) == "new-server"), time.Millisecond, os.Stdin, os.Stdout); err != nil {
			fmt.Println("err", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const helperEnv = "FLIPBENCH_REGRESS_SERVE_HELPER"

func helperGroups(new bool) []*bench.Group {
	mk := func(kernel, variant string) *bench.Case {
		c := &bench.Case{Name: "Kernel", Keys: [][2]string{{"kernel", kernel}, {"variant", variant}, {"form", "call"}}}
		sink := 0
		c.Run = func(n int) {
			for i := range n * 20 {
				sink += i
			}
		}
		return c
	}
	gs := []*bench.Group{
		{Title: "a call", Cases: []*bench.Case{mk("a", "x"), mk("a", "y")}},
		{Title: "b call", Cases: []*bench.Case{mk("b", "x")}},
	}
	if new {
		gs[1].Cases = append(gs[1].Cases, mk("b", "new"))
	}
	return gs
}

// helperSession is a session whose sides' servers are this test binary,
// OLD's under its own name, NEW's under new-server, in every layout.
func helperSession(t *testing.T, out *bytes.Buffer) Session {
	t.Helper()
	t.Setenv(helperEnv, "1")
	newBin := filepath.Join(t.TempDir(), "new-server")
	if err := os.Symlink(os.Args[0], newBin); err != nil {
		t.Fatal(err)
	}
	sides := [2]*Side{{Label: "OLD", Rev: "HEAD"}, {Label: "NEW", Rev: Worktree}}
	for i, bin := range []string{os.Args[0], newBin} {
		for range Layouts {
			sides[i].Servers = append(sides[i].Servers, bin)
			sides[i].RandomHeap = append(sides[i].RandomHeap, bin)
		}
	}
	return Session{Root: ".", Sides: sides, Bench: ".", Count: 6, ScreenSessions: 2, Runs: 1, Layouts: 1,
		BenchTime: 20 * time.Microsecond, Text: true, Out: out, Err: out}
}

// The screen runs its sessions into out and beside it, OLD and NEW paired
// (a case only one side has is not compared), and compares them; a screen
// that would outlast ScreenTime runs one session alone.
func TestScreen(t *testing.T) {
	var log bytes.Buffer
	s := helperSession(t, &log)
	out := filepath.Join(t.TempDir(), "r.txt")
	changes, twins, err := s.Screen(out, 0.05)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	names := changeSet(changes)
	if len(changes) != 3 || !names["Kernel/kernel=a/variant=x/form=call"] || !names["Kernel/kernel=b/variant=x/form=call"] || len(twins) != 2 {
		t.Errorf("changes %v, %d twins; want the three cases both sides have, a twin per group", names, len(twins))
	}
	for _, f := range []string{out, out + ".screen-2"} {
		checkResults(t, f, 3, s.ScreenRounds())
	}
	for _, want := range []string{"not compared: NEW only: Kernel/kernel=b/variant=new/form=call", "A/A twins:", "would suspect"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, log.String())
		}
	}

	log.Reset()
	s.ScreenTime = time.Nanosecond
	out = filepath.Join(t.TempDir(), "r.txt")
	if _, _, err := s.Screen(out, 0.05); err != nil {
		t.Fatal(err)
	}
	checkResults(t, out, 3, minScreenRounds)
	if _, err := os.Stat(out + ".screen-2"); err == nil {
		t.Error("a screen run alone wrote a second session")
	}
	if !strings.Contains(log.String(), fmt.Sprintf("screen: %d rounds in one session, not 6 in 2", minScreenRounds)) {
		t.Errorf("no note of the screen run alone:\n%s", log.String())
	}

	s.Bench = "^nothing$"
	var np *NoPairsError
	if _, _, err := s.Screen(out, 0.05); !errors.As(err, &np) || np.Bench != "^nothing$" {
		t.Errorf("a -bench that matches nothing: %v, want a NoPairsError", err)
	}
}

// The confirmation runs the suspects only, ConfirmProcesses sessions in
// every layout, into out.confirm-N (removed unless KeepFiles), and judges
// each of them.
func TestConfirm(t *testing.T) {
	var log bytes.Buffer
	s := helperSession(t, &log)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.txt")
	suspect := []Change{{Name: "Kernel/kernel=a/variant=y/form=call"}}
	s.KeepFiles = true
	confirmed, err := s.Confirm(out, suspect, 0.05)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if len(confirmed) != 1 || confirmed[0].Name != suspect[0].Name {
		t.Errorf("confirmed %v, want the suspect", changeSet(confirmed))
	}
	files, _ := filepath.Glob(out + ".confirm-*")
	if len(files) < ConfirmProcesses || len(files) > ConfirmLooks*ConfirmProcesses {
		t.Errorf("%d files of the confirmation: %v", len(files), files)
	}
	c := s.confirming()
	for _, f := range files {
		checkResults(t, f, 1, c.Count)
	}
	if !strings.Contains(log.String(), fmt.Sprintf("== confirming 1 suspects by themselves: %d sessions of fresh processes in %d layouts", ConfirmProcesses, Layouts)) {
		t.Errorf("output:\n%s", log.String())
	}

	if testing.Short() {
		return // another confirmation's processes
	}
	s.KeepFiles = false
	out = filepath.Join(dir, "s.txt")
	if _, err := s.Confirm(out, suspect, 0.05); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(out + ".confirm-*"); len(files) != 0 {
		t.Errorf("the confirmation's files kept: %v", files)
	}
}

// checkResults checks that a session's results file has n benchmarks,
// each with as many OLD runs as NEW ones over its layouts, a multiple of
// rounds.
func checkResults(t *testing.T, path string, n, rounds int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string][2]int{}
	for _, l := range strings.Split(string(data), "\n") {
		name, _, _ := strings.Cut(l, " ")
		if !strings.HasPrefix(name, "BenchmarkKernel/") || strings.Contains(name, "twin") {
			continue
		}
		for i, rev := range []string{"/rev=old", "/rev=new"} {
			if strings.Contains(name, rev) {
				k, _, _ := strings.Cut(strings.Replace(name, rev, "", 1), "/layout=")
				r := runs[k]
				r[i]++
				runs[k] = r
			}
		}
	}
	if len(runs) != n {
		t.Errorf("%s: %d benchmarks, want %d: %v", path, len(runs), n, runs)
	}
	for name, r := range runs {
		if r[0] != r[1] || r[0]%rounds != 0 || r[0] == 0 {
			t.Errorf("%s: %s: %d runs of OLD, %d of NEW, want as many, a multiple of %d", path, name, r[0], r[1], rounds)
		}
	}
}

func changeSet(cs []Change) map[string]bool {
	m := map[string]bool{}
	for _, c := range cs {
		m[c.Name] = true
	}
	return m
}

// The fake CLI of cliCommits: its check fails in the second commit, its
// fingerprint changes.
func fakeCLI(fingerprint string, fails bool) string {
	check := `fmt.Println("ok flip"); fmt.Println("args", os.Args[1:])`
	if fails {
		check += `; fmt.Println("FAIL flip: differs"); os.Exit(1)`
	}
	return `package main

import (
	"fmt"
	"os"
)

func main() {
	switch os.Args[1] {
	case "check":
		` + check + `
	case "solve":
		fmt.Println("fingerprint: ` + fingerprint + `")
	}
}
`
}

// CrossCheck shows NEW's failures and returns them; CompareFingerprints
// tells a search change, on two commits of a repository whose CLI fakes
// flipbench's.
func TestCrossCheckAndFingerprints(t *testing.T) {
	root := twoCommitsOf(t, "cmd/flipbench/main.go", fakeCLI("aaaa", false), fakeCLI("bbbb", true))
	cache := t.TempDir()
	var sides [2]*Side
	for i, rev := range []string{"HEAD~1", "HEAD"} {
		tr, err := Extract(root, cache, rev)
		if err != nil {
			t.Fatal(err)
		}
		sides[i] = &Side{Label: []string{"OLD", "NEW"}[i], Rev: rev, CLI: filepath.Join(cache, "bin", tr.ID)}
		if err := GoBuild(tr.Dir, sides[i].CLI, "./cmd/flipbench", append(os.Environ(), "GOFLAGS=-mod=mod")); err != nil {
			t.Fatal(err)
		}
	}
	var w bytes.Buffer
	if p := CrossCheck(&w, sides[0], 5, BenchPattern("kernel=flip")); p != nil {
		t.Errorf("OLD: %v", p)
	}
	p := CrossCheck(&w, sides[1], 5, ".")
	if len(p) != 1 || p[0] != "NEW fails the cross-check: FAIL flip: differs" {
		t.Errorf("NEW: %q", p)
	}
	CompareFingerprints(&w, sides, "ffo1-2")
	for _, want := range []string{
		"== cross-check OLD (check -n 5 -kernel flip)\nargs [check -n 5 -kernel flip]\n",
		"== cross-check NEW (check -n 5)\nargs [check -n 5]\nFAIL flip: differs\n",
		"SEARCH CHANGE: ffo1-2 fingerprint aaaa -> bbbb",
	} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, w.String())
		}
	}
	if strings.Contains(w.String(), "ok flip") {
		t.Errorf("the passing lines shown:\n%s", w.String())
	}
	w.Reset()
	CompareFingerprints(&w, [2]*Side{sides[0], sides[0]}, "ffo1-2")
	if !strings.Contains(w.String(), "solver fingerprint on ffo1-2 unchanged: aaaa") {
		t.Errorf("same fingerprint:\n%s", w.String())
	}
	w.Reset()
	CompareFingerprints(&w, [2]*Side{sides[0], {Label: "NEW", CLI: filepath.Join(cache, "none")}}, "ffo1-2")
	if !strings.Contains(w.String(), "NEW: no solver fingerprint (") || strings.Contains(w.String(), "SEARCH CHANGE") {
		t.Errorf("a CLI that does not run:\n%s", w.String())
	}
}

func TestBenchPattern(t *testing.T) {
	for in, want := range map[string]string{
		".":                  ".",
		"kernel=flip":        "Kernel/kernel=flip/",
		"kernel=flip/":       "Kernel/kernel=flip/",
		"kernel=fl.*":        "Kernel/kernel=fl.*",
		"kernel=flip/form=x": "Kernel/kernel=flip/form=x",
	} {
		if got := BenchPattern(in); got != want {
			t.Errorf("BenchPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

// The screen's files, and the summary's quantiles.
func TestScreenFiles(t *testing.T) {
	if got := strings.Join(ScreenFiles("r", 3), " "); got != "r r.screen-2 r.screen-3" {
		t.Errorf("ScreenFiles: %s", got)
	}
	if got := ChangeNames([]Change{{Name: "Kernel/kernel=a/variant=x"}, {Name: "Kernel/kernel=b/variant=y"}}); got != "kernel=a/variant=x, kernel=b/variant=y" {
		t.Errorf("ChangeNames: %s", got)
	}
}
