package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// kernelsFile is a session of flip per call on this machine's CPU: rounds
// of the variants at these times (ns), every round slowed alike by a
// burst of its own.
func kernelsFile(date string, rounds int, ns map[string]float64) string {
	var b strings.Builder
	id := variants.Host().ID()
	fmt.Fprintf(&b, "cpu: Test CPU\ncpu-id: %s\nuarch: Test\ndate: %s\ncommit: 0123456789abcdef\nschedule: rounds\ncount: %d\nbenchtime: 20ms\n", id, date, rounds)
	for r := 0; r < rounds; r++ {
		burst := 1 + 0.05*float64(r%4)
		for _, v := range []string{"reference", "kindergarten", "bitscan", "carry"} {
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=%s/form=call 1000000 %.4f ns/op\n", v, ns[v]*burst*(1+0.0005*float64(r%3)))
		}
	}
	return b.String()
}

// On a CPU results/ already has, the main job's report shows that run's
// winner, says the run replaces the committed one, and report, compare
// (README's command) and pick name the same fastest variant.
func TestOneAnswer(t *testing.T) {
	dir := t.TempDir()
	cpuDir := filepath.Join(dir, "results", variants.Host().ID())
	if err := os.MkdirAll(cpuDir, 0o755); err != nil {
		t.Fatal(err)
	}
	committed := map[string]float64{"reference": 60, "kindergarten": 5, "bitscan": 7, "carry": 8}
	mine := map[string]float64{"reference": 60, "kindergarten": 7, "bitscan": 5, "carry": 8}
	for name, text := range map[string]string{
		"2026-01-01T000000-kernels.txt": kernelsFile("2026-01-01T00:00:00Z", 20, committed),
		"2026-02-01T000000-kernels.txt": kernelsFile("2026-02-01T00:00:00Z", 20, mine),
	} {
		if err := os.WriteFile(filepath.Join(cpuDir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := filepath.Join(dir, "results")
	md := filepath.Join(dir, "BENCHMARKS.md")
	code, out := runCLI(t, "report", "-embedded=false", "-results", res, "-o", md, "-charts", filepath.Join(dir, "charts"))
	if code != 0 {
		t.Fatalf("report: exit %d\n%s", code, out)
	}
	data, _ := os.ReadFile(md)
	for _, want := range []string{"| flip | **bitscan** ", "this machine's newest run replaces 2026-01-01T000000-kernels.txt"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	code, out = runCLI(t, "compare", "-results", res, "-table", "/kernel", "-row", "/variant,/len,/size", "-col", resultsfile.KeyCPUID, "-filter", ".name:Kernel /form:call")
	if code != 0 || !strings.Contains(out, ": bitscan ") || strings.Contains(out, ": kindergarten ") {
		t.Errorf("compare: exit %d\n%s", code, out)
	}
	code, out = runCLI(t, "pick", "-n", "-results", res)
	if code != 0 {
		t.Fatalf("pick: exit %d\n%s", code, out)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "flip ") && !strings.Contains(l, " bitscan 5.") {
			t.Errorf("pick's flip line names another fastest: %s", l)
		}
	}
}
