package cases_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/cases"
	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/variants"
)

// cbenchEnv writes every kernel's case files (from this package, as
// flipbench cases does) into a temporary directory and returns it with
// the environment that makes cbench/run.sh build there. It skips the test
// without a C compiler or bash, off x86-64, and in -short mode (under
// qemu, CI runs the suite with -short).
func cbenchEnv(t *testing.T) (dir string, env []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs C programs: not in -short mode")
	}
	if runtime.GOARCH != "amd64" {
		t.Skip("cbench's examples and CPU detection are for x86-64")
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("no C compiler (%s)", cc)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir = t.TempDir()
	o := harness.Options{N: 20000, Seed: 1}
	for _, k := range cases.Kernels() {
		for _, set := range cases.Sets {
			f, err := cases.Build(k, set, o)
			if err != nil {
				t.Fatal(err)
			}
			if err := cases.WriteFile(filepath.Join(dir, k+"-"+set+".cases"), f); err != nil {
				t.Fatal(err)
			}
		}
	}
	env = append(os.Environ(), "CBENCH_BUILD="+filepath.Join(dir, "build"), "CFLAGS=-O2", "FLIPBENCH_DISABLE=")
	return dir, env
}

// runSh runs cbench/run.sh and returns its exit status and output.
func runSh(t *testing.T, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join("..", "cbench", "run.sh")}, args...)...)
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String()
	}
	t.Fatalf("run.sh %v: %v", args, err)
	return 0, ""
}

func example(name string) string { return filepath.Join("..", "cbench", "examples", name) }

// TestCbenchExamples checks every example kernel on the check and bench
// sets, and the deliberately wrong one fails with a counterexample.
func TestCbenchExamples(t *testing.T) {
	dir, env := cbenchEnv(t)
	for _, c := range []struct{ kernel, file string }{
		{"flip", "flip_plain.c"}, {"count_last_flip", "count_last_flip_plain.c"},
		{"moves", "moves_plain.c"}, {"score_1", "score_1_plain.c"},
	} {
		code, out := runSh(t, env, "-cases", dir, "-check", c.kernel, example(c.file))
		variant := "c-" + strings.ReplaceAll(strings.TrimSuffix(c.file, ".c"), "_", "-")
		if code != 0 || strings.Count(out, "ok    "+c.kernel) != 2 || !strings.Contains(out, variant) {
			t.Errorf("%s: exit %d:\n%s", c.file, code, out)
		}
	}

	code, out := runSh(t, env, "-cases", dir, "-check", "flip", example("flip_wrong.c"))
	board := regexp.MustCompile(`(?m)^  input: [XO-]{64} X x=[a-h][1-8]$`)
	if code != 1 || !strings.Contains(out, "MISMATCH kernel=flip variant=c-flip-wrong (call form)") ||
		!board.MatchString(out) || !strings.Contains(out, "  got:   0x") || !strings.Contains(out, "(reference)") {
		t.Errorf("flip_wrong.c: exit %d, want 1 with a counterexample:\n%s", code, out)
	}

	// AVX2: checked where the CPU has it, refused (exit 3) where not
	code, out = runSh(t, env, "-cases", dir, "-check", "flip", example("flip_avx2.c"))
	if want := map[bool]int{true: 0, false: 3}[variants.CPU.Detected[variants.AVX2]]; code != want {
		t.Errorf("flip_avx2.c: exit %d, want %d:\n%s", code, want, out)
	}
	env2 := append(env[:len(env):len(env)], "FLIPBENCH_DISABLE=avx2")
	code, out = runSh(t, env2, "-cases", dir, "-check", "flip", example("flip_avx2.c"))
	if code != 3 || !strings.Contains(out, "lacks: avx2; not run") {
		t.Errorf("flip_avx2.c with FLIPBENCH_DISABLE=avx2: exit %d, want 3:\n%s", code, out)
	}
}

