package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/cases"
)

// runCLI runs flipbench with args and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	saved := stdout
	stdout = &buf
	defer func() { stdout = saved }()
	code := run(args)
	return code, buf.String()
}

func TestHelpListsCommands(t *testing.T) {
	code, out := runCLI(t, "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, c := range []string{"cpu", "check", "perft", "show"} {
		if !strings.Contains(out, "  "+c+" ") {
			t.Errorf("help does not list %s:\n%s", c, out)
		}
	}
}

func TestPerft(t *testing.T) {
	code, out := runCLI(t, "perft", "9")
	if code != 0 || !strings.Contains(out, "perft 9: 3005288\n") || !strings.Contains(out, "moves=") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCheckLastLine(t *testing.T) {
	code, out := runCLI(t, "check", "-kernel", "flip", "-n", "1000")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || !strings.HasSuffix(lines[len(lines)-1], " passed, 0 failed") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCPUListsVariants(t *testing.T) {
	code, out := runCLI(t, "cpu")
	if code != 0 || !strings.Contains(out, "KERNEL") || !strings.Contains(out, "count_last_flip") || !strings.Contains(out, "x86-64:") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"perft"}, {"perft", "x"}, {"check", "-kernel", "nope"}, {"check", "-variant", "nope"},
		{"cpu", "-variants", "flip=nope"}, {"show", strings.Repeat("-", 63) + " X"},
		{"show", strings.Repeat("-", 64) + " Q"}, {"show", "0x1", "0x1"}, {"nosuchcommand"},
	} {
		if code, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestShow(t *testing.T) {
	code, out := runCLI(t, "show", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	if code != 0 || !strings.Contains(out, "g8 flips  2") || !strings.Contains(out, "hash_code") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCases(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flip.cases")
	code, out := runCLI(t, "cases", "-kernel", "moves", "-n", "500", "-o", path)
	if code != 0 || !strings.Contains(out, "500 moves cases (check set, seed 1) written to ") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	f, err := cases.ReadFile(path)
	if err != nil || f.Kernel != "moves" || f.Set != cases.SetCheck || len(f.Records) != 500 {
		t.Fatalf("read back: %v", err)
	}
	if code, _ := runCLI(t, "cases", "-kernel", "moves", "-set", "bench", "-o", path); code != 0 {
		t.Fatalf("bench set: exit %d", code)
	}
	if f, err := cases.ReadFile(path); err != nil || f.Kernel != "moves" || len(f.Records) != 4096 {
		t.Fatalf("read back: %v", err)
	}
	for _, args := range [][]string{
		{"cases", "-kernel", "nosuch", "-o", path}, {"cases", "-kernel", "solve_2", "-o", path},
		{"cases", "-o", path}, {"cases", "-kernel", "flip"}, {"cases", "-kernel", "flip", "-set", "all", "-o", path},
		{"cases", "-kernel", "flip", "-n", "0", "-o", path}, {"cases", "-kernel", "flip", "-o", path, "extra"},
	} {
		if code, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _ := runCLI(t, "cases", "-kernel", "flip", "-n", "10", "-o", filepath.Join(path, "sub", "x.cases")); code != 1 {
		t.Errorf("unwritable -o: exit %d, want 1", code)
	}
}
