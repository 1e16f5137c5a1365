package report

import (
	"bytes"
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/results"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const zen4Head = "cpu: AMD EPYC\ncpu-id: amd-zen4-f19-m11-s1\ncpu-vendor: AMD\ncpu-family: 0x19\ncpu-model: 0x11\ncpu-stepping: 1\nuarch: Zen 4\ncommit: 0123456789abcdef\n"

// runs writes count interleaved runs of variants (name -> ns) of a kernel.
func runs(kernel string, count int, ns map[string]float64, order ...string) string {
	var b strings.Builder
	for r := 0; r < count; r++ {
		for _, v := range order {
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=%s/variant=%s/form=call 1000000 %.4f ns/op\n", kernel, v, ns[v]*(1+0.002*float64(r)))
		}
	}
	return b.String()
}

// An interrupted bench (its file marked incomplete) newer than a complete
// run: the report keeps the complete run's numbers and says which file
// was interrupted; a stale .partial is listed, not read.
func TestReportInterruptedBench(t *testing.T) {
	dir := t.TempDir()
	cpu := filepath.Join(dir, "amd-zen4-f19-m11-s1")
	write(t, filepath.Join(cpu, "2026-01-01T000000-kernels.txt"), zen4Head+"date: 2026-01-01T00:00:00Z\n"+
		runs("flip", 6, map[string]float64{"reference": 60, "bitscan": 6}, "reference", "bitscan"))
	interrupted := filepath.Join(cpu, "2026-01-02T000000-kernels.txt")
	write(t, interrupted, zen4Head+"date: 2026-01-02T00:00:00Z\n"+
		runs("flip", 2, map[string]float64{"reference": 999, "bitscan": 99}, "reference", "bitscan")+
		"\n"+resultsfile.KeyIncomplete+": interrupted after 4 of 120 runs\n")
	stale := filepath.Join(cpu, "2026-01-03T000000-kernels.txt"+bench.PartialSuffix)
	write(t, stale, zen4Head+runs("flip", 1, map[string]float64{"reference": 888, "bitscan": 88}, "reference", "bitscan"))
	md, r, _ := generate(t, dir)
	for _, want := range []string{"| reference | Go | 60.3 ns", "| bitscan | Go | **6.03 ns", "interrupted after 4 of 120 runs",
		filepath.Base(stale)} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	for _, old := range []string{"999", "99 ns", "888"} {
		if strings.Contains(md, old) {
			t.Errorf("an interrupted or unfinished run's figure (%s) shows", old)
		}
	}
	if len(r.Stale) != 1 || len(r.Partial) != 1 {
		t.Errorf("stale %v, interrupted %v", r.Stale, r.Partial)
	}
}

// C kernels (cbench: impl: c, compiler) beside the variants, marked and
// never ranked nor winning; the best of each kind; gosimd variants (impl:
// archsimd, as files written before the kind was named gosimd say) as
// ordinary rows; the call floors per CPU.
func TestReportKindsAndFloors(t *testing.T) {
	dir := t.TempDir()
	cpu := filepath.Join(dir, "amd-zen4-f19-m11-s1")
	ns := map[string]float64{"reference": 60, "bitscan": 8, "avx2-ppfill": 4.4, "gosimd-avx2-ppfill": 5}
	var b strings.Builder
	b.WriteString(zen4Head + "date: 2026-01-01T00:00:00Z\nprocesses: 16\n")
	for r := 0; r < 6; r++ {
		f := 1 + 0.002*float64(r)
		fmt.Fprintf(&b, "impl: go\nBenchmarkKernel/kernel=flip/variant=reference/form=call 1 %.4f ns/op\n", ns["reference"]*f)
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 %.4f ns/op\n", ns["bitscan"]*f)
		fmt.Fprintf(&b, "impl: archsimd\nBenchmarkKernel/kernel=flip/variant=gosimd-avx2-ppfill/form=call 1 %.4f ns/op\n", ns["gosimd-avx2-ppfill"]*f)
		fmt.Fprintf(&b, "impl: asm\nBenchmarkKernel/kernel=flip/variant=avx2-ppfill/form=call 1 %.4f ns/op\n", ns["avx2-ppfill"]*f)
		fmt.Fprintf(&b, "impl:\nBenchmarkFloor/impl=go/form=funcvalue 1 %.4f ns/op\n", 1.64*f)
	}
	write(t, filepath.Join(cpu, "2026-01-01T000000-kernels.txt"), b.String())
	b.Reset()
	b.WriteString(zen4Head + "impl: c\ncompiler: gcc 12.2.0\ncflags: -O2 -mavx2\ndate: 2026-01-02T00:00:00Z\n")
	for r := 0; r < 6; r++ {
		f := 1 + 0.002*float64(r)
		fmt.Fprintf(&b, "BenchmarkFloor/impl=c/form=pointer 1 %.4f ns/op\n", 1.36*f)
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=c-flip-avx2/form=call 1 %.4f ns/op\n", 2.9*f)
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=c-flip-avx2/form=batch 1 %.4f ns/op\n", 1.5*f)
	}
	write(t, filepath.Join(cpu, "2026-01-02T000000-c-flip-avx2.txt"), b.String())
	md, _, _ := generate(t, dir)
	for _, want := range []string{
		"| *c-flip-avx2* | C (gcc 12.2.0) | 2.91 ns ±0% 0.66× |", // beside, not ranked
		"| avx2-ppfill | asm | **4.42 ns ±0% #1** |",
		"| gosimd-avx2-ppfill | gosimd | 5.03 ns ±0% #2 1.14× |",
		"| *c-flip-avx2* · batch | C (gcc 12.2.0) | 1.51 ns ±0% |",
		"Best of each kind: Go bitscan 8.04 ns (1.82×); gosimd gosimd-avx2-ppfill 5.03 ns (1.14×); asm avx2-ppfill 4.42 ns; C c-flip-avx2 2.91 ns (0.66×).",
		"| flip | **avx2-ppfill** 4.42 ns, 13.6% ahead of gosimd-avx2-ppfill<br>pick: **bitscan** (the default) (1) |",
		"Call floor", "- AMD EPYC (Zen 4): Go funcvalue 1.65 ns ±0%; C pointer 1.37 ns ±0%",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	if strings.Contains(md, "**c-flip") || strings.Contains(md, "c-flip-avx2 2.9 ns, ") {
		t.Error("a C kernel is marked the fastest")
	}
	if t.Failed() {
		t.Log(md)
	}
}

// An installed flipbench (no repository around) compares the user's CPU
// with the committed ones: the embedded results stand in for every CPU
// the results directory lacks, never for one it has.
func TestReportEmbedded(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "amd-zen2-f17-m31-s0", "2026-01-01T000000-kernels.txt"),
		"cpu: AMD EPYC\ncpu-id: amd-zen2-f17-m31-s0\nuarch: Zen 2\n"+runs("flip", 6, map[string]float64{"reference": 70, "bitscan": 9}, "reference", "bitscan"))
	root := t.TempDir()
	o := Options{ResultsDir: dir, Output: filepath.Join(root, "BENCHMARKS.md"), ChartsDir: filepath.Join(root, "charts")}
	r, err := Load(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Write(); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{} // per CPU: its columns (flavours) embedded
	for _, m := range r.Machines {
		ids[m.CPU] = m.Embedded
	}
	emb := results.EmbeddedCPUs()
	if len(ids) != 1+len(emb) || ids["amd-zen2-f17-m31-s0"] {
		t.Fatalf("machines %v, want the user's and the embedded %v", ids, emb)
	}
	for _, id := range emb {
		if e, ok := ids[id]; !ok || !e {
			t.Errorf("embedded %s: present %v, marked embedded %v", id, ok, e)
		}
	}
	md, _ := os.ReadFile(o.Output)
	if !bytes.Contains(md, []byte("embedded (results/amd-zen4-f19-m11-s1/")) || !bytes.Contains(md, []byte("AMD EPYC (Zen 2)")) {
		t.Error("the report does not show the embedded and the user's CPUs")
	}
	// a CPU the directory has is read from the directory alone
	write(t, filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt"),
		zen4Head+runs("flip", 6, map[string]float64{"reference": 50, "bitscan": 5}, "reference", "bitscan"))
	r, err = Load(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Machines {
		if m.ID == "amd-zen4-f19-m11-s1" && (m.Embedded || len(m.Files) != 1) {
			t.Errorf("Zen 4 on disk: embedded %v, files %v", m.Embedded, m.Files)
		}
	}
}

// FuzzReport: the report of any results file finishes, names its bad
// lines, and writes its page and charts.
func FuzzReport(f *testing.F) {
	f.Add([]byte(zen4Head + runs("flip", 6, map[string]float64{"reference": 60, "bitscan": 6}, "reference", "bitscan") +
		"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 NaN ns/op\nBenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 -1 ns/op\n"))
	f.Add([]byte("cpu-id: x\nimpl: c\nBenchmarkKernel/kernel=flip/variant=c-x/form=call 1 2 ns/op\nBenchmarkFloor/impl=c/form=pointer 1 1 ns/op\n" +
		"BenchmarkKernel/kernel=hash_clear/variant=reference/form=call/size=1MiB 1 5 ns/op 3 GB/s\nBenchmarkSolvePosition/set=s/id=1 1 5 ns/op 3 nodes/op\n" +
		"BenchmarkEvalMAE/empties=20 10 1.5 discs -0.5 bias-discs 2 rms-discs\nBenchmarkSolve/set=s/kernel=flip/variant=a 1 9 ns/op\nincomplete: x\n"))
	f.Add([]byte("cpu-id: x\npgo: off\nBenchmarkEdaxVs/set=s/bottom=asm/engine=flipbench 1 5 ns/op 6 wall-ns/op 7 nodes/op\n" +
		"BenchmarkEdaxVs/set=s/bottom=asm/engine=edax 1 4 ns/op\nBenchmarkEdaxVs/set=s/bottom=asm/engine=flipbench 1 5 ns/op\n" +
		"BenchmarkEdaxVs/bottom=x/engine=edax 1 4 ns/op\nBenchmarkEdaxVs/set=t 1 1 ns/op\n"))
	if data, err := os.ReadFile(filepath.Join("..", "harness", "stats", "testdata", "bad", "mixed.txt")); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "cpu", "a.txt"), string(data))
		root := t.TempDir()
		o := Options{ResultsDir: dir, Output: filepath.Join(root, "B.md"), ChartsDir: filepath.Join(root, "charts"), NoEmbedded: true}
		r, err := Load(o)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Write(); err != nil {
			t.Fatal(err)
		}
	})
}

