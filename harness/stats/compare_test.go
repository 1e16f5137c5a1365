package stats

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

const (
	amdBrand   = "AMD Ryzen 7 3700X 8-Core Processor"
	intelBrand = "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz"
)

func testdataFiles(t *testing.T, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata %s: %v", pattern, err)
	}
	return files
}

// Two files of two CPUs: one table, a column per CPU, the second compared
// with the first.
func TestCompareAcrossCPUs(t *testing.T) {
	ds, err := ReadResults(testdataFiles(t, "results/*/*-kernels.txt")...)
	if err != nil {
		t.Fatal(err)
	}
	ds.KeepLatest()
	tables, err := BuildTables(ds, CompareOptions{Row: "/variant", Col: resultsfile.KeyCPU, Filter: "/kernel:flip /form:call"})
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != 1 {
		t.Fatalf("%d tables, want 1 (ns/op)", len(tables))
	}
	tb := tables[0]
	if len(tb.Cols) != 2 || len(tb.Rows) != 3 {
		t.Fatalf("%d columns x %d rows, want 2 CPUs x 3 variants", len(tb.Cols), len(tb.Rows))
	}
	for _, r := range tb.Rows {
		c := tb.Cell(r, tb.Cols[1])
		if c == nil || !c.Significant() || c.Delta < 0.25 || c.Delta > 0.35 {
			t.Errorf("%s: Intel vs AMD delta %+v, want about +30%%, significant", r.StringValues(), c)
		}
		if base := tb.Cell(r, tb.Cols[0]); len(base.Runs) != 6 {
			t.Errorf("%s: %d AMD values, want the newest file's 6", r.StringValues(), len(base.Runs))
		}
	}
	var buf bytes.Buffer
	WriteTables(&buf, tables, true)
	out := buf.String()
	for _, want := range []string{"| variant | " + amdBrand + " | " + intelBrand + " | vs " + amdBrand + " |", "| bitscan |", "slower (unpaired, n=6)"} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown table lacks %q:\n%s", want, out)
		}
	}
	// the base column can be chosen
	tables, err = BuildTables(ds, CompareOptions{Row: "/variant", Col: resultsfile.KeyCPU, Filter: "/kernel:flip /form:call", Base: intelBrand})
	if err != nil || tables[0].Cols[tables[0].Base].StringValues() != intelBrand {
		t.Errorf("-base %s: %v", intelBrand, err)
	}
	if _, err := BuildTables(ds, CompareOptions{Row: "/variant", Col: resultsfile.KeyCPU, Base: "no such cpu"}); err == nil {
		t.Error("unknown base column accepted")
	}
	if _, err := BuildTables(ds, CompareOptions{Row: "/variant", Col: resultsfile.KeyCPU, Filter: "/kernel:("}); err == nil {
		t.Error("bad filter accepted")
	}
}

// Without KeepLatest, the older run of the AMD machine mixes in; with it,
// only the newest file counts.
func TestKeepLatest(t *testing.T) {
	ds, err := ReadResults(testdataFiles(t, "results/amd-ryzen-7-3700x/*-kernels.txt")...)
	if err != nil {
		t.Fatal(err)
	}
	count := func() int {
		n := 0
		for _, r := range ds.All() {
			if strings.HasPrefix(string(r.Name), "Kernel/kernel=flip/variant=reference/form=call") {
				n++
			}
		}
		return n
	}
	if n := count(); n != 12 {
		t.Fatalf("%d reference results before KeepLatest, want 12", n)
	}
	ds.KeepLatest()
	if n := count(); n != 6 {
		t.Errorf("%d reference results after KeepLatest, want the newest file's 6", n)
	}
	for _, r := range ds.All() {
		if v, _ := r.Value("sec/op"); strings.Contains(string(r.Name), "kernel=flip/") && v > 500e-9 {
			t.Errorf("old run's %s %v kept", r.Name, v)
		}
	}
}

// A file with corrupt and foreign lines: each is named with file:line and
// the rest is compared.
func TestCompareGarbageLines(t *testing.T) {
	path := filepath.Join("testdata", "bad", "mixed.txt")
	ds, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{path + ":7: ", path + ":8: ", path + ":10: ", path + ":14: "}
	if len(ds.Problems) != len(want) {
		t.Fatalf("problems %q, want lines 7, 8, 10, 14", ds.Problems)
	}
	for i, w := range want {
		if !strings.HasPrefix(ds.Problems[i], w) {
			t.Errorf("problem %d = %q, want prefix %q", i, ds.Problems[i], w)
		}
	}
	tables, err := BuildTables(ds, CompareOptions{Row: "/variant", Col: resultsfile.KeyCPU})
	if err != nil || len(tables) != 1 {
		t.Fatalf("tables: %v", err)
	}
	for _, r := range tables[0].Rows {
		if c := tables[0].Cell(r, tables[0].Cols[0]); len(c.Runs) != 3 {
			t.Errorf("%s: %d values, want the 3 readable ones", r.StringValues(), len(c.Runs))
		}
	}
}

func TestFormatUnit(t *testing.T) {
	for _, c := range []struct{ num, unit, want string }{
		{"2.35n", "sec/op", "2.35ns"},
		{"3.85", "wall-sec/op", "3.85s"},
		{"41.2", "GB/s", "41.2 GB/s"},
		{"1.02e8", "nodes/op", "1.02e8"},
		{"7", "secret/op", "7"},
	} {
		if got := formatUnit(c.num, c.unit); got != c.want {
			t.Errorf("formatUnit(%q, %q) = %q, want %q", c.num, c.unit, got, c.want)
		}
	}
}
