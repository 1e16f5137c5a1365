package bench

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

// Every round runs every case once, in a fresh random order that the
// seed reproduces; a unit's cases run back to back; every group is set
// up once and torn down at the end; the twin is the same code under
// another name.
func TestRunRounds(t *testing.T) {
	run := func(seed uint64) (order []string, results []string, setups, teardowns int) {
		mk := func(name string) *Case {
			return &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", name}, {"form", "call"}},
				Run: func(n int) { order = append(order, name) }, NoWarmup: true}
		}
		g := &Group{Title: "k", Cases: []*Case{mk("A"), mk("B"), mk("C")}}
		g.SetTwin("B")
		h := &Group{Title: "u", Cases: []*Case{mk("X"), mk("Y"), mk("Z")}, Units: [][]int{{0, 1}, {2}}}
		g.Setup = func() error { setups++; return nil }
		g.Teardown = func() { teardowns++ }
		o := Options{Count: 12, BenchTime: time.Microsecond, Seed: seed, Twins: true}
		err := Run(context.Background(), []*Group{g, h}, o, func(r *benchfmt.Result) error {
			if teardowns > 0 {
				t.Error("a result after the teardown")
			}
			results = append(results, string(r.Name))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	order, results, setups, teardowns := run(7)
	if setups != 1 || teardowns != 1 {
		t.Errorf("%d setups, %d teardowns, want 1 each", setups, teardowns)
	}
	if len(results) != 12*7 || len(order) != 12*7 {
		t.Fatalf("%d results, %d runs, want %d", len(results), len(order), 12*7)
	}
	rounds := map[string]bool{}
	for r := 0; r < 12; r++ {
		got := strings.Join(order[r*7:(r+1)*7], "")
		rounds[got] = true
		for _, want := range []string{"A", "B", "C", "X", "Y", "Z"} {
			times := 1
			if want == "B" {
				times = 2 // and its twin
			}
			if strings.Count(got, want) != times {
				t.Errorf("round %d %s: %s run %d times, want %d", r, got, want, strings.Count(got, want), times)
			}
		}
		// X and Y are a unit: back to back
		if !strings.Contains(got, "XY") && !strings.Contains(got, "YX") {
			t.Errorf("round %d %s: the unit X, Y not back to back", r, got)
		}
	}
	if len(rounds) < 6 {
		t.Errorf("%d different orders in 12 rounds: not random", len(rounds))
	}
	twins := 0
	for _, n := range results {
		if strings.HasSuffix(n, "/variant=B/form=call/twin=1") {
			twins++
		}
	}
	if twins != 12 {
		t.Errorf("%d twin results, want one per round", twins)
	}
	again, _, _, _ := run(7)
	if strings.Join(again, "") != strings.Join(order, "") {
		t.Error("the same seed gave another order")
	}
	other, _, _, _ := run(8)
	if strings.Join(other, "") == strings.Join(order, "") {
		t.Error("another seed gave the same order")
	}
}

// The warm-up round fixes each case's operations per run: every round's
// result has the same iteration count, about BenchTime's worth, and a
// lead-in runs before each timed run.
func TestRunCalibrates(t *testing.T) {
	calls := 0
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}},
		Run: func(n int) {
			calls++
			for i := 0; i < n*50; i++ {
				benchSinkTest += i
			}
		}}
	var iters []int
	o := Options{Count: 5, BenchTime: 2 * time.Millisecond, Warmup: time.Millisecond}
	if err := Run(context.Background(), []*Group{{Cases: []*Case{c}}}, o, func(r *benchfmt.Result) error {
		iters = append(iters, r.Iters)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, n := range iters {
		if n != iters[0] || n < 16 {
			t.Errorf("iterations %v: want the same in every round, enough for a lead-in", iters)
			break
		}
	}
	if calls < 5*2 {
		t.Errorf("%d calls of Run for 5 rounds, want a lead-in and a timed run each", calls)
	}
}

// Each timed run gets the lead-in its options ask for (a sixteenth of its
// operations by default), and the file says which.
func TestRunLeadIn(t *testing.T) {
	for _, tc := range []struct {
		leadIn float64
		div    int
		line   string
	}{{0, 16, "0.0625"}, {0.25, 4, "0.25"}, {1, 1, "1"}} {
		var runs [][2]int
		c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}},
			Timed: func(n, lead int) (time.Duration, error) {
				runs = append(runs, [2]int{n, lead})
				return time.Duration(n) * time.Microsecond, nil
			}}
		c.Run = func(n int) { _, _ = c.Timed(n, 0) }
		o := Options{Count: 3, BenchTime: 2 * time.Millisecond, Warmup: time.Millisecond, LeadIn: tc.leadIn}
		var results int
		if err := Run(context.Background(), []*Group{{Cases: []*Case{c}}}, o, func(r *benchfmt.Result) error {
			results++
			if got := r.GetConfig(resultsfile.KeyLeadIn); got != tc.line {
				t.Errorf("LeadIn %v: lead-in line %q, want %q", tc.leadIn, got, tc.line)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		timed := runs[len(runs)-results:]
		for _, r := range timed {
			if r[1] != r[0]/tc.div {
				t.Errorf("LeadIn %v: a run of %d operations had a lead-in of %d, want %d", tc.leadIn, r[0], r[1], r[0]/tc.div)
			}
		}
	}
}

// A twin of a case that can make another Run (New) walks the inputs with
// a walk of its own: each of the two goes on from where its own last run
// stopped, as two variants do, rather than the twin taking the inputs
// just after its original's last run. Without New it shares its
// original's Run.
func TestTwinWalksItsOwnInputs(t *testing.T) {
	type walk struct{ at, calls int }
	var walks []*walk
	newRun := func() func(int) {
		w := &walk{}
		walks = append(walks, w)
		return func(n int) {
			w.at += n
			w.calls++
			for i := range n * 20 {
				benchSinkTest += i
			}
		}
	}
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}, {"form", "call"}}, Run: newRun(), New: newRun}
	g := &Group{Cases: []*Case{c}}
	g.SetTwin("v")
	o := Options{Count: 4, Runs: 2, BenchTime: 200 * time.Microsecond, Warmup: time.Millisecond, Twins: true}
	Prepare([]*Group{g}, &o)
	if len(g.Cases) != 2 || len(walks) != 2 {
		t.Fatalf("%d cases, %d walks after Prepare: want the case, its twin and a walk each", len(g.Cases), len(walks))
	}
	if err := Run(context.Background(), []*Group{g}, o, func(*benchfmt.Result) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for i, w := range walks {
		if w.calls < o.Count*o.Runs {
			t.Errorf("walk %d ran %d times, want at least its case's %d runs: the twin shares its original's walk", i, w.calls, o.Count*o.Runs)
		}
	}

	shared := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}, {"form", "call"}}, Run: func(int) {}}
	if tw := shared.twin(); tw.Key(TwinKey) != "1" || tw.Run == nil {
		t.Errorf("a twin without New: %v", tw.Keys)
	}
}

