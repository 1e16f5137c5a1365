package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// weights writes any -eval as an Edax eval.dat and in flipbench's format;
// both read back to the same values (the same checksum).
func TestWeightsExport(t *testing.T) {
	dir := t.TempDir()
	dat, fbw := filepath.Join(dir, "w.dat"), filepath.Join(dir, "w.fbw")
	code, text := runCLI(t, "weights", "-eval", "random:5", "-edax-out", dat, "-o", fbw)
	if code != 0 || !strings.Contains(text, "wrote "+dat) {
		t.Fatalf("exit %d:\n%s", code, text)
	}
	sum := func(text string) string {
		_, rest, _ := strings.Cut(text, "sha256:")
		s, _, _ := strings.Cut(rest, " ")
		return s
	}
	want := sum(text)
	for _, f := range []string{dat, fbw} {
		code, got := runCLI(t, "weights", "-eval", f)
		if code != 0 || sum(got) != want || want == "" {
			t.Errorf("%s read back: exit %d, checksum %q, want %q\n%s", f, code, sum(got), want, got)
		}
	}
	for _, bad := range [][]string{{"weights", "-eval", "none"}, {"weights", "-eval", filepath.Join(dir, "missing")}, {"weights", "extra"}} {
		if code, text := runCLI(t, bad...); code == 0 {
			t.Errorf("%v: exit %d, want an error:\n%s", bad, code, text)
		}
	}
}