// An interrupted solve -save run never replaces a complete one either.
func TestReportInterruptedSolveRun(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "runs"), dir)
	cpu := filepath.Join(dir, "amd-ryzen-7-3700x")
	newer := filepath.Join(cpu, "2026-01-09T000000-solve-ffo1-3-eval-none.txt")
	data, err := os.ReadFile(filepath.Join(cpu, "2026-01-03T010000-solve-ffo1-3-eval-none.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var keep []string
	for _, l := range lines {
		if strings.HasPrefix(l, "BenchmarkSolvePosition/set=ffo1-3/id=1 ") {
			l = strings.Replace(l, " 240000 nodes/op", " 999999 nodes/op", 1)
		} else if strings.HasPrefix(l, "BenchmarkSolvePosition") {
			continue // solved only the first position
		}
		keep = append(keep, l)
	}
	write(t, newer, strings.Join(keep, "")+"\n"+resultsfile.KeyIncomplete+": interrupted after 1 solves\n")
	md, _, _ := generate(t, dir)
	if strings.Contains(md, "999999") || !strings.Contains(md, "| none | — | 3 | 720000 |") {
		t.Errorf("the interrupted solve run replaced the complete one:\n%s", md)
	}
}

// A figure and a verdict pointing opposite ways are on the page: a
// session in one process whose runs of avx2-ppfill sit on a lower floor
// but are slowed in nearly half of the rounds, bitscan's in a tenth (its
// pairs call bitscan faster); the same runs in 16 fresh processes are
// compared by process and agree with the figures.
func TestReportFigureConflicts(t *testing.T) {
	session := func(processes string) string {
		rng := rand.New(rand.NewPCG(3, 5))
		burst := func(p float64) float64 {
			if rng.Float64() < p {
				return 1.3 + 0.3*rng.Float64()
			}
			return 1 + 0.004*rng.Float64()
		}
		var b strings.Builder
		b.WriteString(zen4Head + "date: 2026-01-01T00:00:00Z\ncount: 96\n" + processes)
		for range 96 {
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=avx2-ppfill/form=call 1000000 %.4f ns/op\n", 2.20*burst(0.45))
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000000 %.4f ns/op\n", 2.29*burst(0.10))
		}
		return b.String()
	}
	for _, tc := range []struct {
		processes string
		want      string
	}{
		{"", "**Figures and verdicts that point opposite ways** (1 of 1 neighbouring pairs whose figures are apart"},
		{"processes: 16\n", "Figures and verdicts agree: of the 1 neighbouring variants"},
	} {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt"), session(tc.processes))
		md, _, _ := generate(t, dir)
		if !strings.Contains(md, tc.want) {
			i := strings.Index(md, "## Machines")
			t.Errorf("processes %q: the page lacks %q:\n%s", tc.processes, tc.want, md[i:min(len(md), i+3000)])
		}
	}
}
