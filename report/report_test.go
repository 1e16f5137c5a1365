package report

import (
	"bytes"
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
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

// generateClean is generate on results of machines machines, which it
// reads without a problem.
func generateClean(t *testing.T, results string, machines int) (string, *Report) {
	t.Helper()
	md, r, _ := generate(t, results)
	if len(r.Machines) != machines || len(r.Problems) != 0 {
		t.Fatalf("%d machines, want %d; problems %q", len(r.Machines), machines, r.Problems)
	}
	return md, r
}

func generate(t *testing.T, results string) (string, *Report, string) {
	t.Helper()
	root := t.TempDir()
	o := Options{ResultsDir: results, Output: filepath.Join(root, "BENCHMARKS.md"), ChartsDir: filepath.Join(root, "docs", "charts"), NoEmbedded: true}
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
	md, r, root := generate(t, filepath.Join("..", "harness", "stats", "testdata", "results"))
	if len(r.Machines) != 2 {
		t.Fatalf("%d machines, want 2", len(r.Machines))
	}
	amd := "AMD Ryzen 7 3700X 8-Core Processor (Zen 2)"
	intel := "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz (Haswell)"
	for _, want := range []string{
		"## flip\n\n| variant | kind | " + amd + " | " + intel + " |",
		"| bitscan | Go | **5.97 ns ±1% ‡ #1** | **7.79 ns ±1% ‡ #1** |", // absolute times, fastest marked
		"| bitscan · batch | Go | **",
		"| reference | Go | 59.9 ns ±1% ‡ #3 10.0× | 77.8 ns ±1% ‡ #3 9.98× |",                 // rank and ratio to the fastest; the newest AMD run, not the old 999 ns one
		"2.50× faster than fill (runner-up over fastest 2.50× [2.48×, 2.53×], paired, 6 pairs", // runner-up
		"## Fastest variant per kernel and CPU\n",
		"| flip | **bitscan** 5.97 ns ‡, 2.50× faster than fill<br>pick: **bitscan** (the default) | **bitscan** 7.79 ns ‡, 2.51× faster than fill<br>pick: **bitscan** (the default) |",
		// pick's choice under each cell, a note where it is not the cell's
		"| hash_clear (24MiB) | **reference** 699 µs ‡<br>pick: **generation** (the default) (1) | **reference** 905 µs ‡<br>pick: **generation** (the default) (2) |",
		"‡ measured by the older method (all rounds in one process, no A/A twin)",
		"1. " + amd + ", hash_clear: pick chooses generation, not reference: ",
		"| " + amd + " | `amd-zen2-f17-m71-s0` | Zen 2 |", // one Machines row per CPU, its identity
		"2026-01-01 00:00 UTC | `0123456789ab` |",
		"**" + amd[:len(amd)-8], // hash_clear per machine
		"(Go clear, zeros) |",   // the baseline row
		"GB/s ±",                // throughput with intervals
		"(25%)",                 // share of the write bandwidth (5 µs / 20 µs)
		"**ffo20-39, per count_last_flip variant**\n\n| count_last_flip | " + amd + " | " + intel + " |",
		"](docs/charts/flip.svg)",
		"](docs/charts/summary.svg)",
		"go run ./cmd/flipbench bench",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(md)
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
	md2, _, root2 := generate(t, filepath.Join("..", "harness", "stats", "testdata", "results"))
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
	copyTree(t, filepath.Join("..", "harness", "stats", "testdata", "results"), dir)
	bad := filepath.Join(dir, "amd-ryzen-7-3700x", "2026-02-01T000000-kernels-flip.txt")
	data, err := os.ReadFile(filepath.Join("..", "harness", "stats", "testdata", "bad", "mixed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// the same CPU as the folder's other files (line 1 instead of goos:
	// the line numbers stay)
	data = []byte(strings.Replace(string(data), "goos: linux\n", "cpu-id: amd-zen2-f17-m71-s0\n", 1))
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
	if !strings.Contains(md, "| reference | Go | 60.2 ns") {
		t.Errorf("flip table does not use the readable lines of the newest file")
	}
}

func TestReportNoResults(t *testing.T) {
	md, r, _ := generate(t, t.TempDir())
	if len(r.Machines) != 0 || !strings.Contains(md, "No results yet") {
		t.Errorf("empty results: %d machines\n%s", len(r.Machines), md)
	}
}

func TestFmtTime(t *testing.T) {
	for _, c := range []struct {
		sec  float64
		want string
	}{{2929, "48m49s"}, {100, "1m40s"}, {99.5, "99.5 s"}, {7.1, "7.10 s"}, {2.7, "2.70 s"}, {9.999, "10.0 s"}, {0.0001234, "123 µs"}, {0.0123, "12.3 ms"}, {4000, "1h06m"}} {
		if got := fmtTime(c.sec); got != c.want {
			t.Errorf("fmtTime(%g) = %q, want %q", c.sec, got, c.want)
		}
	}
}

// The kernels whose inputs changed (resultsfile.InputsChanged) show only the
// sessions measured on the new inputs (an "inputs" line of
// resultsfile.InputsVersion): a CPU whose newest session lacks it shows none of
// their cells, and its other kernels as before.
func TestReportOldInputsLeftOut(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "harness", "stats", "testdata", "results"), dir)
	add := func(file, header string, ns float64) {
		f, err := os.OpenFile(filepath.Join(dir, file), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fmt.Fprint(f, "\n"+header)
		for i := range 6 {
			fmt.Fprintf(f, "BenchmarkKernel/kernel=score_1/variant=reference/form=call 1000 %g ns/op\n", ns+float64(i)/100)
			fmt.Fprintf(f, "BenchmarkKernel/kernel=score_1/variant=bitscan/form=call 1000 %g ns/op\n", ns/2+float64(i)/100)
		}
	}
	add("amd-ryzen-7-3700x/2026-01-01T000000-kernels.txt", "", 30)
	add("intel-core-i7-4770/2026-01-02T000000-kernels.txt", "inputs: "+resultsfile.InputsVersion+"\n", 83)
	md, _ := generateClean(t, dir, 2)
	i := strings.Index(md, "## score_1\n")
	if i < 0 {
		t.Fatalf("no score_1 section:\n%s", md)
	}
	sec := md[i:]
	sec = sec[:strings.Index(sec[3:], "\n## ")+3]
	if !strings.Contains(sec, "83.0 ns") || strings.Contains(sec, "30.0 ns") || strings.Contains(sec, "15.0 ns") || strings.Contains(sec, "Ryzen") {
		t.Errorf("score_1's section: want the new inputs' 83 ns only:\n%s", sec)
	}
	if !strings.Contains(md, "| bitscan | Go | **5.97 ns ±1% ‡ #1** | **7.79 ns ±1% ‡ #1** |") {
		t.Error("flip's cells of both CPUs are gone")
	}
}

// A column whose twins differ says so: one or three of twenty (what a
// test at 95% may give by chance) condemn their groups' verdicts; five of
// twenty (p < 5% by chance) condemn the column's.
func TestReportTwinsDiffer(t *testing.T) {
	kernels := []string{"flip", "moves", "board_solve", "move_evaluate", "stability", "stable_edge", "eval_sum", "eval_update", "potential_moves", "hash_code"}
	for _, tc := range []struct {
		differ int
		want   string
		not    string
	}{
		{1, "**1 DIFFER, so their groups' verdicts are not to be trusted** (1.0 of 20 expected to by chance alone): flip reference call", "this column's"},
		{3, "**3 DIFFER, so their groups' verdicts are not to be trusted** (1.0 of 20 expected to by chance alone)", "this column's"}, // p=0.075
		{5, "**5 DIFFER, more than chance would (1.0 expected, p=0.0026), so this column's verdicts are not to be trusted**", "their groups'"},
	} {
		dir := t.TempDir()
		copyTree(t, filepath.Join("..", "harness", "stats", "testdata", "results"), dir)
		// a newer session of the Intel column: its header, then the twins
		head, err := os.ReadFile(filepath.Join(dir, "intel-core-i7-4770", "2026-01-02T000000-kernels.txt"))
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, "intel-core-i7-4770", "2026-01-03T000000-kernels.txt"))
		if err != nil {
			t.Fatal(err)
		}
		f.Write(head[:bytes.Index(head, []byte("\nBenchmark"))+1])
		g := 0
		for _, k := range kernels {
			for _, form := range []string{"call", "batch"} {
				slow := 1.0
				if g < tc.differ {
					slow = 1.1
				}
				g++
				for r := range 12 {
					v := 10 + float64(r%3)
					fmt.Fprintf(f, "BenchmarkKernel/kernel=%s/variant=reference/form=%s 1000 %g ns/op\n", k, form, v)
					fmt.Fprintf(f, "BenchmarkKernel/kernel=%s/variant=reference/form=%s/twin=1 1000 %g ns/op\n", k, form, v*slow)
				}
			}
		}
		f.Close()
		md, _ := generateClean(t, dir, 2)
		line := ""
		for l := range strings.Lines(md) {
			if strings.HasPrefix(l, "- Intel") && strings.Contains(l, "twins equal") {
				line = l
			}
		}
		if !strings.Contains(line, tc.want) || strings.Contains(line, tc.not) {
			t.Errorf("%d of 20 twins differ: %q\nwant %q", tc.differ, line, tc.want)
		}
	}
}

// An arm64 machine's results (a file as bench writes it on Graviton2)
// get their column beside the x86 ones, with the identity from MIDR and
// the arm64 variants ranked by their times.
func TestReportARM64Column(t *testing.T) {
	results := t.TempDir()
	copyTree(t, filepath.Join("..", "harness", "stats", "testdata", "results"), results)
	var b strings.Builder
	b.WriteString(`goos: linux
goarch: arm64
cpu: ARM Neoverse N1
cpu-slug: arm-neoverse-n1
cpu-id: arm-neoverse-n1-pd0c-v3-r1
cpu-vendor: ARM
cpu-family: 0x3
cpu-model: 0xd0c
cpu-stepping: 1
uarch: Neoverse N1
sve-bits: 0
cpu-features: asimd crc32
go: go1.26.8
commit: 0123456789abcdef0123456789abcdef01234567
date: 2026-01-03T00:00:00Z
count: 6
benchtime: 100ms
governor: performance
boost: off
smt: on
thp: madvise
load-start: 0.52 0.58 0.59
hypervisor: none
os-kernel: linux 6.1.0
processes: 16
`)
	for _, v := range []struct {
		name, impl string
		ns         float64
	}{{"reference", "go", 71.3}, {"bitscan", "go", 6.41}, {"fill", "go", 16.2}, {"arm64-bitscan", "asm", 4.87}, {"neon-fill", "asm", 9.12}} {
		fmt.Fprintf(&b, "impl: %s\n", v.impl)
		for i := 0; i < 6; i++ {
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=%s/form=call 1000000 %.4f ns/op\n", v.name, v.ns*(1+0.001*float64(i)))
		}
	}
	b.WriteString("\nload-end: 1.90 0.80 0.60\n")
	dir := filepath.Join(results, "arm-neoverse-n1-pd0c-v3-r1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "2026-01-03T000000-kernels.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	md, _ := generateClean(t, results, 3)
	// the machine's state its session recorded, the load at start and end
	if want := "| hypervisor none; governor performance; boost off; SMT on; THP madvise; load 0.52; linux 6.1.0 |"; !strings.Contains(md, want) {
		t.Errorf("machines table lacks the session's state %q", want)
	}
	if !strings.Contains(md, "| not recorded |") {
		t.Error("a session before the state lines is not marked so")
	}
	n1 := "ARM Neoverse N1 (Neoverse N1)"
	for _, want := range []string{
		"(Zen 2) | " + n1 + " | Intel(R)",                    // its column, beside the x86 ones
		"| " + n1 + " | `arm-neoverse-n1-pd0c-v3-r1` |",      // its machines row: the MIDR identity
		"| arm64-bitscan | asm |  | **4.88 ns ±0% #1** |  |", // fastest there, no x86 figure
		"| neon-fill | asm |  | 9.14 ns ±0% #3 1.87× |  |",
		"ARM Neoverse N1 (Neoverse N1), per call: fastest **arm64-bitscan**",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	if t.Failed() {
		i := strings.Index(md, "## flip")
		t.Logf("the flip section:\n%s", md[i:min(len(md), i+1500)])
	}
}

// The page's sentences that state a default state the code's: bench's
// rounds, runs and processes, the rounds paired verdicts need; none of
// the stale ones.
func TestReportStatesTheDefaults(t *testing.T) {
	md, _, _ := generate(t, filepath.Join("..", "harness", "stats", "testdata", "results"))
	d := bench.DefaultOptions
	for _, want := range []string{
		fmt.Sprintf("%d rounds of %d runs of %v each, in %d fresh processes", d.Count, d.Runs, d.BenchTime, bench.DefaultProcesses),
		fmt.Sprintf("fewer than %d give no paired verdicts", stats.MinPairs),
		stats.FigureLabel,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	for _, stale := range []string{`10 interleaved runs`, `6 or more`, `\btie\b`} {
		if regexp.MustCompile(stale).MatchString(md) {
			t.Errorf("the page says %q, which the code no longer does", stale)
		}
	}
}

// A winner whose runner-up has the lower figure (the rounds decided
// against the figures) says so; one with the lowest figure says nothing.
func TestWinnerDisagreeFlag(t *testing.T) {
	fast, slow := &stats.Cell{}, &stats.Cell{}
	fast.Summary.Center, slow.Summary.Center = 2.44e-9, 2.70e-9
	w := &winner{variant: "reference", second: "odd-empties", cell: slow, cell2: fast}
	if got := w.disagree(); !strings.Contains(got, "odd-empties's figure, 2.44 ns, is lower: the rounds, not the figures, decide") {
		t.Errorf("flag %q", got)
	}
	w.cell, w.cell2 = fast, slow
	if got := w.disagree(); got != "" {
		t.Errorf("a winner with the lowest figure is flagged: %q", got)
	}
}
