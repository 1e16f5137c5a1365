package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Solver runs and the evaluation's error: per machine and set the newest
// run of each evaluation setting, per position (median of the runs) with
// a total, the comparison with eval none's nodes; the newest MAE per
// evaluation setting over the machines.
func TestReportSolverRuns(t *testing.T) {
	md, _ := generateClean(t, filepath.Join("testdata", "runs"), 2)
	amd := "AMD Ryzen 7 3700X 8-Core Processor (Zen 2)"
	intel := "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz (Haswell)"
	for _, want := range []string{
		"## Solver runs\n",
		"### ffo1-3 on " + amd + "\n\n| eval | weights | positions | nodes | time | Mnps | nodes ÷ none's | time ÷ none's |",
		"| default | aaaabbbb | 3 | 180000 | 6.15 ms | 29.3 | 0.250 | 0.256 |", // medians of 6 runs: 2.05+1.025+3.075 ms
		"| none | — | 3 | 720000 | 24.0 ms | 30.0 | 1 | 1 |",
		"**eval default (weights aaaabbbb)**, [2026-01-03T000000-solve-ffo1-3-eval-default.txt](",
		"6 runs per position, hash auto, commit 0123456789ab",
		"variants: `flip=bitscan,score_1=bmi2-pext`",
		"| # | empties | score | best | nodes | time | Mnps |",
		"| 1 | 14 | +18 | g8 | 60000 | 2.05 ms ±2% | 29.3 |",
		"| 3 | 14 | +2 | d1 | 90000 | 3.08 ms ±2% | 29.3 |",
		"| **total** (3) |  |  |  | **180000** | **6.15 ms** | 29.3 |",
		"| 1 | 14 | +18 | g8 | 240000 | 8.00 ms | 30.0 |", // one run: no interval
		// intel: the none run was interrupted after 2 positions
		"### ffo1-3 on " + intel + "\n",
		"| default | aaaabbbb | 3 | 180000 | 7.50 ms | 24.0 | 0.250 | 0.286 |", // (2.5+1.5)/(9+5)
		"| none | — | 2 | 360000 | 14.0 ms | 25.7 | 1 | 1 |",
		"> note: the runs did not solve the same positions",
		"> note: the runs used different variant sets",
		// MAE: the newest per evaluation setting, weighted total
		"## Evaluation error\n",
		"| empties | default (aaaabbbb) | none |",
		"| 20 | 3.50 (+0.50, 4.50) n=50 | 20.00 (+2.00, 25.00) n=50 |",
		"| **all** | 4.50 (+0.00, 5.53) n=200 | 22.50 (+0.00, 28.08) n=200 |",
		`- default: weights sha256:aaaabbbbccccdddd, "trained by flipbench train, 20000 games", seed 0x4d4145, 50 positions per empties count at 20-22 empties, [2026-01-05T000000-eval-mae-default.txt](`,
		"go run ./cmd/flipbench solve -set ffo20-39 -save",
		"go run ./cmd/flipbench train -eval-mae -save",
		"bench -solve ffo20-39   # whole solves per score_1 variant",
		"benchstat@latest -table /kernel -row /variant,/len,/size -col cpu-id",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	for _, old := range []string{"999", "99.50"} {
		if strings.Contains(md, old) {
			t.Errorf("an older run's results appear (%s)", old)
		}
	}
	if strings.Contains(md, "summary.svg") || strings.Contains(md, "different held-out") {
		t.Error("a summary chart without kernel results, or a wrong note")
	}
	if strings.Contains(md, "count_last_flip") {
		t.Error("count_last_flip in the report: -solve-kernel's default is score_1")
	}
	if t.Failed() {
		t.Log(md)
	}
}

// A corrupt solve file is named line by line and skipped; a newer file
// that is wholly unreadable does not hide the older run.
func TestReportSolverRunsCorrupt(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "runs"), dir)
	bad := filepath.Join(dir, "amd-ryzen-7-3700x", "2026-01-06T000000-solve-ffo1-3-eval-none.txt")
	garbage := "eval: none\n\x00\x01\x02 binary junk\nBenchmarkSolvePosition/set=ffo1-3/id=1 1 abc ns/op 5 nodes/op\nBenchmarkSolvePosition/set=ffo1-3/id=2 1\n"
	if err := os.WriteFile(bad, []byte(garbage), 0o644); err != nil {
		t.Fatal(err)
	}
	half := filepath.Join(dir, "intel-core-i7-4770", "2026-01-06T000000-solve-ffo1-3-eval-default.txt")
	data, err := os.ReadFile(filepath.Join(dir, "intel-core-i7-4770", "2026-01-04T010000-solve-ffo1-3-eval-default.txt"))
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, "BenchmarkSolvePosition/set=ffo1-3/id=4 1 1e6 ns/op 77777 nodes/op 14 empties 1 score 2 best-square\n"+
		"BenchmarkSolvePosition/set=ffo1-3/id=5 1 1e6 ns/op 7\nnot a result\n"...)
	if err := os.WriteFile(half, data, 0o644); err != nil {
		t.Fatal(err)
	}
	md, r, _ := generate(t, dir)
	for _, line := range []string{bad + ":2: ", bad + ":3: ", bad + ":4: ", half + ":24: ", half + ":25: "} {
		if !strings.Contains(md, line) {
			t.Errorf("report does not name %s", line)
		}
	}
	if len(r.Problems) != 5 {
		t.Errorf("problems %q", r.Problems)
	}
	for _, want := range []string{
		"| none | — | 3 | 720000 | 24.0 ms |",                                                     // the older AMD none run
		"**eval default (weights aaaabbbb)**, [2026-01-06T000000-solve-ffo1-3-eval-default.txt](", // intel's newest, readable lines
		"| 4 | 14 | +1 | c1 | 77777 | 1.00 ms | 77.8 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(md)
	}
}

