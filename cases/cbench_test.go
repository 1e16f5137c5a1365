package cases_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/cases"
	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/harness/resultsfile"
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
	if want := map[bool]int{true: 0, false: 3}[variants.Host().Detected[variants.AVX2]]; code != want {
		t.Errorf("flip_avx2.c: exit %d, want %d:\n%s", code, want, out)
	}
	env2 := append(env[:len(env):len(env)], "FLIPBENCH_DISABLE=avx2")
	code, out = runSh(t, env2, "-cases", dir, "-check", "flip", example("flip_avx2.c"))
	if code != 3 || !strings.Contains(out, "lacks: avx2; not run") {
		t.Errorf("flip_avx2.c with FLIPBENCH_DISABLE=avx2: exit %d, want 3:\n%s", code, out)
	}
}

// TestCbenchTiming times the plain flip briefly, reads the output as
// flipbench does, and runs the harness it built on bad input.
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
	checkCbenchResults(t, data)
	cbenchRefusesBadInput(t, dir, env)
}

// checkCbenchResults reads cbench's results as flipbench does (benchfmt):
// the names, the configuration lines.
func checkCbenchResults(t *testing.T, data []byte) {
	t.Helper()
	c := variants.Host()
	wantConfig := map[string]string{
		resultsfile.KeyFormat: resultsfile.Version, resultsfile.KeyImpl: variants.KindC, resultsfile.KeyCFlags: "-O2", resultsfile.KeyCount: "2", resultsfile.KeyBenchtime: "5ms",
		resultsfile.KeyCPUVendor: c.Vendor, resultsfile.KeyCPUFamily: fmt.Sprintf("%#x", c.Family), resultsfile.KeyCPUModel: fmt.Sprintf("%#x", c.Model),
		resultsfile.KeyCPUStepping: fmt.Sprint(c.Stepping), resultsfile.KeyCPU: c.Brand, resultsfile.KeyCPUSlug: c.Slug(), resultsfile.KeyCPUID: c.ID(),
	}
	if c.Uarch != "" {
		wantConfig[resultsfile.KeyUarch] = c.Uarch
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
				if k == resultsfile.KeyImpl && string(rec.Name.Base()) == "Floor" {
					v = "" // the floor's kind is in its name: never a second label
				}
				if got := rec.GetConfig(k); got != v {
					t.Errorf("config %s: %q, want %q", k, got, v)
				}
			}
			for _, k := range []string{resultsfile.KeyCompiler, resultsfile.KeyDate} {
				if rec.GetConfig(k) == "" {
					t.Errorf("no config %s", k)
				}
			}
			if _, err := time.Parse(time.RFC3339, rec.GetConfig(resultsfile.KeyDate)); err != nil {
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
}

// cbenchRefusesBadInput runs the harness built in dir on bad input:
// another kernel's file, a damaged file, no bench set, bad flags.
func cbenchRefusesBadInput(t *testing.T, dir string, env []string) {
	t.Helper()
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

// cbench.c writes its configuration lines itself: their keys and the
// format's version are resultsfile's.
func TestCbenchKeys(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "cbench", "cbench.c"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range regexp.MustCompile(`printf\((?:c->floor \? )?"([a-z][a-z0-9-]*):`).FindAllSubmatch(src, -1) {
		if k := string(m[1]); !slices.Contains(got, k) {
			got = append(got, k)
		}
	}
	want := []string{resultsfile.KeyFormat, resultsfile.KeyCPU, resultsfile.KeyCPUSlug, resultsfile.KeyCPUID, resultsfile.KeyCPUVendor, resultsfile.KeyCPUFamily,
		resultsfile.KeyCPUModel, resultsfile.KeyCPUStepping, resultsfile.KeyUarch, resultsfile.KeyCPUFeatures, resultsfile.KeyDisabled,
		resultsfile.KeyImpl, resultsfile.KeyCompiler, resultsfile.KeyCFlags, resultsfile.KeyDate, resultsfile.KeyCount, resultsfile.KeyBenchtime}
	if !slices.Equal(got, want) {
		t.Errorf("cbench.c writes the keys\n%q, want resultsfile's\n%q", got, want)
	}
	if !bytes.Contains(src, []byte(`printf("`+resultsfile.KeyFormat+": "+resultsfile.Version+`\n");`)) {
		t.Errorf("cbench.c does not write the format's version %s", resultsfile.Version)
	}
}

// readerMain is a C program that opens every case file named on its
// command line with flipbench_cases.h and prints one line per file: "ok"
// and the record count, or the error.
const readerMain = `#include <stdio.h>
#include "flipbench_cases.h"
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        fbc_file f;
        char err[FBC_ERR_SIZE];
        if (fbc_open(argv[i], &f, err, sizeof err) != 0) {
            printf("error %s\n", err);
            continue;
        }
        unsigned long long sum = 0;
        for (uint64_t j = 0; j < f.count; j++) {
            fbc_case c = fbc_get(&f, j);
            sum += c.P ^ c.O ^ (uint64_t)c.x ^ (uint64_t)c.alpha ^ c.want ^ (uint64_t)c.want_int;
        }
        printf("ok %s %s %llu %llx\n", f.kernel_name, f.set, (unsigned long long)f.count, sum);
        fbc_close(&f);
    }
    return 0;
}
`

// TestCReaderAgreesWithGo: the header-only C reader accepts exactly the
// files the Go reader accepts, reads the same records, and rejects the
// others, on valid files and on thousands of damaged ones (bytes flipped
// with and without a fixed checksum, truncations, extensions), built with
// the address and undefined-behaviour sanitizers where the compiler has
// them.
func TestCReaderAgreesWithGo(t *testing.T) {
	dir, env := cbenchEnv(t)
	bin := buildCReader(t, dir)
	rng := rand.New(rand.NewPCG(7, 99))
	var files []string
	var want []string
	add := func(b []byte) {
		p := filepath.Join(dir, fmt.Sprintf("m%05d.cases", len(files)))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
		f, err := cases.Read(bytes.NewReader(b))
		if err != nil {
			want = append(want, "error")
			return
		}
		var sum uint64
		for _, r := range f.Records {
			O := r.O
			if f.Kernel == "count_last_flip" || f.Kernel == "score_1" {
				O = ^r.P &^ (1 << uint(r.X))
			}
			sum += r.P ^ O ^ uint64(r.X) ^ uint64(r.Alpha) ^ r.Want ^ uint64(r.WantInt)
		}
		want = append(want, fmt.Sprintf("ok %s %s %d %x", f.Kernel, f.Set, len(f.Records), sum))
	}
	for _, k := range cases.Kernels() {
		f, err := cases.Build(k, cases.SetBench, harness.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f.Records = f.Records[:40]
		var buf bytes.Buffer
		if err := cases.Write(&buf, f); err != nil {
			t.Fatal(err)
		}
		good := buf.Bytes()
		add(good)
		for i := 0; i < 400; i++ {
			add(damage(rng, good, i))
		}
	}
	cmd := exec.Command(bin, files...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(files) {
		t.Fatalf("%d lines for %d files:\n%s", len(lines), len(files), out)
	}
	accepted := 0
	for i, l := range lines {
		got := l
		if strings.HasPrefix(l, "error ") {
			got = "error"
			if !strings.Contains(l, ": case file: ") {
				t.Errorf("%s: error without the path: %s", files[i], l)
			}
		}
		if got != want[i] {
			_, gerr := cases.ReadFile(files[i])
			t.Errorf("%s: C reader %q, Go reader %q (%v)", files[i], l, want[i], gerr)
		}
		if got != "error" {
			accepted++
		}
	}
	t.Logf("%d files, %d accepted by both readers", len(files), accepted)
}

// buildCReader compiles readerMain in dir, with the address and
// undefined-behaviour sanitizers where the compiler has them.
func buildCReader(t *testing.T, dir string) string {
	t.Helper()
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	src := filepath.Join(dir, "reader.c")
	if err := os.WriteFile(src, []byte(readerMain), 0o644); err != nil {
		t.Fatal(err)
	}
	inc, _ := filepath.Abs(filepath.Join("..", "cbench"))
	bin := filepath.Join(dir, "reader")
	args := []string{"-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-I" + inc, src, "-o", bin}
	if out, err := exec.Command(cc, append([]string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all"}, args...)...).CombinedOutput(); err != nil {
		t.Logf("no sanitizers (%v): %s", err, out)
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
	}
	return bin
}

// damage is a copy of a good case file damaged the i-th of four ways.
func damage(rng *rand.Rand, good []byte, i int) []byte {
	reseal := func(b []byte) []byte {
		h := fnvSum(b[:len(b)-8])
		binary.LittleEndian.PutUint64(b[len(b)-8:], h)
		return b
	}
	b := bytes.Clone(good)
	switch i % 4 {
	case 0: // a byte changed, the checksum fixed: the fields' checks
		pos := rng.IntN(len(b) - 8)
		if i%8 == 0 {
			pos = rng.IntN(128) // mostly the header
		}
		b[pos] ^= byte(1 << rng.IntN(8))
		b = reseal(b)
	case 1: // a byte changed: the checksum
		b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
	case 2: // truncated
		b = b[:rng.IntN(len(b))]
	case 3: // a word set to a random or extreme value, resealed
		pos := rng.IntN(min(len(b)-16, 200)) &^ 3
		v := []uint32{0, 1, 63, 64, 0x7fffffff, 0x80000000, 0xffffffff, rng.Uint32()}[rng.IntN(8)]
		binary.LittleEndian.PutUint32(b[pos:], v)
		b = reseal(b)
	}
	return b
}

func fnvSum(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}