// A first call that pays for cold caches or lazy set-up does not fix a
// case at one operation a run: the calibration goes on past it, and its
// last batch run again catches it too (the test fails only without both).
func TestRunCalibratesPastAColdFirstCall(t *testing.T) {
	first := true
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}},
		Run: func(n int) {
			if first {
				first = false
				time.Sleep(20 * time.Millisecond)
			}
			for i := 0; i < n*50; i++ {
				benchSinkTest += i
			}
		}}
	iters := runIters(t, c, Options{Count: 2, Runs: 3, BenchTime: 2 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if len(iters) != 2*3 || iters[0] < 100 {
		t.Errorf("%d runs of %v operations: the slow first call fixed the calibration (want 3 runs a round of many operations)", len(iters), iters)
	}
}

// A cost paid every so many calls (the generation clear's wrap) is part
// of the calibrated time per operation: a run of BenchTime stays near
// BenchTime instead of running the rare cost thousands of times.
func TestRunCalibratesAPeriodicCost(t *testing.T) {
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}}, Run: periodic(256, 5*time.Millisecond)} // longer than a run
	iters := runIters(t, c, Options{Count: 2, Runs: 1, BenchTime: 2 * time.Millisecond, Warmup: 10 * time.Millisecond})
	// 5 ms per 256 calls: a 2 ms run is about 100 calls, not thousands
	if iters[0] > 1000 {
		t.Errorf("runs of %v operations: the calibration missed the periodic cost", iters)
	}
}

