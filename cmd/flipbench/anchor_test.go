package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/harness/store/storetest"
	"github.com/flipbench/flipbench/variants"
)

// sampleVs is a transcript of edax-vs.sh (made up, with the kit's
// figures on Zen 4): 3 runs, per-run ratios 1.280, 1.250, 1.321.
const sampleVs = "testdata/edax-vs-ffo20-39.txt"

func readSample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(sampleVs)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestParseAnchor(t *testing.T) {
	good := readSample(t)
	tr, err := parseAnchor("vs.txt", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if tr.set != "ffo20-39" || tr.setArg != "ffo20-39" || tr.edax != "edax-avx-x86-64-v4" || tr.hashBits != 22 || len(tr.runs) != 3 {
		t.Fatalf("%+v", tr)
	}
	if u := tr.runs[1]; u.fb.wall != 3.981 || u.fb.search != 3.590 || u.fb.nodes != 101905511 ||
		u.edax.wall != 3.102 || u.edax.search != 2.871 || u.edax.nodes != 161812345 {
		t.Errorf("run 2: %+v", u)
	}
	if !tr.sameNodes() {
		t.Error("the nodes are the same every run")
	}
	// go build's messages, blank lines and CRLF line ends are ignored; an
	// OBF file names the set by its base name
	noisy := "go: downloading golang.org/x/sys v0.1.0\n\n" +
		strings.ReplaceAll(strings.Replace(good, "ffo20-39 vs", "solver/sets/heldout-20-24.obf vs", 1), "\n", "\r\n") + "\n"
	if tr, err := parseAnchor("vs.txt", []byte(noisy)); err != nil || tr.set != "heldout-20-24" || len(tr.runs) != 3 {
		t.Errorf("noisy: %v %+v", err, tr)
	}
	for arg, want := range map[string]string{"ffo40-47": "ffo40-47", "/tmp/my set/x y.obf": "x_y", `C:\sets\a=b.obf`: "a_b", "sets/.obf": ".obf", "sets/": "_"} {
		if got := anchorSetName(arg); got != want {
			t.Errorf("anchorSetName(%q) = %q, want %q", arg, got, want)
		}
	}
	// an Edax binary with an unusual name is made safe
	odd := strings.Replace(good, "vs edax-avx-x86-64-v4,", "vs edax 4.6/x,", 1)
	if tr, err := parseAnchor("vs.txt", []byte(odd)); err != nil || tr.edax != "edax_4.6_x" {
		t.Errorf("odd Edax name: %v %+v", err, tr)
	}
	// one run is a transcript too (edax-vs.sh -n 1)
	one := "run 1: flipbench 1.000 s wall, 0.900 s search (5 nodes)   edax 1.000 s wall, 0.800 s search (6 nodes)\n" +
		"ffo1-19 vs edax-avx-x86-64-v3, hash 2^18, medians of 1: wall 1.000 / 1.000 s = 1.000; search only 0.900 / 0.800 s = 1.125 (flipbench / edax)\n"
	if tr, err := parseAnchor("vs.txt", []byte(one)); err != nil || len(tr.runs) != 1 || tr.hashBits != 18 {
		t.Errorf("one run: %v %+v", err, tr)
	}
	// an even number of runs: the median is the mean of the middle two,
	// which the summary rounds from unrounded times
	two := "run 1: flipbench 1.0004 s wall, 0.901 s search (5 nodes)   edax 1.000 s wall, 0.800 s search (6 nodes)\n" +
		"run 2: flipbench 1.0004 s wall, 0.902 s search (5 nodes)   edax 1.000 s wall, 0.800 s search (7 nodes)\n" +
		"ffo1-19 vs edax-avx-x86-64-v3, hash 2^18, medians of 2: wall 1.001 / 1.000 s = 1.001; search only 0.902 / 0.800 s = 1.127 (flipbench / edax)\n"
	if tr, err := parseAnchor("vs.txt", []byte(two)); err != nil || len(tr.runs) != 2 || tr.sameNodes() {
		t.Errorf("two runs: %v %+v", err, tr)
	}
}

// Every malformed transcript is refused with its file:line and what is
// wrong.
func TestParseAnchorBad(t *testing.T) {
	good := readSample(t)
	lines := strings.SplitAfter(good, "\n")
	run1, run2, run3, sum := lines[0], lines[1], lines[2], lines[3]
	for _, c := range []struct {
		name, text, want string
	}{
		{"empty", "", "vs.txt: no run line and no summary line"},
		{"noise only", "go: building\nhello\n", "vs.txt: no run line and no summary line"},
		{"no summary", run1 + run2 + run3, "vs.txt: no summary line after the 3 run lines"},
		{"summary only", sum, "vs.txt:1: the summary says medians of 3, but the transcript has 0 run lines"},
		{"too few runs", run1 + run2 + sum, "vs.txt:3: the summary says medians of 3, but the transcript has 2 run lines"},
		{"too many runs", run1 + run2 + run3 + strings.Replace(run3, "run 3", "run 4", 1) + sum, "vs.txt:5: the summary says medians of 3, but the transcript has 4 run lines"},
		{"runs out of order", run1 + run3 + run2 + sum, "vs.txt:2: run 3 where run 2 was expected"},
		{"run 0", strings.Replace(run1, "run 1", "run 0", 1) + sum, "vs.txt:1: run 0 where run 1 was expected"},
		{"two transcripts", good + good, "vs.txt:5: a run line after the summary line (line 4)"},
		{"second summary", good + sum, "vs.txt:5: a second summary line (the first is line 4)"},
		{"cut run line", run1 + "run 2: flipbench 3.981 s wall, 3.590 s search\n" + run3 + sum, `vs.txt:2: not a run line of edax-vs.sh: "run 2: flipbench 3.981 s wall, 3.590 s search"`},
		{"run without colon", run1 + strings.Replace(run2, "run 2:", "run 2", 1) + run3 + sum, "vs.txt:2: not a run line of edax-vs.sh"},
		{"bad time", strings.Replace(run1, "3.634 s search", "3.6x4 s search", 1) + run2 + run3 + sum, `vs.txt:1: run 1: flipbench's search time "3.6x4": not a number`},
		{"zero time", run1 + strings.Replace(run2, "edax 3.102 s wall", "edax 0.000 s wall", 1) + run3 + sum, `vs.txt:2: run 2: Edax's wall time "0.000": a time must be positive`},
		{"negative time", run1 + run2 + strings.Replace(run3, "2.802 s search", "-2.802 s search", 1) + sum, `vs.txt:3: run 3: Edax's search time "-2.802": a time must be positive`},
		{"NaN time", strings.Replace(run1, "4.032 s wall", "NaN s wall", 1) + run2 + run3 + sum, `vs.txt:1: run 1: flipbench's wall time "NaN": not a finite number`},
		{"no nodes", strings.Replace(run1, "(101905511 nodes)", "( nodes)", 1) + run2 + run3 + sum, `vs.txt:1: run 1: flipbench's node count "": missing`},
		{"bad nodes", run1 + strings.Replace(run2, "161812345 nodes", "16181e345 nodes", 1) + run3 + sum, `vs.txt:2: run 2: Edax's node count "16181e345": not a node count`},
		{"zero nodes", run1 + run2 + strings.Replace(run3, "101905511 nodes", "0 nodes", 1) + sum, `vs.txt:3: run 3: flipbench's node count "0": a node count must be positive`},
		{"bad summary", run1 + run2 + run3 + strings.Replace(sum, "medians of 3", "medians of three", 1), "vs.txt:4: not the summary line of edax-vs.sh"},
		{"medians of 0", strings.Replace(sum, "medians of 3", "medians of 0", 1), "vs.txt:1: medians of 0: want a number of runs"},
		{"hash", run1 + run2 + run3 + strings.Replace(sum, "2^22", "2^99", 1), "vs.txt:4: hash 2^99: want 2^2 .. 2^"},
		{"bad median", run1 + run2 + run3 + strings.Replace(sum, "wall 4.032 / 3.048", "wall 4.032 / x", 1), `vs.txt:4: median "x": not a number`},
		{"spliced", run1 + run2 + run3 + strings.Replace(sum, "search only 3.634", "search only 3.590", 1), "vs.txt:4: the summary's median flipbench's search time, 3.590 s, is not the median of the run lines' (3.634 s)"},
		{"long set", run1 + run2 + run3 + strings.Replace(sum, "ffo20-39", strings.Repeat("s", 100), 1), "vs.txt:4: the set's name"},
	} {
		_, err := parseAnchor("vs.txt", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// A file bigger than a transcript can be is refused, named, unread.
func TestReadAnchorHuge(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.txt")
	data := []byte(readSample(t))
	for len(data) <= anchorMaxBytes {
		data = append(data, "go: noise noise noise noise noise noise noise noise noise noise noise\n"...)
	}
	if err := os.WriteFile(huge, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readAnchor(huge); err == nil || !strings.Contains(err.Error(), huge+": more than 4 MiB") {
		t.Errorf("huge: %v", err)
	}
	if _, err := readAnchor(dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory: %v", err)
	}
	if tr, err := readAnchor(sampleVs); err != nil || len(tr.runs) != 3 {
		t.Errorf("sample: %v", err)
	}
}

// anchor writes results/<cpu-id>/<date>-edax-vs-<set>-bottom-<b>[-pgo-off].txt:
// a pair of results per run, the build lines as declared, no key twice.
func TestAnchorCommand(t *testing.T) {
	sample, err := filepath.Abs(sampleVs)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errOut := runCLI2(t, "anchor", "-bottom", "gosimd", "-pgo", "off", "-goexperiment", "simd", sample)
	if code != 0 || !strings.Contains(out, "ffo20-39 vs edax-avx-x86-64-v4, bottom gosimd, PGO off, GOEXPERIMENT=simd, hash 2^22: 3 runs, search 3.634 / 2.839 s, flipbench / Edax 1.280") ||
		!strings.Contains(out, "6 results in results") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "results", variants.Host().ID(), "*-edax-vs-ffo20-39-bottom-gosimd-pgo-off.txt"))
	if len(files) != 1 {
		t.Fatalf("files %q", files)
	}
	ds, err := stats.ReadResults(files[0])
	if err != nil || len(ds.Problems) > 0 || len(ds.All()) != 6 {
		t.Fatalf("%v: problems %q, %d results", err, ds.Problems, len(ds.All()))
	}
	for i, r := range ds.All() {
		engine := []string{"flipbench", "edax"}[i%2]
		if got := string(r.Name.Full()); got != "EdaxVs/set=ffo20-39/bottom=gosimd/engine="+engine || r.Iters != 1 {
			t.Errorf("result %d: %s x%d", i, got, r.Iters)
		}
	}
	r := ds.All()[2] // run 2, flipbench
	for k, want := range map[string]string{resultsfile.KeyPGO: "off", resultsfile.KeyGOEXPERIMENT: "simd", resultsfile.KeyEdax: "edax-avx-x86-64-v4", resultsfile.KeyHashBits: "22",
		resultsfile.KeySource: "edax-vs.sh", resultsfile.KeyCPUID: variants.Host().ID(), "bottom": ""} {
		if got := r.GetConfig(k); got != want {
			t.Errorf("config %s: %q, want %q", k, got, want)
		}
	}
	want := map[string]float64{"sec/op": 3.590, "wall-sec/op": 3.981, "nodes/op": 101905511}
	for _, v := range r.Values {
		if w, ok := want[v.Unit]; !ok || math.Abs(v.Value-w) > 1e-9*w {
			t.Errorf("%s = %v, want %v", v.Unit, v.Value, w)
		}
		delete(want, v.Unit)
	}
	if len(want) > 0 {
		t.Errorf("values %+v", r.Values)
	}
	if u := ds.Units.Get("nodes/op", "assume"); u == nil || u.Value != "exact" {
		t.Errorf("nodes/op is not marked exact: %+v", u)
	}
	// no configuration key twice (a perfdata server refuses that), none a
	// key of the name either
	data, _ := os.ReadFile(files[0])
	seen := map[string]bool{"set": true, "bottom": true, "engine": true, "name": true}
	for _, line := range strings.Split(string(data), "\n") {
		if k, _, ok := strings.Cut(line, ": "); ok && !strings.Contains(k, " ") {
			if seen[k] {
				t.Errorf("key %s twice", k)
			}
			seen[k] = true
		}
	}

	// the default build lines are this binary's; -pgo on and an empty
	// -goexperiment leave the lines out; -o names the file
	own := filepath.Join(dir, "own.txt")
	if code, out, errOut := runCLI2(t, "anchor", "-o", own, sample); code != 0 {
		t.Fatalf("defaults: exit %d:\n%s%s", code, out, errOut)
	}
	ds, _ = stats.ReadResults(own)
	if pgo := ds.All()[0].GetConfig(resultsfile.KeyPGO); (pgo == "off") == bench.BuildPGO() || ds.All()[0].GetConfig(resultsfile.KeyGOEXPERIMENT) != bench.BuildGOEXPERIMENT() ||
		!strings.Contains(string(ds.All()[0].Name.Full()), "/bottom=asm/") {
		t.Errorf("defaults: pgo %q goexperiment %q name %s", pgo, ds.All()[0].GetConfig(resultsfile.KeyGOEXPERIMENT), ds.All()[0].Name.Full())
	}
	on := filepath.Join(dir, "on.txt")
	if code, _, errOut := runCLI2(t, "anchor", "-pgo", "on", "-goexperiment=", "-bottom", "go", "-o", on, sample); code != 0 {
		t.Fatalf("-pgo on: exit %d: %s", code, errOut)
	}
	ds, _ = stats.ReadResults(on)
	if r := ds.All()[0]; r.GetConfig(resultsfile.KeyPGO) != "" || r.GetConfig(resultsfile.KeyGOEXPERIMENT) != "" {
		t.Errorf("-pgo on -goexperiment=: pgo %q goexperiment %q", r.GetConfig(resultsfile.KeyPGO), r.GetConfig(resultsfile.KeyGOEXPERIMENT))
	}
	// an existing -o file is not overwritten
	if code, _, errOut := runCLI2(t, "anchor", "-o", on, sample); code != 2 || !strings.Contains(errOut, "exists already") {
		t.Errorf("existing -o: exit %d: %s", code, errOut)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "results", "*", "*.txt")); len(files) != 1 {
		t.Errorf("files left: %q", files)
	}
}

// Bad flags and bad transcripts: exit 2, a message saying why, no file.
func TestAnchorBadInput(t *testing.T) {
	sample, err := filepath.Abs(sampleVs)
	if err != nil {
		t.Fatal(err)
	}
	good := readSample(t)
	dir := t.TempDir()
	t.Chdir(dir)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte(strings.Replace(good, "run 2:", "run 5:", 1)), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"anchor"}, "anchor: name the saved transcript"},
		{[]string{"anchor", sample, sample}, "unexpected argument"},
		{[]string{"anchor", "-bottom", "simd", sample}, `-bottom "simd": want asm, asm-calls, gosimd, go`},
		{[]string{"anchor", "-pgo", "auto", sample}, `-pgo "auto": want on or off`},
		{[]string{"anchor", "-goexperiment", "simd\nx", sample}, "-goexperiment"},
		{[]string{"anchor", "-goexperiment", "SIMD", sample}, "-goexperiment"},
		{[]string{"anchor", "-bottom", "gosimd", "-goexperiment=", sample}, "-bottom gosimd: flipbench has the gosimd bottoms only when built with GOEXPERIMENT=simd"},
		{[]string{"anchor", "-bottom", "gosimd", "-goexperiment", "nosimd", sample}, "-bottom gosimd"},
		{[]string{"anchor", filepath.Join(dir, "missing.txt")}, "missing.txt"},
		{[]string{"anchor", bad}, bad + ":2: run 5 where run 2 was expected"},
	} {
		code, _, errOut := runCLI2(t, c.args...)
		if code != 2 || !strings.Contains(errOut, "flipbench: anchor: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, want 2 and %q:\n%s", c.args, code, c.want, errOut)
		}
	}
	if code, _, errOut := runCLI2(t, "anchor", "-bottom", "gosimd", "-goexperiment", "greenteagc,simd", "-o", filepath.Join(dir, "ok.txt"), sample); code != 0 {
		t.Errorf("simd among experiments: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "results")); err == nil {
		t.Error("a bad import wrote under results/")
	}
}

