package stats

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// BadValues is a results file with every kind of bad line: the numbers
// no statistic can use (NaN, infinities, a negative or zero time, a time
// too small to be a float, a zero rate, no iterations), a line too long,
// binary junk and foreign text. Line numbers are in the comments' order.
func BadValues() (text string, badLines []int) {
	var b strings.Builder
	line := 0
	add := func(bad bool, s string) {
		line++
		b.WriteString(s + "\n")
		if bad {
			badLines = append(badLines, line)
		}
	}
	add(false, "cpu: AMD EPYC")
	add(false, "cpu-vendor: AMD")
	add(false, "cpu-family: 0x19")
	add(false, "cpu-model: 0x11")
	add(false, "cpu-stepping: 1")
	for r := 0; r < 6; r++ {
		add(false, fmt.Sprintf("BenchmarkKernel/kernel=flip/variant=reference/form=call 1000 %.1f ns/op", 60+0.1*float64(r)))
		add(false, fmt.Sprintf("BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 %.2f ns/op", 6+0.01*float64(r)))
	}
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 NaN ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 +Inf ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 -Inf ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 1e400 ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 -6.0 ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 0 ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 1e-320 ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 0 6.0 ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call -3 6.0 ns/op")
	add(true, "BenchmarkKernel/kernel=hash_clear/variant=reference/form=call/size=1MiB 1000 6.0 ns/op 0 GB/s")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 6.0 ns/op NaN nodes/op")
	add(false, "BenchmarkSolvePosition/set=ffo1-3/id=1 1 2e6 ns/op 100 nodes/op -12 score 0 best-square") // negative score, square 0: fine
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000 sixty ns/op")
	add(true, "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1000")
	add(true, "BenchmarkKernel/kernel=flip/variant="+strings.Repeat("x", resultsfile.MaxLine)+"/form=call 1000 6 ns/op")
	add(true, "\x00\x01\x02\xff binary junk")
	add(true, "this line came from somewhere else")
	return b.String(), badLines
}

// Every bad line is named with file:line and skipped; everything else
// is read; no value left is unusable.
func TestReadRejectsBadValues(t *testing.T) {
	text, bad := BadValues()
	path := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Problems) != len(bad) {
		t.Errorf("%d problems, want %d (lines %v):\n%s", len(ds.Problems), len(bad), bad, strings.Join(ds.Problems, "\n"))
	}
	for i, n := range bad {
		if i < len(ds.Problems) && !strings.HasPrefix(ds.Problems[i], fmt.Sprintf("%s:%d: ", path, n)) {
			t.Errorf("problem %d = %.120q, want line %d", i, ds.Problems[i], n)
		}
	}
	if len(ds.All()) != 13 {
		t.Errorf("%d results, want the 13 good ones", len(ds.All()))
	}
	for _, r := range ds.All() {
		for _, v := range r.Values {
			if math.IsNaN(v.Value) || math.IsInf(v.Value, 0) || v.Unit == "sec/op" && v.Value <= 0 {
				t.Errorf("%s: %v %s read", r.Name, v.Value, v.Unit)
			}
		}
	}
	for _, want := range []string{"NaN ns/op: not a finite number", "-6 ns/op: a time must be positive", "0 ns/op: a time must be positive", "0 GB/s: a rate must be positive",
		"iteration count 0: must be at least 1", "a line longer than", "not a benchmark result"} {
		if !strings.Contains(strings.Join(ds.Problems, "\n"), want) {
			t.Errorf("no problem says %q", want)
		}
	}
	// the tables and pick on it: the readable values only
	ts, err := BuildTables(ds, CompareOptions{Row: "/variant", Col: "/form", Filter: "/kernel:flip"})
	if err != nil || len(ts) != 1 {
		t.Fatalf("tables: %v", err)
	}
	picks := Pick(ds, resultsfile.CPUOf(ds.All()[0]), PickOptions{CPU: variants.Host(), Defaults: map[string]string{"flip": "reference"}})
	if kc := flipChoice(picks); kc.Winner == nil || kc.Winner.Variant != "bitscan" || kc.Winner.N != 6 {
		t.Errorf("pick on the readable lines: %+v", kc)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// An interrupted session's file never replaces a complete run: its
// results count only where no complete file has the benchmark.
func TestKeepLatestIncomplete(t *testing.T) {
	dir := t.TempDir()
	head := "cpu: AMD EPYC\ncpu-id: amd-zen4-f19-m11-s1\n"
	old := filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt")
	writeFile(t, old, head+"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 6 ns/op\nBenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 6.1 ns/op\n")
	newer := filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-02-01T000000-kernels.txt")
	writeFile(t, newer, head+"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 60 ns/op\n"+
		"BenchmarkKernel/kernel=moves/variant=sse2/form=call 1 3 ns/op\n\n"+resultsfile.KeyIncomplete+": interrupted after 2 of 40 runs\n")
	ds, err := ReadDir(dir)
	if err != nil || len(ds.Problems) != 0 {
		t.Fatalf("%v %v", err, ds.Problems)
	}
	if ds.Incomplete[newer] != "interrupted after 2 of 40 runs" || len(ds.Incomplete) != 1 {
		t.Errorf("Incomplete %v", ds.Incomplete)
	}
	ds.KeepLatest()
	var flip, moves []float64
	for _, r := range ds.All() {
		v, _ := r.Value("sec/op")
		v = math.Round(v*1e10) / 10 // ns, to 0.1
		switch nameKeys(r.Name)["kernel"] {
		case "flip":
			flip = append(flip, v)
		case "moves":
			moves = append(moves, v)
		}
	}
	if len(flip) != 2 || flip[0] != 6 {
		t.Errorf("flip %v: want the complete run's 6, 6.1", flip)
	}
	if len(moves) != 1 {
		t.Errorf("moves %v: the interrupted run's only result is lost", moves)
	}
	// a complete newer run replaces the older one as before
	newest := filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-03-01T000000-kernels.txt")
	writeFile(t, newest, head+"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 5 ns/op\n")
	ds, _ = ReadDir(dir)
	ds.KeepLatest()
	for _, r := range ds.All() {
		if v, _ := r.Value("sec/op"); nameKeys(r.Name)["kernel"] == "flip" && math.Round(v*1e9) != 5 {
			t.Errorf("flip %v after a complete newer run", v*1e9)
		}
	}
}

// A .partial file no session writes any more is reported, one being
// written is not.
func TestStaleFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-01-01T000000-kernels.txt.partial")
	writeFile(t, p, "cpu: x\n")
	ds, err := ReadDir(dir)
	if err != nil || len(ds.Stale) != 1 || ds.Stale[0] != p || len(ds.Files) != 0 {
		t.Fatalf("stale %v, files %v: %v", ds.Stale, ds.Files, err)
	}
	if !strings.Contains(bench.StaleNote(p), p) {
		t.Error("the note does not name the file")
	}
	l, err := bench.LockDir(filepath.Dir(p), "test")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if s := bench.StaleFiles(dir); len(s) != 0 {
		t.Errorf("a file being written reported stale: %v", s)
	}
}