// Whole solves of one kernel's variants from a binary built without the
// PGO profile (pgo: off) are their own rows beside the default build's.
func TestReportSolvePGORows(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "amd-zen4-f19-m11-s1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	head := "goos: linux\ngoarch: amd64\ncpu: AMD EPYC\ncpu-slug: amd-epyc\ncpu-id: amd-zen4-f19-m11-s1\nuarch: Zen 4\nx64level: v4\ngo: go1.26.8\ncommit: 0123456789ab\n"
	var pgo, off strings.Builder
	pgo.WriteString(head)
	off.WriteString(head + "pgo: off\n")
	for range 6 {
		pgo.WriteString("BenchmarkSolve/set=ffo20-39/kernel=bottom/variant=asm 1 3.0e+09 ns/op 101905511 nodes/op\n")
		off.WriteString("BenchmarkSolve/set=ffo20-39/kernel=bottom/variant=asm 1 3.5e+09 ns/op 101905511 nodes/op\n")
	}
	for name, s := range map[string]string{"2026-11-24T214413-solve-ffo20-39-bottom.txt": pgo.String(), "2026-11-24T214513-solve-ffo20-39-bottom.txt": off.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	md, _, _ := generate(t, filepath.Dir(dir))
	// a build without the PGO profile is a flavour of its own: a column
	for _, want := range []string{"**ffo20-39, per bottom variant**", " · PGO off |", "| asm | 3.000 s ±0% | 3.500 s ±0% |"} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(md)
	}
}

// Whole solves beside Edax-AVX (flipbench anchor's files): a table per
// set, a row per bottom and PGO setting, a column per machine; each cell
// flipbench's and Edax's median search times and the median of the
// per-run ratios with its interval; the newest import of each machine,
// set, bottom and PGO setting; never in the Solve table.
func TestReportEdaxVs(t *testing.T) {
	md, _ := generateClean(t, filepath.Join("testdata", "edax"), 2)
	amd := "AMD EPYC 9R14 (Zen 4)"
	intel := "Intel(R) Core(TM) i7-14700 (Raptor Lake)"
	for _, want := range []string{
		"## Whole solves beside Edax-AVX\n",
		"`../shared/anchors/edax-vs.sh`",
		"below 1, flipbench is faster",
		"mkdir -p tmp && ../shared/anchors/edax-vs.sh ffo20-39 | tee tmp/vs.txt\ngo run ./cmd/flipbench anchor tmp/vs.txt\n",
		"**ffo20-39**\n\n| bottom | " + amd + " | " + intel + " |",
		// the newest asm import: runs 3.634/2.839, 3.590/2.871, 3.702/2.802, ratios 1.280, 1.250, 1.321
		"| asm | 3.63 s / 2.84 s = **1.280** ±3% (edax-avx-x86-64-v4) | 2.70 s / 2.25 s = **1.200** ±0% (edax-avx-x86-64-v3) |",
		// 6 runs without the profile: ratios 1.40 .. 1.45
		"| asm (PGO off) | 3.99 s / 2.80 s = **1.425** ±2% (edax-avx-x86-64-v4) |  |",
		// ratios 1.25, 1.241, 1.321: the median of the ratios, not the ratio of the medians (3.6/2.8 = 1.286)
		"| gosimd | 3.60 s / 2.80 s = **1.250** ±6% (edax-avx-x86-64-v4) |  |",
		"> note: 3 runs: interval at 75.0%, not 95% (6 runs or more give it)",
		"- asm, " + amd + ": [2026-11-24T110000-edax-vs-ffo20-39-bottom-asm.txt](",
		"): 3 runs, hash 2^22, nodes 101905511 / 161812345, wall 4.03 s / 3.05 s, imported at commit 0123456789ab\n",
		"nodes 101905511 / 161812345–161812346, wall 3.90 s / 3.00 s, GOEXPERIMENT=simd,",
		"**ffo40-47**\n\n| bottom | " + intel + " |",
		"| asm | 14.0 s / 8.75 s = **1.600** ±0% (edax-avx-x86-64-v3) |",
		"hash 2^24",
		// the Solve table has the bench -solve runs alone
		"**ffo20-39, per bottom variant**\n\n| bottom | " + amd + " |\n|---|---:|\n| asm | **3.003 s ±0%** |\n| go | 3.303 s ±0% |\n\n",
		// the Reproduce footer
		"go run ./cmd/flipbench anchor tmp/vs.txt   # imports that transcript",
		"| " + amd + " | `amd-zen4-f19-m11-s1` | Zen 4 | v4 | go1.26.8 | — | 2026-11-24 09:00 – 13:00 UTC | `0123456789ab` | 4 used,",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	// the older asm import is replaced; the Edax results are in no other table
	for _, bad := range []string{"9.99", "3.568", "engine="} {
		if strings.Contains(md, bad) {
			t.Errorf("BENCHMARKS.md has %q", bad)
		}
	}
	if i, j := strings.Index(md, "## Whole solves\n"), strings.Index(md, "## Whole solves beside Edax-AVX"); i < 0 || j < i {
		t.Error("the Edax section is not after the whole solves")
	}
	if t.Failed() {
		t.Log(md)
	}
}