// anchor's files go to a perfdata server (no label twice) and come back:
// report -server shows the Edax table as report on the files does.
func TestAnchorServerReport(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a server and two reports")
	}
	srv := storetest.New(t, storetest.Options{})
	sample, err := filepath.Abs(sampleVs)
	if err != nil {
		t.Fatal(err)
	}
	res := filepath.Join(t.TempDir(), "results")
	dir := filepath.Join(res, variants.Host().ID())
	var files []string
	for _, c := range []struct{ pgo, name string }{
		{"on", "2026-11-24T000000-edax-vs-ffo20-39-bottom-asm.txt"},
		{"off", "2026-11-24T000001-edax-vs-ffo20-39-bottom-asm-pgo-off.txt"},
	} {
		f := filepath.Join(dir, c.name)
		if code, out, errOut := runCLI2(t, "anchor", "-pgo", c.pgo, "-o", f, sample); code != 0 {
			t.Fatalf("anchor -pgo %s: exit %d\n%s%s", c.pgo, code, out, errOut)
		}
		files = append(files, f)
	}
	if code, out, errOut := runCLI2(t, append([]string{"upload", "-server", srv.URL}, files...)...); code != 0 {
		t.Fatalf("upload: exit %d\n%s%s", code, out, errOut)
	}
	local, remote := t.TempDir(), t.TempDir()
	if code, out, errOut := runCLI2(t, "report", "-results", res, "-embedded=false", "-o", filepath.Join(local, "B.md"), "-charts", filepath.Join(local, "charts")); code != 0 {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI2(t, "report", "-server", srv.URL, "-o", filepath.Join(remote, "B.md"), "-charts", filepath.Join(remote, "charts")); code != 0 {
		t.Fatalf("report -server: exit %d\n%s%s", code, out, errOut)
	}
	a, _ := os.ReadFile(filepath.Join(local, "B.md"))
	b, _ := os.ReadFile(filepath.Join(remote, "B.md"))
	la, lb := linkTarget.ReplaceAllString(string(a), "]()"), linkTarget.ReplaceAllString(string(b), "]()")
	if la != lb {
		t.Errorf("report -server differs from report on the results directory:\n%s", firstDiff(la, lb))
	}
	for _, want := range []string{"## Whole solves beside Edax-AVX", "| asm | 3.63 s / 2.84 s = **1.280** ±3% (edax-avx-x86-64-v4) |", "| asm (PGO off) | 3.63 s / 2.84 s = **1.280**"} {
		if !strings.Contains(lb, want) {
			t.Errorf("report -server lacks %q:\n%s", want, lb)
		}
	}
}