// The identity: the cpu-id line, else made from the family, model and
// stepping lines (files older than cpu-id), else the older labels; always
// a safe folder name.
func TestCPUOf(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"cpu-id: amd-zen4-f19-m11-s1\ncpu-slug: amd-epyc\n", "amd-zen4-f19-m11-s1"},
		{"cpu: Oxide Virtual Turin-like Processor\ncpu-slug: oxide-virtual-turin-like\ncpu-vendor: AMD\ncpu-family: 0x1a\ncpu-model: 0x2\ncpu-stepping: 1\n", "amd-zen5-f1a-m02-s1"},
		{"cpu: AMD EPYC\ncpu-slug: amd-epyc\ncpu-vendor: AMD\ncpu-family: 0x17\ncpu-model: 0x31\ncpu-stepping: 0\n", "amd-zen2-f17-m31-s0"},
		{"cpu: AMD Ryzen 7 3700X\ncpu-slug: amd-ryzen-7-3700x\n", "amd-ryzen-7-3700x"},
		{"cpu-id: ../../etc/x\n", "etc-x"},
	} {
		ds := fakeDataset(t, c.text+"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 6 ns/op\n")
		if got := resultsfile.CPUOf(ds.All()[0]); got != c.want {
			t.Errorf("%q: CPUOf %q, want %q", c.text, got, c.want)
		}
	}
}

func TestKindOf(t *testing.T) {
	ds := fakeDataset(t, "impl: c\nBenchmarkKernel/kernel=flip/variant=c-flip-plain/form=call 1 6 ns/op\nimpl:\n"+
		"BenchmarkKernel/kernel=flip/variant=c-old/form=call 1 6 ns/op\n"+
		"BenchmarkKernel/kernel=flip/variant=gosimd-avx9/form=call 1 6 ns/op\n"+
		"BenchmarkKernel/kernel=flip/variant=reference/form=call 1 6 ns/op\n"+
		"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 6 ns/op\n"+
		"BenchmarkKernel/kernel=flip/variant=gone-from-the-registry/form=call 1 6 ns/op\n"+
		"impl: go\nBenchmarkKernel/kernel=flip/variant=gone-too/form=call 1 6 ns/op\n")
	want := []string{variants.KindC, variants.KindC, variants.KindGoSIMD, variants.KindGo, variants.KindGo, variants.KindAsm, variants.KindGo}
	for i, r := range ds.All() {
		if got := resultsfile.KindOf(r); got != want[i] {
			t.Errorf("%s: kind %q, want %q", r.Name, got, want[i])
		}
	}
}

