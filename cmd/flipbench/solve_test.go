package main

import (
	"encoding/json"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/flipbench/flipbench/harness/regress"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

func TestSolveSet(t *testing.T) {
	code, out := runCLI(t, "solve", "-set", "ffo1-4", "-eval", "none")
	if code != 0 || !strings.Contains(out, "+18   g8") || !strings.Contains(out, "fingerprint ") || !strings.Contains(out, "Mnps") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestSolveJSON(t *testing.T) {
	code, out := runCLI(t, "solve", "-set", "ffo5-6", "-json")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var j struct {
		ID      string
		Board   string
		Side    string
		Empties int
		Score   int
		Best    string
		PV      []string
		Nodes   uint64
		NS      int64
	}
	if err := json.Unmarshal([]byte(lines[0]), &j); err != nil {
		t.Fatal(err)
	}
	if j.ID != "5" || j.Score != 32 || j.Best != "g8" || j.Empties != 14 || len(j.Board) != 64 || j.Side != "X" || j.Nodes == 0 || j.NS <= 0 || j.PV[0] != "g8" {
		t.Errorf("%+v", j)
	}
}

// -passes shows each position's root searches under its row, the
// exact one last with the position's score, and each level's share
// after the total; in -json, a "passes" list, absent without it.
func TestSolvePasses(t *testing.T) {
	code, out := runCLI(t, "solve", "-set", "ffo21-22", "-passes", "-hash", "18")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// ffo21 (+0, g5): its exact search ends the rows under it
	rows := strings.Split(out, "\n")
	at := slices.IndexFunc(rows, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "21 ") })
	end := slices.IndexFunc(rows, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "22 ") })
	if at < 0 || end < at+3 || !strings.Contains(rows[at+1], " sd ") ||
		!strings.HasPrefix(strings.TrimSpace(rows[end-1]), "exact") || !strings.Contains(rows[end-1], "+0   g5") {
		t.Errorf("ffo21's root searches:\n%s", out)
	}
	for _, want := range []string{"level  searches", "failed windows", "  exact  ", "2.00 sd"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	for _, passes := range []bool{false, true} {
		args := []string{"solve", "-set", "ffo21", "-json", "-hash", "18"}
		if passes {
			args = append(args, "-passes")
		}
		code, out := runCLI(t, args...)
		var j struct {
			Score  int
			Passes []struct {
				Level, Alpha, Beta, Score int
				Sigma                     float64
				Best                      string
				Nodes                     uint64
				NS                        int64
			}
		}
		if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil {
			t.Fatalf("exit %d, %v:\n%s", code, err, out)
		}
		if !passes {
			if j.Passes != nil {
				t.Errorf("passes without -passes: %s", out)
			}
			continue
		}
		last := j.Passes[len(j.Passes)-1]
		if len(j.Passes) < 2 || j.Passes[0].Level == 0 || j.Passes[0].Sigma == 0 || last.Level != 0 || last.Score != j.Score ||
			last.Best != "g5" || last.Nodes == 0 || last.NS <= 0 {
			t.Errorf("%s", out)
		}
	}
}

// Every variant set gives the same fingerprint.
func TestSolveFingerprintAcrossVariants(t *testing.T) {
	fp := func(spec string) string {
		args := []string{"solve", "-set", "ffo1-3", "-fingerprint"}
		if spec != "" {
			args = append(args, "-variants", spec)
		}
		code, out := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d:\n%s", spec, code, out)
		}
		return regress.Fingerprint(out)
	}
	want := fp("")
	if want == "" {
		t.Fatal("no fingerprint")
	}
	for _, k := range []variants.KernelInfo{variants.Flip, variants.CountLastFlip, variants.Score1, variants.Solve4, variants.MoveEvaluate} {
		for _, info := range k.Infos() {
			if !info.RunsOn(variants.Host()) || k.Cut(info.Name) != variants.Exact && k.Name() != "score_1" {
				continue
			}
			if got := fp(k.Name() + "=" + info.Name); got != want {
				t.Errorf("%s=%s: fingerprint %s, want %s", k.Name(), info.Name, got, want)
			}
		}
	}
}

