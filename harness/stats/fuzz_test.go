package stats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchunit"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// memSource is a results file in memory.
func memSource(name string, data []byte) resultsfile.Source {
	return resultsfile.Source{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
}

// FuzzReadResults: any file is read (bad lines named and skipped), and
// the values kept are ones the statistics can use; the tables, compare's
// output and pick finish on it.
func FuzzReadResults(f *testing.F) {
	text, _ := BadValues()
	// the line longer than resultsfile.MaxLine out (TestReadRejectsBadValues has
	// it): the fuzzer would spend its time minimizing it
	var short []string
	for _, l := range strings.Split(text, "\n") {
		if len(l) < 1000 {
			short = append(short, l)
		}
	}
	f.Add([]byte(strings.Join(short, "\n")))
	for _, p := range []string{"testdata/bad/mixed.txt", "testdata/results/amd-ryzen-7-3700x/2026-01-01T000000-kernels.txt",
		"testdata/results/amd-ryzen-7-3700x/2026-01-01T010000-solve-ffo20-39-count_last_flip.txt"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("cpu-id: x\nBenchmarkKernel/kernel=flip/variant=a/form=call 1 NaN ns/op\nBenchmarkKernel/kernel=flip/variant=a/form=call 1 NaN ns/op\n"))
	f.Add([]byte("Unit ns/op better=higher\nBenchmarkKernel/kernel=flip/variant=a/form=call 1 1 ns/op 1 ns/op\nincomplete: yes\n"))
	// cut short: a name alone, a unit cut, a number cut at the end of the file
	f.Add([]byte("cpu-id: x\nBenchmarkKernel/kernel=flip/variant=a/form=call 10 3.5 ns/op\nBenchmarkKernel/"))
	f.Add([]byte("cpu-id: x\nBenchmarkKernel/kernel=flip/variant=a/form=call 10 3.5 ns/o\n"))
	f.Add([]byte("cpu-id: x\nBenchmarkKernel/kernel=flip/variant=a/form=call 10 3."))
	// not results: binary, another format
	f.Add([]byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00"))
	f.Add([]byte("{\"cpu\": \"x\", \"results\": [1, 2, 3]}\n"))
	host := variants.Host()
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := ReadSources(memSource("f.txt", data), memSource("g.txt", data))
		var nr *resultsfile.NotResultsError
		if errors.As(err, &nr) {
			if nr.File != "f.txt" || nr.Line < 1 || !strings.HasPrefix(err.Error(), "f.txt: not a results file") {
				t.Errorf("not a results file: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(ds.Problems) > 2*(resultsfile.MaxProblems+1) {
			t.Errorf("%d problems listed, want at most %d per file", len(ds.Problems), resultsfile.MaxProblems+1)
		}
		for _, p := range ds.Problems {
			if !strings.HasPrefix(p, "f.txt") && !strings.HasPrefix(p, "g.txt") {
				t.Errorf("problem without its file: %q", p)
			}
		}
		for _, r := range ds.All() {
			if r.Iters < 1 {
				t.Errorf("%s: %d iterations", r.Name, r.Iters)
			}
			for _, v := range r.Values {
				_, tidy := benchunit.Tidy(1, v.Unit)
				if math.IsNaN(v.Value) || math.IsInf(v.Value, 0) || resultsfile.MustBePositive(tidy) && v.Value <= 0 {
					t.Errorf("%s: %v %s kept", r.Name, v.Value, v.Unit)
				}
			}
		}
		ds.KeepLatest()
		for _, o := range []CompareOptions{DefaultCompare, {Row: "/variant", Col: "/form", Table: "/kernel"},
			{Row: ".name", Col: resultsfile.KeyCPUID, Filter: "/form:call"}, {Row: "/variant", Col: resultsfile.KeyFile}} {
			ts, err := BuildTables(ds, o)
			if err != nil {
				continue
			}
			WriteTables(io.Discard, ts, false)
			WriteTables(io.Discard, ts, true)
		}
		seen := map[string]bool{}
		for _, r := range ds.All() {
			if cpu := resultsfile.CPUOf(r); !seen[cpu] && len(seen) < 3 {
				seen[cpu] = true
				if strings.ContainsAny(cpu, "/\\. ") || cpu == "" {
					t.Errorf("CPUOf %q is not a folder name", cpu)
				}
				Pick(ds, cpu, PickOptions{CPU: host})
			}
		}
	})
}

// The bad-values file as a file on disk, through ReadDir: every line it
// plants is named with its file:line and skipped, the good results read.
func TestFuzzSeedsOnDisk(t *testing.T) {
	text, bad := BadValues()
	dir := t.TempDir()
	path := filepath.Join(dir, "x", "a.txt")
	writeFile(t, path, text)
	ds, err := ReadDir(dir)
	if err != nil {
		t.Fatalf("ReadDir: %v", err)
	}
	if ds.Len() == 0 {
		t.Error("no result read")
	}
	if len(ds.Problems) != len(bad) {
		t.Errorf("%d problems, want one per bad line %v:\n%s", len(ds.Problems), bad, strings.Join(ds.Problems, "\n"))
	}
	for i, n := range bad {
		if want := fmt.Sprintf("%s:%d: ", path, n); i < len(ds.Problems) && !strings.HasPrefix(ds.Problems[i], want) {
			t.Errorf("problem %d = %.120q, want %q first", i, ds.Problems[i], want)
		}
	}
}
