package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/weights"
)

func TestTrainTinyAndEvalFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("trains")
	}
	dir := t.TempDir()
	out, dat := filepath.Join(dir, "w.fbw"), filepath.Join(dir, "eval.dat")
	code, o := runCLI(t, "train", "-games", "20", "-exact", "8", "-group", "4", "-depth", "4", "-iters", "10",
		"-o", out, "-edax-out", dat)
	if code != 0 || !strings.Contains(o, "wrote "+out) {
		t.Fatalf("train: exit %d\n%s", code, o)
	}
	for _, f := range []string{out, dat} {
		code, o = runCLI(t, "train", "-info", "-eval", f)
		if f == out && (code != 0 || !strings.Contains(o, "games=20")) {
			t.Fatalf("-info %s: exit %d %q", f, code, o)
		}
		code, o = runCLI(t, "train", "-eval-mae", "-eval", f, "-mae-n", "3", "-mae-min", "6", "-mae-max", "7")
		lines := strings.Split(strings.TrimSpace(o), "\n")
		if code != 0 || !strings.HasPrefix(strings.Join(strings.Fields(lines[len(lines)-1]), " "), "all 6 ") {
			t.Fatalf("-eval-mae %s: exit %d\n%s", f, code, o)
		}
	}
	// Both files hold the same weights.
	a, err := loadEval(out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := loadEval(dat)
	if err != nil {
		t.Fatal(err)
	}
	for p := range a.Plain {
		if !slices.Equal(a.Plain[p], b.Plain[p]) {
			t.Fatalf("ply %d differs between %s and %s", p, out, dat)
		}
	}
	if w, err := loadEval("none"); w != nil || err != nil {
		t.Fatalf("-eval none: %v %v", w, err)
	}
	if w, err := loadEval("default"); w == nil || err != nil {
		t.Fatalf("-eval default: %v", err)
	}
	bad := filepath.Join(dir, "bad.fbw")
	os.WriteFile(bad, []byte(weights.Magic+"garbage"), 0o644)
	if _, err := loadEval(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("bad file: %v", err)
	}
	if code, _ := runCLI(t, "train", "-eval-mae", "-eval", bad); code != 2 {
		t.Fatalf("bad file: exit %d", code)
	}
	if code, _ := runCLI(t, "train", "-eval-mae", "-eval", filepath.Join(dir, "missing")); code == 0 {
		t.Fatal("missing file accepted")
	}
	// -play takes -eval's specs; 'none' and a bad file are refused
	for _, spec := range []string{"none", bad, "random:x"} {
		if code, o := runCLI(t, "train", "-play", spec, "-games", "2", "-o", filepath.Join(dir, "p.fbw")); code != 2 {
			t.Fatalf("-play %s: exit %d\n%s", spec, code, o)
		}
	}
	// and its errors name -play, not -eval
	for _, spec := range []string{bad, "random:x"} {
		if _, err := loadWeightsFlag("-play", spec); err == nil || !strings.HasPrefix(err.Error(), "-play") {
			t.Fatalf("-play %s: %v", spec, err)
		}
	}
	if code, o := runCLI(t, "train", "-play", "random:3", "-play-depth", "2", "-games", "4", "-exact", "6", "-iters", "2", "-o", filepath.Join(dir, "p.fbw")); code != 0 {
		t.Fatalf("-play random:3 -play-depth 2: exit %d\n%s", code, o)
	}
	if code, o := runCLI(t, "train", "-play-depth", "2", "-games", "4", "-o", filepath.Join(dir, "p.fbw")); code != 2 {
		t.Fatalf("-play-depth without -play: exit %d\n%s", code, o)
	}
}

// -eval-mae -o: the error per empties count as results, printed as
// without -o.
func TestEvalMAEResults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mae.txt")
	code, o := runCLI(t, "train", "-eval-mae", "-eval", "none", "-mae-n", "2", "-mae-min", "6", "-mae-max", "7", "-o", path)
	if code != 0 || !strings.Contains(o, "    all          4  ") {
		t.Fatalf("exit %d\n%s", code, o)
	}
	ds, err := stats.ReadResults(path)
	if err != nil || len(ds.Problems) > 0 || len(ds.All()) != 2 {
		t.Fatalf("%v %+v", err, ds)
	}
	for i, r := range ds.All() {
		if got := string(r.Name.Full()); got != fmt.Sprintf("EvalMAE/empties=%d", 6+i) || r.Iters != 2 || r.GetConfig(resultsfile.KeyEval) != "none" {
			t.Errorf("%s x%d eval %q", got, r.Iters, r.GetConfig(resultsfile.KeyEval))
		}
		if len(r.Values) != 3 || r.Values[0].Unit != "discs" || r.Values[0].Value < 0 {
			t.Errorf("values %+v", r.Values)
		}
	}
	if code, _ := runCLI(t, "train", "-eval-mae", "-o", path+"2", "-save"); code != 2 {
		t.Errorf("-o and -save: exit %d", code)
	}
}

// -mae-depth: a search deeper than the game is exact; it is printed only,
// and needs weights.
func TestEvalMAEDepth(t *testing.T) {
	code, o := runCLI(t, "train", "-eval-mae", "-eval", "random", "-mae-depth", "8", "-mae-n", "2", "-mae-min", "6", "-mae-max", "7")
	if code != 0 || !strings.Contains(o, "    all          4   0.00  +0.00   0.00") {
		t.Fatalf("exit %d\n%s", code, o)
	}
	for _, args := range [][]string{
		{"-eval", "none", "-mae-depth", "2"},
		{"-mae-depth", "-1"},
		{"-mae-depth", "2", "-save"},
		{"-mae-depth", "2", "-o", filepath.Join(t.TempDir(), "mae.txt")},
	} {
		if code, _ := runCLI(t, append([]string{"train", "-eval-mae", "-mae-n", "1"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
