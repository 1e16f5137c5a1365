package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pgo writes a CPU profile (gzip-compressed protobuf, what go build's
// -pgo reads) atomically, never solves the heldout set, and stops at
// -max-time with the profile of what ran.
func TestPGO(t *testing.T) {
	out := filepath.Join(t.TempDir(), "default.pgo")
	isProfile := func() {
		t.Helper()
		b, err := os.ReadFile(out)
		if err != nil || !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Fatalf("%s: %v, %d bytes, not a gzip'ed profile", out, err, len(b))
		}
	}
	code, msg, errOut := runCLI2(t, "pgo", "-o", out, "-sets", "ffo20-20", "-bottoms", "go", "-benchtime", "200us")
	if code != 0 || !strings.Contains(msg, ": 1 of 1 solves (ffo20-20, each position on go), kernel bench ") {
		t.Fatalf("exit %d: %s%s", code, msg, errOut)
	}
	isProfile()
	if err := os.Remove(out); err != nil {
		t.Fatal(err)
	}

	// the time limit: the tune set takes minutes on one bottom
	start := time.Now()
	code, msg, errOut = runCLI2(t, "pgo", "-o", out, "-sets", "tune", "-no-bench", "-max-time", "300ms")
	if took := time.Since(start); code != 0 || took > 30*time.Second || !strings.Contains(errOut, "-max-time 300ms reached") ||
		!strings.Contains(msg, "no kernel bench") {
		t.Fatalf("-max-time 300ms: exit %d after %v: %s%s", code, took, msg, errOut)
	}
	isProfile()
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("left beside the profile: %v", entries)
	}

	for _, args := range [][]string{
		{"pgo", "-o", out, "-sets", "ffo20-20,heldout"}, {"pgo", "-o", out, "-sets", "nope"},
		{"pgo", "-o", out, "-bottoms", "nope"}, {"pgo", "extra"}, {"pgo", "-o", out, "-max-time", "0"},
		{"pgo", "-o", out, "-benchtime", "0"},
	} {
		if code, msg, errOut := runCLI2(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s%s", args, code, msg, errOut)
		}
	}
	// the default -o is relative to the repository root
	if code, _, errOut := runCLI2(t, "pgo", "-sets", "ffo20-20", "-no-bench"); code != 2 || !strings.Contains(errOut, "repository root") {
		t.Errorf("pgo outside the repository root: exit %d: %s", code, errOut)
	}
}
