//go:build unix

package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

// servedGroups is what a helper server serves: two groups, the first
// with a twin; kind "other" names one case differently (a server that
// is not the session's), "panic" has the second case panic on a run of 7
// operations, "broken" on every run.
func servedGroups(kind string) []*Group {
	mk := func(variant string) *Case {
		c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", variant}, {"form", "call"}},
			Config: [][2]string{{resultsfile.KeyImpl, "go"}}}
		sink := 0
		c.Run = func(n int) {
			if variant == "b" && (kind == "panic" && n == 7 || kind == "broken") {
				panic("boom")
			}
			for i := range n * 50 {
				sink += i
			}
		}
		return c
	}
	last := "c"
	if kind == "other" {
		last = "d"
	}
	g := &Group{Title: "k call", Cases: []*Case{mk("a"), mk("b")}}
	g.SetTwin("a")
	return []*Group{g, {Title: "k batch", Cases: []*Case{mk(last)}}}
}

// startHelper starts this test binary as a server of servedGroups(kind).
func startHelper(kind string) (*Server, error) {
	os.Setenv("FLIPBENCH_SERVE_HELPER", kind)
	defer os.Unsetenv("FLIPBENCH_SERVE_HELPER")
	return StartServer("helper "+kind, exec.Command(os.Args[0]))
}

// The protocol: the cases listed with their groups and configuration,
// runs timed by the server, a bad command and a panicking case answered
// with an error that names them, and the groups set up once and torn down
// when the input ends.
func TestServe(t *testing.T) {
	groups := servedGroups("panic")
	groups[1].Cases[0].Period = 7 // a server says it: the driver calibrates in whole periods
	setups, teardowns := 0, 0
	groups[0].Setup = func() error { setups++; return nil }
	groups[0].Teardown = func() { teardowns++ }
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(groups, time.Millisecond, inR, outW); outW.Close() }()
	sc := bufio.NewScanner(outR)
	var lines []string
	for sc.Scan() && sc.Text() != "ready" {
		lines = append(lines, sc.Text())
	}
	want := []string{
		"case 0\tk call\tKernel/kernel=k/variant=a/form=call\timpl=go\t0",
		"case 1\tk call\tKernel/kernel=k/variant=b/form=call\timpl=go\t0",
		"case 2\tk batch\tKernel/kernel=k/variant=c/form=call\timpl=go\t7",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("cases:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	ask := func(cmd string) string {
		fmt.Fprintln(inW, cmd)
		if !sc.Scan() {
			t.Fatalf("%q: no answer", cmd)
		}
		return sc.Text()
	}
	if got := ask("run 0 1000 10"); !strings.HasPrefix(got, "ok ") || got == "ok 0" {
		t.Errorf("run 0: %q", got)
	}
	for cmd, want := range map[string]string{
		"run 3 1 0":  `err bad command "run 3 1 0"`,
		"run 0 0 0":  `err bad command "run 0 0 0"`,
		"walk 0 1 0": `err bad command "walk 0 1 0"`,
	} {
		if got := ask(cmd); got != want {
			t.Errorf("%q: %q, want %q", cmd, got, want)
		}
	}
	if got, want := ask("run 1 7 0"), "err Kernel/kernel=k/variant=b/form=call: boom"; got != want {
		t.Errorf("a panic: %q, want %q", got, want)
	}
	if got := ask("run 2 10 0"); !strings.HasPrefix(got, "ok ") {
		t.Errorf("run 2 after the panic: %q", got)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("serve ended with %v at the end of its input", err)
	}
	if setups != 1 || teardowns != 1 {
		t.Errorf("%d setups, %d teardowns: want 1 and 1", setups, teardowns)
	}
	// a case broken from its first call fails the warm-up, named
	err := Serve(servedGroups("broken"), time.Millisecond, strings.NewReader(""), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "variant=b") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a broken case's warm-up: %v", err)
	}
}

// A server only warms its cases (the driver calibrates): an operation
// that outlasts the warm-up runs once, where a calibration would have run
// it again and again (three 1.5 GiB clears per variant, most of a server's
// start), and a short one until the warm-up has passed.
func TestServeWarmsOnce(t *testing.T) {
	var longOps, shortOps int
	long := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "long"}, {"form", "call"}}, Run: func(n int) {
		longOps += n
		time.Sleep(time.Duration(n) * 3 * time.Millisecond)
	}}
	sink := 0
	short := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "short"}, {"form", "call"}}, Run: func(n int) {
		shortOps += n
		for i := range n * 50 {
			sink += i
		}
	}}
	start := time.Now()
	if err := Serve([]*Group{{Title: "k", Cases: []*Case{long, short}}}, 2*time.Millisecond, strings.NewReader(""), io.Discard); err != nil {
		t.Fatal(err)
	}
	if longOps != 1 {
		t.Errorf("the long operation ran %d times in the warm-up, want 1", longOps)
	}
	if shortOps < 100 || time.Since(start) < 4*time.Millisecond {
		t.Errorf("the short one ran %d times, the warm-up took %v: want many, for the warm-up's 2ms", shortOps, time.Since(start))
	}
}

// A served session runs every round's cases in the server of its part, a
// fresh process per part, the twin as a case of its own there; a server
// that serves other cases than the session's is refused, naming a case
// the session has and it does not serve, and one it serves that the
// session has not.
func TestFreshSession(t *testing.T) {
	starts := 0
	f := &Fresh{Parts: 3, Start: func() (*Server, error) { starts++; return startHelper("plain") }}
	groups := servedGroups("plain")
	inDriver := 0
	for _, g := range groups {
		for _, c := range g.Cases {
			c.Run = func(int) { inDriver++ }
		}
	}
	o := Options{Count: 7, Runs: 2, BenchTime: 100 * time.Microsecond, Warmup: time.Millisecond, Seed: 1, Twins: true}
	Prepare(groups, &o)
	if err := f.Attach(groups); err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	o.BeforeRound = f.BeforeRound(o.Count)
	count := map[string]int{}
	err := Run(context.Background(), groups, o, func(r *benchfmt.Result) error {
		count[string(r.Name)]++
		if v, _ := r.Value("ns/op"); v <= 0 {
			t.Errorf("%s: %v ns/op", r.Name, v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if inDriver != 0 {
		t.Errorf("%d runs in the driver, not in a server", inDriver)
	}
	if starts != 3 {
		t.Errorf("%d servers started for 3 parts", starts)
	}
	for _, name := range []string{"a", "b", "a/form=call/twin=1", "c"} {
		full := "Kernel/kernel=k/variant=" + name
		if !strings.Contains(name, "/") {
			full += "/form=call"
		}
		if count[full] != o.Count*o.Runs {
			t.Errorf("%s: %d results, want %d (all: %v)", full, count[full], o.Count*o.Runs, count)
		}
	}

	g := &Fresh{Parts: 2, Start: func() (*Server, error) { return startHelper("other") }}
	defer g.Close()
	other := servedGroups("plain")
	Prepare(other, &Options{Twins: true})
	err = g.Attach(other)
	if err == nil || !strings.Contains(err.Error(), "variant=d") || !strings.Contains(err.Error(), "variant=c") {
		t.Errorf("a server of other cases: %v", err)
	}
}
