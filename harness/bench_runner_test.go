package harness

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

	"github.com/flipbench/flipbench/variants"
)

func TestRunBenchmarksInterleaves(t *testing.T) {
	var order []string
	mk := func(name string) *BenchCase {
		return &BenchCase{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", name}, {"form", "call"}},
			Run: func(n int) { order = append(order, name) }, NoWarmup: true}
	}
	g := &BenchGroup{Title: "k", Cases: []*BenchCase{mk("A"), mk("B"), mk("C")}}
	var got []string
	o := BenchOptions{Count: 3, BenchTime: time.Microsecond}
	err := RunBenchmarks(context.Background(), []*BenchGroup{g}, o, func(r *benchfmt.Result) error {
		got = append(got, string(r.Name))
		if _, ok := r.Value("ns/op"); !ok {
			t.Errorf("%s: no ns/op", r.Name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "ABCABCABC"
	var measured strings.Builder
	for _, n := range got {
		measured.WriteString(n[len(n)-len("A/form=call") : len(n)-len("/form=call")])
	}
	if measured.String() != want {
		t.Errorf("results in order %s, want %s (interleaved)", measured.String(), want)
	}
	if strings.Join(order, "") != want {
		t.Errorf("runs in order %s, want %s", strings.Join(order, ""), want)
	}
}

func TestRunBenchmarksStopsAndReportsPanics(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	c := &BenchCase{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", "v"}}, Run: func(int) {}}
	g := &BenchGroup{Cases: []*BenchCase{c}}
	err := RunBenchmarks(ctx, []*BenchGroup{g}, BenchOptions{Count: 10, BenchTime: time.Microsecond}, func(*benchfmt.Result) error {
		n++
		if n == 2 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 2 {
		t.Errorf("after cancel: err %v after %d results, want context.Canceled after 2", err, n)
	}
	bad := &BenchCase{Name: "Solve", Keys: [][2]string{{"variant", "broken"}}, Run: func(int) { panic("node count differs") }}
	err = RunBenchmarks(context.Background(), []*BenchGroup{{Cases: []*BenchCase{bad}}}, BenchOptions{Count: 1, BenchTime: time.Microsecond},
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
	c := &BenchCase{Name: "Kernel", Keys: [][2]string{{"kernel", "flip"}, {"variant", "x"}, {"form", "call"}}, Bytes: 100}
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
	ds, err := ReadResults(path)
	if err != nil || len(ds.Problems) > 0 || len(ds.Results) != 2 {
		t.Fatalf("read back: err %v, problems %v, %d results", err, ds.Problems, len(ds.Results))
	}
	r := ds.Results[0]
	// 1000 ops in 1 ms: 1000 ns/op, and 100 bytes per op: 0.1 GB/s
	if s, _ := r.Value("sec/op"); math.Abs(s-1e-6) > 1e-15 || r.GetConfig("cpu") != "Some CPU" {
		t.Errorf("read back %s: %v sec/op, cpu %q", r.Name, s, r.GetConfig("cpu"))
	}
	if gb, ok := r.Value("GB/s"); !ok || gb != 0.1 {
		t.Errorf("GB/s = %v, want 0.1", gb)
	}
	if ds.Units.GetBetter("GB/s") != 1 {
		t.Error("GB/s not marked higher-is-better")
	}

	empty, err := CreateResults(filepath.Join(dir, "x", "empty.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := empty.Close(); !errors.Is(err, ErrNoResults) {
		t.Errorf("closing an empty file: %v, want ErrNoResults", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "x", "*")); len(m) != 0 {
		t.Errorf("empty session left %v", m)
	}
}

// Every kernel has benchmarks, every runnable variant appears per call,
// every case runs, and the names carry the keys.
func TestKernelBenchGroupsCoverEverything(t *testing.T) {
	groups, err := KernelBenchGroups(BenchSelect{HashBits: []int{8}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, g := range groups {
		if g.Setup != nil {
			if err := g.Setup(); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range g.Cases {
			if c.Name != "Kernel" || !strings.HasPrefix(c.SubName(), "kernel="+c.Key("kernel")+"/variant=") {
				t.Errorf("bad name %s", c.FullName())
			}
			if c.Key("form") == "call" {
				seen[c.Key("kernel")+"/"+c.Key("variant")] = true
			}
			c.Run(3)
		}
		if g.Teardown != nil {
			g.Teardown()
		}
	}
	for _, k := range variants.Kernels() {
		for _, in := range k.Infos() {
			if in.Runnable() && !seen[k.Name()+"/"+in.Name] {
				t.Errorf("no per-call benchmark of %s/%s", k.Name(), in.Name)
			}
		}
	}
	if _, err := KernelBenchGroups(BenchSelect{Kernels: []string{"nope"}}); err == nil {
		t.Error("unknown kernel accepted")
	}
	one, _ := KernelBenchGroups(BenchSelect{Kernels: []string{"hash_clear"}, HashBits: []int{8, 9}, Variant: "reference"})
	if len(one) != 2 || len(one[0].Cases) != 2 || one[0].Cases[1].Key("form") != "baseline" {
		t.Errorf("hash_clear reference at 2 sizes: want 2 groups of reference + baseline, got %d groups", len(one))
	}
}

func TestSolveBenchWithoutSolver(t *testing.T) {
	solverMu.Lock()
	saved := solver
	solver = nil
	solverMu.Unlock()
	defer RegisterSolver(saved)
	if _, err := SolveBenchGroups("ffo20-39", "count_last_flip", BenchSelect{}); !errors.Is(err, ErrNoSolver) {
		t.Errorf("without a solver: %v", err)
	}
	calls := 0
	RegisterSolver(func(set string) (SolveStats, error) {
		calls++
		return SolveStats{Positions: 20, Nodes: 1234}, nil
	})
	gs, err := SolveBenchGroups("ffo20-39", "count_last_flip", BenchSelect{})
	if err != nil || len(gs) != 1 || len(gs[0].Cases) == 0 {
		t.Fatalf("with a solver: %v", err)
	}
	var lines []string
	err = RunBenchmarks(context.Background(), gs, BenchOptions{Count: 2, BenchTime: time.Microsecond}, func(r *benchfmt.Result) error {
		if v, _ := r.Value("nodes/op"); v != 1234 {
			t.Errorf("%s: nodes/op %v", r.Name, v)
		}
		lines = append(lines, string(r.Name))
		return nil
	})
	if err != nil || calls == 0 || !strings.HasPrefix(lines[0], "Solve/set=ffo20-39/kernel=count_last_flip/variant=") {
		t.Errorf("solve bench: err %v, %d calls, %v", err, calls, lines)
	}
}
