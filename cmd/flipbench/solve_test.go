package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness"
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

// Every variant set gives the same fingerprint.
func TestSolveFingerprintAcrossVariants(t *testing.T) {
	fp := func(spec string) string {
		args := []string{"solve", "-set", "ffo1-3", "-fingerprint"}
		if spec != "" {
			args = append(args, "-variants", spec)
		}
		code, out := runCLI(t, args...)
		variants.ResetSelection()
		if code != 0 {
			t.Fatalf("%s: exit %d:\n%s", spec, code, out)
		}
		return fingerprintOf(out)
	}
	want := fp("")
	if want == "" {
		t.Fatal("no fingerprint")
	}
	for _, k := range []variants.KernelInfo{variants.Flip, variants.CountLastFlip, variants.Score1, variants.Solve4, variants.MoveEvaluate} {
		for _, info := range k.Infos() {
			if !info.Runnable() || info.Bound && k.Name() != "score_1" {
				continue
			}
			if got := fp(k.Name() + "=" + info.Name); got != want {
				t.Errorf("%s=%s: fingerprint %s, want %s", k.Name(), info.Name, got, want)
			}
		}
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

// The solver is plugged into the harness: flipbench bench -solve works.
func TestSolverRegistered(t *testing.T) {
	if !harness.HasSolver() {
		t.Fatal("no solver registered with the harness")
	}
	st, err := benchSolve("ffo1-2")
	if err != nil || st.Positions != 2 || st.Nodes == 0 {
		t.Fatalf("%+v %v", st, err)
	}
}