// Under KVM a Zen 2 and a Zen 4 both say "AMD EPYC": their results are
// two machines, and pick judges each by its own identity and rules.
func TestPickOneBrandTwoCPUs(t *testing.T) {
	const pext = "test-pext"
	flip := variants.Flip.With(variants.Info{Name: pext, Requires: []variants.Feature{variants.BMI2}, UsesPEXT: true, Rank: 1 << 20,
		Note: "test only"}, kernels.Flip)
	var b strings.Builder
	for _, model := range []string{"0x17\ncpu-model: 0x31\ncpu-stepping: 0", "0x19\ncpu-model: 0x11\ncpu-stepping: 1"} {
		fmt.Fprintf(&b, "cpu: AMD EPYC\ncpu-slug: amd-epyc\ncpu-vendor: AMD\ncpu-family: %s\nx64level: v3\ncpu-features: sse2 popcnt avx avx2 bmi1 bmi2 lzcnt\n", model)
		for r := 0; r < 6; r++ {
			for v, ns := range map[string]float64{pext: 3, "bitscan": 6, "reference": 60} {
				fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=%s/form=call 1000000 %.4f ns/op\n", v, ns*(1+0.001*float64(r)))
			}
		}
	}
	ds := fakeDataset(t, b.String())
	ids := map[string]bool{}
	for _, r := range ds.All() {
		ids[resultsfile.CPUOf(r)] = true
	}
	if len(ids) != 2 || !ids["amd-zen2-f17-m31-s0"] || !ids["amd-zen4-f19-m11-s1"] {
		t.Fatalf("machines %v, want Zen 2 and Zen 4", ids)
	}
	for _, r := range ds.All()[:1] {
		zen2, ok := resultsfile.CPUInfoOf(r)
		if !ok || !zen2.SlowPEXT || !zen2.Has[variants.BMI2] {
			t.Fatalf("CPUInfoOf Zen 2: %+v", zen2)
		}
		kc := flipChoice(Pick(ds, zen2.ID(), PickOptions{CPU: zen2, Kernels: []variants.KernelInfo{flip}, Defaults: map[string]string{"flip": "bitscan"}}))
		if kc.Choice == pext || kc.Winner == nil || kc.Winner.N != 6 {
			t.Errorf("Zen 2: %+v", kc)
		}
	}
	zen4, _ := resultsfile.CPUInfoOf(ds.All()[len(ds.All())-1])
	kc := flipChoice(Pick(ds, zen4.ID(), PickOptions{CPU: zen4, Kernels: []variants.KernelInfo{flip}, Defaults: map[string]string{"flip": "bitscan"}}))
	if kc.Choice != pext || kc.Winner.N != 6 {
		t.Errorf("Zen 4: %+v", kc)
	}
}

// A C kernel timed by cbench beside the variants is never picked, however
// fast; nor is a variant this build does not have.
func TestPickNeverForeign(t *testing.T) {
	var b strings.Builder
	b.WriteString("cpu-id: fake\n")
	for r := 0; r < 6; r++ {
		fmt.Fprintf(&b, "impl: c\nBenchmarkKernel/kernel=flip/variant=c-flip-fast/form=call 1 %.3f ns/op\n", 1+0.001*float64(r))
		fmt.Fprintf(&b, "impl: asm\nBenchmarkKernel/kernel=flip/variant=not-in-this-build/form=call 1 %.3f ns/op\n", 2+0.001*float64(r))
		fmt.Fprintf(&b, "impl: go\nBenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 %.3f ns/op\n", 6+0.001*float64(r))
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=reference/form=call 1 %.3f ns/op\n", 60+0.001*float64(r))
	}
	kc := flipChoice(Pick(fakeDataset(t, b.String()), "fake", PickOptions{CPU: variants.Host(), Defaults: map[string]string{"flip": "reference"}}))
	if kc.Choice != "bitscan" || kc.Winner.Variant != "bitscan" {
		t.Errorf("pick %+v", kc)
	}
	for _, want := range []string{"c-flip-fast (C, timed by cbench", "not-in-this-build (not in this build)"} {
		if !strings.Contains(kc.Reason, want) {
			t.Errorf("reason lacks %q: %s", want, kc.Reason)
		}
	}
}