// Every bottom this build and CPU offer gives the default's fingerprint;
// one it does not offer, or an unknown one, is a usage error.
func TestSolveBottoms(t *testing.T) {
	sel, err := selection("")
	if err != nil {
		t.Fatal(err)
	}
	_, out := runCLI(t, "solve", "-set", "ffo1-3", "-fingerprint")
	want := regress.Fingerprint(out)
	t.Logf("bottoms offered here: %v", sel.Choices(variants.Bottom))
	for _, b := range variants.BottomNames {
		code, out, errOut := runCLI2(t, "solve", "-set", "ffo1-3", "-fingerprint", "-bottom", b)
		switch _, err := sel.With("bottom=" + b); {
		case err != nil:
			if code != 2 || !strings.Contains(errOut, "bottom "+b+": ") {
				t.Errorf("-bottom %s, not offered here: exit %d, want 2 and why: %s", b, code, errOut)
			}
			// bench -solve ... -solve-kernel bottom -variant b says why too
			code, _, errOut = runCLI2(t, "bench", "-solve", "ffo1", "-solve-kernel", "bottom", "-variant", b, "-count", "1",
				"-o", filepath.Join(t.TempDir(), "r.txt"), "-progress", "off")
			if code != 2 || !strings.Contains(errOut, "bottom "+b+": ") {
				t.Errorf("bench -solve-kernel bottom -variant %s, not offered here: exit %d, want 2 and why: %s", b, code, errOut)
			}
		case code != 0 || regress.Fingerprint(out) != want:
			t.Errorf("-bottom %s: exit %d, fingerprint %q, want %q", b, code, regress.Fingerprint(out), want)
		}
	}
	if code, _, errOut := runCLI2(t, "solve", "-set", "ffo1", "-bottom", "nope"); code != 2 || !strings.Contains(errOut, `unknown bottom variant "nope"`) {
		t.Errorf("-bottom nope: exit %d, want 2 and the bottoms: %s", code, errOut)
	}
}

func TestSolveBoards(t *testing.T) {
	for _, c := range []struct {
		board, want string
	}{
		{strings.Repeat("X", 64) + " O", "   -64   --"},                            // full board, no empties
		{strings.Repeat("X", 60) + "---- X", "   +64   --"},                        // game over with empties
		{strings.Repeat("X", 32) + strings.Repeat("O", 31) + "- X", "   +14   h8"}, // one empty, X flips 6
		{"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", "   +18   g8"},
	} {
		code, out := runCLI(t, "solve", "-board", c.board)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, want %q in:\n%s", c.board, code, c.want, out)
		}
	}
}

func TestSolveBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "-set", "ffo0-3"}, {"solve", "-set", "nope"}, {"solve", "-board", "XO"},
		{"solve", "-board", "0x1 0x1"}, {"solve", "-hash", "60"}, {"solve", "-hash", "39"},
		{"solve", "-obf", "/nonexistent.obf"}, {"solve", "-set", "ffo1", "-board", "x"}, {"solve", "-count", "0"},
		{"solve", "-eval", "/nonexistent.dat"}, {"solve", "extra"},
		{"solve", "-board", ""}, {"solve", "-set", ""}, {"solve", "-obf", ""}, {"solve", "-board", " "},
	} {
		if code, out := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2:\n%s", args, code, out)
		}
	}
}

// A wrong known score in an OBF file is an error.
func TestSolveWrongScore(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.obf")
	bad := filepath.Join(dir, "bad.obf")
	line := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; "
	os.WriteFile(good, []byte(line+"H1:+12\n"), 0o644)
	os.WriteFile(bad, []byte(line[:len(line)-len("G8:+18; ")]+"G8:+16;\n"), 0o644)
	if code, out := runCLI(t, "solve", "-obf", good); code != 0 {
		t.Errorf("good: exit %d:\n%s", code, out)
	}
	if code, out := runCLI(t, "solve", "-obf", bad); code != 1 || !strings.Contains(out, "WRONG") {
		t.Errorf("bad: exit %d, want 1:\n%s", code, out)
	}
}

