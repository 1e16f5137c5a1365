package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// TestMain lets a test run this binary as flipbench itself
// (FLIPBENCH_TEST_MAIN=1 flipbench.test ARGS...), under a shell's limits.
func TestMain(m *testing.M) {
	// the suite runs under qemu too (.ci/run), and so do the commands
	// it starts: bench's refusal there has a test of its own
	// (TestBenchRefusesEmulation)
	hostCPUInfo = func() string { return "" }
	// (the fuzzing engine's workers, this binary with -test. flags, are
	// tests)
	if os.Getenv("FLIPBENCH_TEST_MAIN") == "1" && (len(os.Args) < 2 || !strings.HasPrefix(os.Args[1], "-test.")) {
		os.Exit(run(os.Args[1:]))
	}
	// the processes a test's bench starts (its servers, os.Executable:
	// this test binary) run the CLI too
	os.Setenv("FLIPBENCH_TEST_MAIN", "1")
	os.Exit(m.Run())
}

// runCLIErr is runCLI with standard error captured too.
func runCLIErr(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		data, _ := io.ReadAll(r)
		done <- string(data)
	}()
	code, out := runCLI(t, args...)
	os.Stderr = saved
	w.Close()
	return code, out, <-done
}

// Each bad input is a clear error with a non-zero exit.
func TestBadInputsSayWhy(t *testing.T) {
	obf := filepath.Join(t.TempDir(), "illegal.obf")
	board := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
	if err := os.WriteFile(obf, []byte("% ffo 1\n"+board+"; G8:+18; A1:+4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FLIPBENCH_DISABLE", "avx2")
	// a variant this CPU cannot run (in a build without assembly it is
	// not registered at all: an unknown variant)
	withKernel, without := "nothing to check", "nothing to check"
	if _, err := variants.Flip.Lookup("avx2-ppfill", variants.Host()); err != nil && strings.Contains(err.Error(), "unknown") {
		withKernel, without = `unknown flip variant "avx2-ppfill"`, `no kernel has a variant named "avx2-ppfill"`
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		// a variant this CPU cannot run: nothing is checked, which is not a pass
		{[]string{"check", "-kernel", "flip", "-variant", "avx2-ppfill"}, 2, withKernel},
		{[]string{"check", "-variant", "avx2-ppfill"}, 2, without},
		{[]string{"solve", "-obf", obf}, 2, obf + ":2: move score \"A1:+4\": a1 is not a legal move of X"},
		{[]string{"solve", "-board", ""}, 2, "-board is empty"},
		{[]string{"help", "nosuch"}, 2, `unknown topic "nosuch"`},
		{[]string{"nosuch"}, 2, `unknown command "nosuch"`},
		// a filter that matches nothing, a variant that matches nothing
		// (even for a plan), numbers out of range
		{[]string{"compare", "-results", "../../harness/stats/testdata/results", "-filter", "/kernel:nosuch"}, 2, `-filter "/kernel:nosuch" matches no result`},
		{[]string{"bench", "-variant", "nosuchvariant", "-n"}, 2, "-variant nosuchvariant: no variant of any kernel has that name"},
		{[]string{"compare", "-confidence", "2"}, 2, "-confidence 2: want a level in [0.5, 1)"},
		{[]string{"report", "-confidence", "0"}, 2, "-confidence 0: want a level in [0.5, 1)"},
		{[]string{"bench", "-warmup", "-1s", "-n"}, 2, "-warmup -1s: want 0 or more"},
		{[]string{"pick", "-margin", "-5", "-n"}, 2, "-margin -5: want a percentage above 0 and below 100"},
	} {
		code, out, errText := runCLIErr(t, c.args...)
		if code != c.code || !strings.Contains(errText, c.want) {
			t.Errorf("%q: exit %d, want %d with %q; stderr:\n%s\nstdout:\n%s", c.args, code, c.code, c.want, errText, out)
		}
		if strings.Contains(out, "0 passed, 0 failed") {
			t.Errorf("%q: reports a pass of nothing", c.args)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out := runCLI(t, args...)
		if code != 0 || !strings.HasPrefix(out, "flipbench ") || !strings.Contains(out, "github.com/flipbench/flipbench") ||
			!strings.Contains(out, "go1.") || !strings.Contains(out, "commit:") {
			t.Errorf("%v: exit %d:\n%s", args, code, out)
		}
	}
	if code, _ := runCLI(t, "version", "x"); code != 2 {
		t.Errorf("version x: exit %d", code)
	}
}

// A bench interrupted after a complete one: its file says so, and the
// report, compare and pick keep the complete run's numbers.
func TestBenchInterruptedThenReport(t *testing.T) {
	needReexec(t)
	dir := t.TempDir()
	cpu := filepath.Join(dir, "results", "amd-zen4-f19-m11-s1")
	complete := filepath.Join(cpu, "2026-01-01T000000-kernels.txt")
	args := []string{"bench", "-kernel", "popcount", "-count", "2", "-benchtime", "1ms", "-warmup", "1ms", "-progress", "off", "-o"}
	if code, out := runCLI(t, append(args, complete)...); code != 0 {
		t.Fatalf("complete bench: exit %d\n%s", code, out)
	}
	interrupted := filepath.Join(cpu, "2026-01-02T000000-kernels.txt")
	interruptAfter = 3
	code, out := runCLI(t, append(args, interrupted)...)
	interruptAfter = 0
	if code != 130 || !strings.Contains(out, "marked incomplete") {
		t.Fatalf("interrupted bench: exit %d\n%s", code, out)
	}
	data, _ := os.ReadFile(interrupted)
	if !strings.Contains(string(data), "\n"+resultsfile.KeyIncomplete+": interrupted after 3 of ") {
		t.Fatalf("the interrupted file is not marked:\n%s", data)
	}
	ds, err := stats.ReadDir(filepath.Dir(cpu))
	if err != nil {
		t.Fatal(err)
	}
	ds.KeepLatest()
	for _, r := range ds.All() {
		if f := r.GetConfig(resultsfile.KeyFile); f != complete {
			t.Fatalf("%s from %s kept over the complete run", r.Name, f)
		}
	}
	// the report's popcount section is the complete run's alone
	section := func(md string) string {
		i := strings.Index(md, "## popcount")
		j := strings.Index(md[i+1:], "\n## ")
		return md[i : i+1+j]
	}
	rep := func(results, name string) string {
		out := filepath.Join(dir, name, "B.md")
		if code, text := runCLI(t, "report", "-embedded=false", "-results", results, "-o", out, "-charts", filepath.Join(dir, name, "charts")); code != 0 {
			t.Fatalf("report: exit %d\n%s", code, text)
		}
		md, _ := os.ReadFile(out)
		return string(md)
	}
	both := rep(filepath.Dir(cpu), "both")
	alone := filepath.Join(dir, "alone", "amd-zen4-f19-m11-s1")
	os.MkdirAll(alone, 0o755)
	os.Link(complete, filepath.Join(alone, filepath.Base(complete)))
	if s1, s2 := section(both), section(rep(filepath.Dir(alone), "alone")); s1 != s2 {
		t.Errorf("the interrupted run changed the report:\n%s\nvs the complete run alone:\n%s", s1, s2)
	}
	if !strings.Contains(both, "interrupted after 3 of ") {
		t.Error("the report does not list the interrupted session")
	}
}

// badResults is a real results file (the committed Zen 4 kernels run)
// with bad lines put in: not finite, negative and zero values, garbage.
// It returns the file and the bad lines' numbers.
func badResults(t *testing.T, dir string) (string, []int) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "results", "amd-zen4-f19-m11-s1", "2026-11-24T165910-kernels.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
	bad := map[int]string{
		40:  "BenchmarkKernel/kernel=flip/variant=sse2/form=call 14637200 NaN ns/op",
		41:  "BenchmarkKernel/kernel=flip/variant=avx2-ppfill/form=call 14637200 +Inf ns/op",
		300: "BenchmarkKernel/kernel=flip/variant=bitscan/form=call 14637200 -Inf ns/op",
		500: "BenchmarkKernel/kernel=moves/variant=sse2/form=call 14637200 -7.5 ns/op",
		501: "BenchmarkKernel/kernel=moves/variant=avx2/form=call 14637200 0 ns/op",
		502: "BenchmarkKernel/kernel=moves/variant=avx2/form=call 0 4.6 ns/op",
		900: "garbage \x00\x01 that came from somewhere",
		901: "BenchmarkKernel/kernel=moves/variant=avx2/form=call 14637200 four ns/op",
	}
	var out []string
	var nums []int
	for _, l := range lines {
		for b, ok := bad[len(out)+1]; ok; b, ok = bad[len(out)+1] {
			out = append(out, b)
			nums = append(nums, len(out))
		}
		out = append(out, l)
	}
	if len(nums) != len(bad) {
		t.Fatalf("%d bad lines put in, want %d", len(nums), len(bad))
	}
	path := filepath.Join(dir, "amd-zen4-f19-m11-s1", "2026-11-24T165910-kernels.txt")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, nums
}

// Bad data breaks nothing: under ulimit -v 4000000 (4 GB of address
// space), compare, pick and report finish in seconds on a results file
// with NaN, Inf, negative, zero and garbage lines, naming every one.
func TestBadDataBoundedCommands(t *testing.T) {
	needReexec(t)
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	file, bad := badResults(t, filepath.Join(dir, "results"))
	out := filepath.Join(dir, "out")
	for _, args := range [][]string{
		{"compare", "-col", "/variant", file},
		{"compare", "-row", "/variant", "-col", resultsfile.KeyCPUID, "-table", "/kernel", file},
		{"compare", "-results", filepath.Join(dir, "results")},
		{"pick", "-n", file},
		{"report", "-embedded=false", "-results", filepath.Join(dir, "results"), "-o", filepath.Join(out, "B.md"), "-charts", filepath.Join(out, "charts")},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", `ulimit -v 4000000 && exec "$0" "$@"`, os.Args[0]}, args...)...)
		cmd.Env = append(os.Environ(), "FLIPBENCH_TEST_MAIN=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Stdout = io.Discard
		start := time.Now()
		err := cmd.Run()
		cancel()
		el := time.Since(start)
		if err != nil {
			t.Errorf("%v: %v after %v\n%s", args, err, el.Round(time.Millisecond), lastLines(stderr.String(), 15))
			continue
		}
		if el > 20*time.Second {
			t.Errorf("%v: %v: not seconds", args, el)
		}
		for _, n := range bad {
			if want := fmt.Sprintf("%s:%d: ", file, n); !strings.Contains(stderr.String(), want) {
				t.Errorf("%v: bad line %d not named", args, n)
			}
		}
		t.Logf("%v: %v", args[0], el.Round(time.Millisecond))
	}
}

func lastLines(s string, n int) string {
	l := strings.Split(s, "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

// A profile measured on another CPU is not applied, and the cpu command's
// note says so; the CPU's own is.
func TestProfileOfAnotherCPU(t *testing.T) {
	feats := []variants.Feature{variants.SSE2, variants.POPCNT, variants.AVX, variants.AVX2, variants.BMI1, variants.BMI2}
	zen2 := variants.NewCPUInfo("AMD EPYC", "AMD", 0x17, 0x31, 0, 3, feats)
	zen4 := variants.NewCPUInfo("AMD EPYC", "AMD", 0x19, 0x11, 1, 3, feats)
	path := filepath.Join(t.TempDir(), "profile.json")
	p := &results.Profile{Rule: results.PickRule, CPU: zen4.ID(), Brand: "AMD EPYC", Choices: map[string]string{"flip": "bitscan"}}
	if err := p.Write(path); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FLIPBENCH_PROFILE", path)
	var w bytes.Buffer
	got := loadProfile(zen2, &w)
	if got.choices != nil || !strings.Contains(got.note, "measured on "+zen4.ID()+", not on this CPU ("+zen2.ID()+")") ||
		!strings.Contains(w.String(), "not applied") {
		t.Errorf("Zen 2 with the Zen 4's profile: %+v, warning %q", got, w.String())
	}
	w.Reset()
	if got := loadProfile(zen4, &w); got.choices["flip"] != "bitscan" || got.note != "" || w.Len() != 0 {
		t.Errorf("Zen 4 with its own profile: %+v, warning %q", got, w.String())
	}
}

// reexec is why this test binary cannot start itself, nil if it can: under
// qemu-user for another architecture the kernel has no handler for its
// format (no binfmt_misc entry), so bench's servers cannot start.
var reexec = sync.OnceValue(func() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return exec.Command(exe, "-test.run=^$").Run()
})

// needReexec skips a test whose commands start this binary again where
// it cannot.
func needReexec(t *testing.T) {
	t.Helper()
	if err := reexec(); err != nil {
		t.Skipf("starts this binary again, which cannot run here (%v): an emulated architecture without binfmt_misc", err)
	}
}
