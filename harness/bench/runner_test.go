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
)

func TestRunBenchmarksInterleaves(t *testing.T) {
	var order []string
	mk := func(name string) *Case {
		return &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "k"}, {"variant", name}, {"form", "call"}},
			Run: func(n int) { order = append(order, name) }, NoWarmup: true}
	}
	g := &Group{Title: "k", Cases: []*Case{mk("A"), mk("B"), mk("C")}}
	var got []string
	o := Options{Count: 3, BenchTime: time.Microsecond}
	err := Run(context.Background(), []*Group{g}, o, func(r *benchfmt.Result) error {
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
	if s, _ := r.Value("sec/op"); math.Abs(s-1e-6) > 1e-15 || r.GetConfig("cpu") != "Some CPU" {
		t.Errorf("read back %s: %v sec/op, cpu %q", r.Name, s, r.GetConfig("cpu"))
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