// -o writes one result per position and run with the machine's and the
// run's configuration; the table is printed as without it.
func TestSolveResultsFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.txt")
	code, out := runCLI(t, "solve", "-set", "ffo1-3", "-eval", "none", "-count", "2", "-o", path)
	if code != 0 || !strings.Contains(out, "+18   g8") || !strings.Contains(out, "run 2/2") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	ds, err := stats.ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Problems) > 0 || len(ds.All()) != 6 {
		t.Fatalf("%d results, problems %q", len(ds.All()), ds.Problems)
	}
	r := ds.All()[0]
	if got := string(r.Name.Full()); got != "SolvePosition/set=ffo1-3/id=1" || r.Iters != 1 {
		t.Errorf("first result %s x%d", got, r.Iters)
	}
	for k, want := range map[string]string{"eval": "none", "hash-bits": "auto", "cpu-slug": variants.Host().Slug(), "goos": "linux"} {
		if got := r.GetConfig(k); got != want {
			t.Errorf("config %s: %q, want %q", k, got, want)
		}
	}
	if v := r.GetConfig(resultsfile.KeyVariants); !strings.Contains(v, "score_1=") || !strings.Contains(v, "flip=") {
		t.Errorf("config variants %q", v)
	}
	want := map[string]float64{"empties": 14, "score": 18, "best-square": 62} // g8
	for _, v := range r.Values {
		if w, ok := want[v.Unit]; ok && v.Value != w {
			t.Errorf("%s = %v, want %v", v.Unit, v.Value, w)
		}
		delete(want, v.Unit)
		if (v.Unit == "sec/op" || v.Unit == "nodes/op") && v.Value <= 0 {
			t.Errorf("%s = %v", v.Unit, v.Value)
		}
	}
	if len(want) > 0 || len(r.Values) != 5 {
		t.Errorf("values %+v", r.Values)
	}
	if u := ds.Units.Get("nodes/op", "assume"); u == nil || u.Value != "exact" {
		t.Errorf("nodes/op is not marked exact: %+v", u)
	}
	// the file exists: an error before any solve; -o with -save: usage
	if code, _ := runCLI(t, "solve", "-set", "ffo1", "-o", path); code != 2 {
		t.Errorf("existing file: exit %d", code)
	}
	if code, _ := runCLI(t, "solve", "-set", "ffo1", "-o", path+"2", "-save"); code != 2 {
		t.Errorf("-o and -save: exit %d", code)
	}
}

// -save names the file by set and evaluation under results/<cpu>/; a
// -board position is named by a hash of the board.
func TestSolveSave(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if code, out := runCLI(t, "solve", "-set", "ffo1-2", "-save"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	board := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
	if code, out := runCLI(t, "solve", "-board", board, "-eval", "none", "-save"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for pattern, name := range map[string]string{
		"*-solve-ffo1-2-eval-default.txt": "SolvePosition/set=ffo1-2/id=1",
		"*-solve-board-eval-none.txt":     "SolvePosition/set=board/board=",
	} {
		files, _ := filepath.Glob(filepath.Join(dir, "results", variants.Host().ID(), pattern))
		if len(files) != 1 {
			t.Fatalf("%s: %q", pattern, files)
		}
		ds, err := stats.ReadResults(files[0])
		if err != nil || len(ds.All()) == 0 || !strings.HasPrefix(string(ds.All()[0].Name.Full()), name) {
			t.Fatalf("%s: %v %v", files[0], err, ds)
		}
		if e := ds.All()[0].GetConfig(resultsfile.KeyEval); !strings.Contains(pattern, "-eval-"+e+".") {
			t.Errorf("%s: eval %q", files[0], e)
		}
		if strings.Contains(pattern, "default") && !strings.HasPrefix(ds.All()[0].GetConfig(resultsfile.KeyEvalChecksum), "sha256:") {
			t.Errorf("%s: no weights checksum", files[0])
		}
	}
}

// Ctrl-C: the positions solved are in the file, which is in place.
func TestSolveInterruptKeepsResults(t *testing.T) {
	if testing.Short() {
		t.Skip("solves")
	}
	if !canInterruptSelf {
		t.Skip("no SIGINT to send to oneself on " + runtime.GOOS)
	}
	// a late signal must not kill the test binary
	guard := make(chan os.Signal, 4)
	signal.Notify(guard, os.Interrupt)
	defer signal.Stop(guard)
	path := filepath.Join(t.TempDir(), "s.txt")
	go func() {
		for i := 0; i < 2000; i++ {
			data, err := os.ReadFile(path + ".partial")
			if err != nil && i > 100 {
				return // finished (or never started): no signal
			}
			if strings.Contains(string(data), "BenchmarkSolvePosition") {
				interruptSelf()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	code, out := runCLI(t, "solve", "-set", "ffo20-39", "-eval", "none", "-o", path)
	ds, err := stats.ReadResults(path)
	if err != nil {
		t.Fatalf("exit %d, no file: %v\n%s", code, err, out)
	}
	if code != 130 || len(ds.All()) == 0 || len(ds.All()) >= 20 {
		t.Fatalf("exit %d, %d results\n%s", code, len(ds.All()), out)
	}
	if _, err := os.Stat(path + ".partial"); err == nil {
		t.Error("the .partial file stays")
	}
}