// A case with a Period runs whole periods, each run paying the periodic
// cost alike; a run that outlasts BenchTime makes fewer runs a round.
func TestRunWholePeriods(t *testing.T) {
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}}, Period: 256, Run: periodic(256, 5*time.Millisecond)}
	iters := runIters(t, c, Options{Count: 2, Runs: 4, BenchTime: 2 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if len(iters) != 2 || iters[0]%256 != 0 || iters[0] == 0 {
		t.Errorf("runs of %v operations: want one run a round of a whole number of periods of 256", iters)
	}
}

// The calibration of a case with a Period is right whatever phase it
// starts in: here the very first call pays the periodic cost, so a
// calibration that grew from single calls had its second batch of two
// cheap calls decide (a served session's generation clear, after the
// server's warm-up left its date at the wrap, was calibrated at 7 ns a
// call: 562785 calls, two minutes, a run).
func TestRunCalibratesAPeriodAtItsPhase(t *testing.T) {
	run := periodic(256, 15*time.Millisecond) // longer than the warm-up
	run(255)                                  // the next call pauses
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}}, Period: 256, Run: run}
	iters := runIters(t, c, Options{Count: 1, Runs: 1, BenchTime: 2 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if len(iters) != 1 || iters[0] != 256 {
		t.Errorf("runs of %v operations: want one period of 256 (15 ms per 256 calls, runs of 2 ms)", iters)
	}
}

// periodic is a kernel whose every period-th call pauses.
func periodic(period int, pause time.Duration) func(int) {
	calls := 0
	return func(n int) {
		for range n {
			calls++
			if calls%period == 0 {
				time.Sleep(pause)
			}
		}
	}
}

// runIters runs a session of c alone and gives its runs' operation counts.
func runIters(t *testing.T, c *Case, o Options) []int {
	t.Helper()
	var iters []int
	if err := Run(context.Background(), []*Group{{Cases: []*Case{c}}}, o, func(r *benchfmt.Result) error {
		iters = append(iters, r.Iters)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return iters
}

var benchSinkTest int

func TestRunBenchmarksStopsAndReportsPanics(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}}, Run: func(int) {}}
	g := &Group{Cases: []*Case{c}}
	err := Run(ctx, []*Group{g}, Options{Count: 10, BenchTime: time.Microsecond}, func(*benchfmt.Result) error {
		n++
		if n == 2 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 2 {
		t.Errorf("after cancel: err %v after %d results, want context.Canceled after 2", err, n)
	}
	bad := &Case{Name: "Solve", Keys: [][2]string{{"variant", "broken"}}, Run: func(int) { panic("node count differs") }}
	err = Run(context.Background(), []*Group{{Cases: []*Case{bad}}}, Options{Count: 1, BenchTime: time.Microsecond},
		func(*benchfmt.Result) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "variant=broken") || !strings.Contains(err.Error(), "node count differs") {
		t.Errorf("panic in a case: err %v", err)
	}
}

func TestResultsFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := ResultsName(dir, "some-cpu", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), "kernels")
	if want := filepath.Join(dir, "some-cpu", "2026-01-02T030405-kernels.txt"); path != want {
		t.Fatalf("ResultsName = %s, want %s", path, want)
	}
	rf, err := CreateResults(path)
	if err != nil {
		t.Fatal(err)
	}
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "flip"}, {"variant", "x"}, {"form", "call"}}, Bytes: 100}
	cfg := [][2]string{{"cpu", "Some CPU"}, {"cpu-slug", "some-cpu"}}
	for i := 0; i < 2; i++ {
		if err := rf.Write(c.result(1000, time.Millisecond, cfg)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("final file exists before Close")
	}
	if data, err := os.ReadFile(path + ".partial"); err != nil || strings.Count(string(data), "\nBenchmark") != 2 {
		t.Fatalf("partial file does not hold both finished results (err %v):\n%s", err, data)
	}
	if err := rf.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".partial"); err == nil {
		t.Error(".partial left behind")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rs []*benchfmt.Result
	units := benchfmt.UnitMetadataMap{}
	for rd := benchfmt.NewReader(f, path); rd.Scan(); {
		switch rec := rd.Result().(type) {
		case *benchfmt.Result:
			rs = append(rs, rec.Clone())
		case *benchfmt.UnitMetadata:
			units[rec.UnitMetadataKey] = rec
		case *benchfmt.SyntaxError:
			t.Errorf("read back: %v", rec)
		}
	}
	if len(rs) != 2 {
		t.Fatalf("read back %d results, want 2", len(rs))
	}
	r := rs[0]
	// 1000 ops in 1 ms: 1000 ns/op, and 100 bytes per op: 0.1 GB/s
	if s, _ := r.Value("sec/op"); math.Abs(s-1e-6) > 1e-15 || r.GetConfig(resultsfile.KeyCPU) != "Some CPU" {
		t.Errorf("read back %s: %v sec/op, cpu %q", r.Name, s, r.GetConfig(resultsfile.KeyCPU))
	}
	if gb, ok := r.Value("GB/s"); !ok || gb != 0.1 {
		t.Errorf("GB/s = %v, want 0.1", gb)
	}
	if units.GetBetter("GB/s") != 1 {
		t.Error("GB/s not marked higher-is-better")
	}

	empty, err := CreateResults(filepath.Join(dir, "x", "empty.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := empty.Close(); !errors.Is(err, ErrNoResults) {
		t.Errorf("closing an empty file: %v, want ErrNoResults", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "x", "[^.]*")); len(m) != 0 {
		t.Errorf("empty session left %v", m) // the emptied lock file aside
	}
}