// TestCbenchTiming times the plain flip briefly and reads the output as
// flipbench does (benchfmt): the names, the configuration lines.
func TestCbenchTiming(t *testing.T) {
	dir, env := cbenchEnv(t)
	res := filepath.Join(dir, "out.txt")
	code, out := runSh(t, env, "-cases", dir, "-count", "2", "-benchtime", "5ms", "-o", res, "flip", example("flip_plain.c"))
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	data, err := os.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	c := &variants.CPU
	wantConfig := map[string]string{
		"impl": "c", "cflags": "-O2", "count": "2", "benchtime": "5ms",
		"cpu-vendor": c.Vendor, "cpu-family": fmt.Sprintf("%#x", c.Family), "cpu-model": fmt.Sprintf("%#x", c.Model),
		"cpu-stepping": fmt.Sprint(c.Stepping), "cpu": c.Brand, "cpu-slug": c.Slug(),
	}
	if c.Uarch != "" {
		wantConfig["uarch"] = c.Uarch
	}
	names := map[string]int{}
	r := benchfmt.NewReader(bytes.NewReader(data), "out.txt")
	for r.Scan() {
		switch rec := r.Result(); rec := rec.(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("syntax error: %v", rec)
		case *benchfmt.Result:
			names[string(rec.Name.Full())]++
			if ns, ok := rec.Value("sec/op"); !ok || ns <= 0 || rec.Iters < 1 {
				t.Errorf("%s: %v sec/op, %d iterations", rec.Name.Full(), ns, rec.Iters)
			}
			for k, v := range wantConfig {
				if got := rec.GetConfig(k); got != v {
					t.Errorf("config %s: %q, want %q", k, got, v)
				}
			}
			for _, k := range []string{"compiler", "date"} {
				if rec.GetConfig(k) == "" {
					t.Errorf("no config %s", k)
				}
			}
			if _, err := time.Parse(time.RFC3339, rec.GetConfig("date")); err != nil {
				t.Errorf("date: %v", err)
			}
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{
		"Floor/impl=c/form=pointer",
		"Kernel/kernel=flip/variant=c-flip-plain/form=call",
		"Kernel/kernel=flip/variant=c-flip-plain/form=batch",
	} {
		if names[n] != 2 {
			t.Errorf("%s: %d results, want 2 (all: %v)", n, names[n], names)
		}
	}
	if len(names) != 3 {
		t.Errorf("results: %v", names)
	}

	// the harness built above, on bad input: another kernel's file, a
	// damaged file, no bench set, bad flags
	bin := filepath.Join(dir, "build", "cbench-flip-flip_plain")
	good, err := os.ReadFile(filepath.Join(dir, "flip-bench.cases"))
	if err != nil {
		t.Fatal(err)
	}
	bad := func(name string, edit func(b []byte) []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, edit(bytes.Clone(good)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{filepath.Join(dir, "moves-bench.cases")}, "holds moves cases; this harness is linked with a flip kernel"},
		{[]string{bad("sum.cases", func(b []byte) []byte { b[200] ^= 1; return b })}, "checksum mismatch"},
		{[]string{bad("short.cases", func(b []byte) []byte { return b[:1000] })}, "truncated"},
		{[]string{bad("trail.cases", func(b []byte) []byte { return append(b, 0) })}, "trailing data"},
		{[]string{bad("v2.cases", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[8:], 2); return b })}, "version 2: this reader reads version 1"},
		{[]string{bad("count.cases", func(b []byte) []byte { binary.LittleEndian.PutUint64(b[24:], 1<<40); return b })}, "exceeds the limit"},
		{[]string{bad("magic.cases", func(b []byte) []byte { b[0] = 'X'; return b })}, "bad magic"},
		{[]string{filepath.Join(dir, "nosuch.cases")}, "cannot open"},
		{[]string{filepath.Join(dir, "flip-check.cases")}, "no bench-set case file"},
		{[]string{"-count", "0", filepath.Join(dir, "flip-bench.cases")}, "-count 0"},
		{[]string{"-benchtime", "fast", filepath.Join(dir, "flip-bench.cases")}, "-benchtime fast"},
		{[]string{"-variant", "a/b", filepath.Join(dir, "flip-bench.cases")}, "-variant c-a/b"},
		{[]string{"-nosuch"}, "unknown flag -nosuch"},
		{nil, "no case file"},
	} {
		cmd := exec.Command(bin, c.args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), c.want) {
			t.Errorf("%v: %v, want exit 2 with %q:\n%s", c.args, err, c.want, out)
		}
	}
}
