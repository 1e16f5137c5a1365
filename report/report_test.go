package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func generate(t *testing.T, results string) (string, *Report, string) {
	t.Helper()
	root := t.TempDir()
	o := Options{ResultsDir: results, Output: filepath.Join(root, "BENCHMARKS.md"), ChartsDir: filepath.Join(root, "docs", "charts")}
	r, err := Load(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Write(); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(o.Output)
	if err != nil {
		t.Fatal(err)
	}
	return string(md), r, root
}

// Two CPUs' results: every table has a column for each, the hash_clear
// table the share of the write bandwidth, the solver table both CPUs, and
// the charts exist and are linked.
func TestReportTwoCPUs(t *testing.T) {
	md, r, root := generate(t, filepath.Join("..", "harness", "testdata", "results"))
	if len(r.Machines) != 2 {
		t.Fatalf("%d machines, want 2", len(r.Machines))
	}
	amd := "AMD Ryzen 7 3700X 8-Core Processor (Zen 2)"
	intel := "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz (Haswell)"
	for _, want := range []string{
		"## flip\n\n| variant | " + amd + " | " + intel + " |",
		"| bitscan | **", // fastest per call marked
		"| bitscan · batch | **",
		"×10.0",                 // ratio to the reference
		"2.51× slower",          // runner-up
		"| reference | 59.9 ns", // the newest AMD run, not the old 999 ns one
		"**" + amd[:len(amd)-8], // hash_clear per machine
		"(Go clear, zeros) |",   // the baseline row
		"GB/s ±",                // throughput with intervals
		"(25%)",                 // share of the write bandwidth (5 µs / 20 µs)
		"**ffo20-39, per count_last_flip variant**\n\n| count_last_flip | " + amd + " | " + intel + " |",
		"](docs/charts/flip.svg)",
		"](docs/charts/summary.svg)",
		"go run ./cmd/flipbench bench",
		"p=0.002 n=6",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	if strings.Contains(md, "999") {
		t.Error("the older run's results appear")
	}
	for _, c := range []string{"flip.svg", "summary.svg"} {
		data, err := os.ReadFile(filepath.Join(root, "docs", "charts", c))
		if err != nil || !strings.Contains(string(data), "<svg") || !strings.Contains(string(data), "Haswell") {
			t.Errorf("chart %s: %v (%d bytes)", c, err, len(data))
		}
	}
	// the same input gives the same report and charts
	md2, _, root2 := generate(t, filepath.Join("..", "harness", "testdata", "results"))
	if md2 != md {
		t.Error("report is not reproducible")
	}
	a, _ := os.ReadFile(filepath.Join(root, "docs", "charts", "flip.svg"))
	b, _ := os.ReadFile(filepath.Join(root2, "docs", "charts", "flip.svg"))
	if string(a) != string(b) {
		t.Error("chart is not reproducible")
	}
}

// A results file with garbage lines: the report names them with
// file:line and still has the readable results.
func TestReportGarbageLines(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "harness", "testdata", "results"), dir)
	bad := filepath.Join(dir, "amd-ryzen-7-3700x", "2026-02-01T000000-kernels-flip.txt")
	data, err := os.ReadFile(filepath.Join("..", "harness", "testdata", "bad", "mixed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	md, r, _ := generate(t, dir)
	for _, line := range []string{":7: ", ":8: ", ":10: ", ":14: "} {
		if !strings.Contains(md, bad+line) {
			t.Errorf("report does not name %s%s", bad, line)
		}
	}
	if len(r.Problems) != 4 {
		t.Errorf("problems %q", r.Problems)
	}
	// the newest AMD flip results are now the garbage file's 3 readable runs
	if !strings.Contains(md, "| reference | 60.2 ns") {
		t.Errorf("flip table does not use the readable lines of the newest file")
	}
}

func TestReportNoResults(t *testing.T) {
	md, r, _ := generate(t, t.TempDir())
	if len(r.Machines) != 0 || !strings.Contains(md, "No results yet") {
		t.Errorf("empty results: %d machines\n%s", len(r.Machines), md)
	}
}