// FuzzParseAnchor: any input is parsed or refused with an error, never a
// panic; a parsed transcript has runs, each with positive finite times,
// a set name safe for a file name, and exactly as many runs as its
// summary's medians say.
func FuzzParseAnchor(f *testing.F) {
	data, err := os.ReadFile(sampleVs)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("run 1: flipbench 1 s wall, 1 s search (1 nodes)   edax 1 s wall, 1 s search (1 nodes)\n" +
		"x vs e, hash 2^20, medians of 1: wall 1 / 1 s = 1; search only 1 / 1 s = 1 (flipbench / edax)\n"))
	f.Add([]byte("run 1: flipbench NaN s wall, -1 s search ( nodes)   edax 1e309 s wall, 0 s search (1 nodes)\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := parseAnchor("fuzz.txt", data)
		if err != nil {
			return
		}
		if len(tr.runs) == 0 {
			t.Fatal("a transcript without runs was accepted")
		}
		if tr.set == "" || strings.ContainsAny(tr.set, "/\\ \n") || strings.ContainsAny(tr.edax, "/\\ \n") {
			t.Fatalf("unsafe names: set %q, edax %q", tr.set, tr.edax)
		}
		for i, u := range tr.runs {
			for _, v := range []float64{u.fb.wall, u.fb.search, u.edax.wall, u.edax.search} {
				if !(v > 0) || math.IsInf(v, 0) {
					t.Fatalf("run %d: time %v accepted", i+1, v)
				}
			}
		}
	})
}
