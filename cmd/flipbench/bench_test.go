package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
)

func TestBenchWritesResults(t *testing.T) {
	needReexec(t)
	out := filepath.Join(t.TempDir(), "r", "x.txt")
	code, text := runCLI(t, "bench", "-kernel", "flip,popcount", "-count", "2", "-benchtime", "1ms", "-warmup", "1ms", "-progress", "off", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, text)
	}
	ds, err := stats.ReadResults(out)
	if err != nil || len(ds.Problems) > 0 {
		t.Fatalf("%v %v", err, ds.Problems)
	}
	n := 0
	for _, r := range ds.All() {
		if !strings.HasPrefix(string(r.Name), "Kernel/kernel=flip/") && !strings.HasPrefix(string(r.Name), "Kernel/kernel=popcount/") {
			t.Errorf("unexpected %s", r.Name)
		}
		level := resultsfile.KeyX64Level // the SVE length on arm64
		if runtime.GOARCH == "arm64" {
			level = resultsfile.KeySVEBits
		}
		for _, k := range []string{resultsfile.KeyCPU, resultsfile.KeyCPUSlug, resultsfile.KeyUarch, level, resultsfile.KeyGOAMD64, resultsfile.KeyGo, resultsfile.KeyCommit, resultsfile.KeyDate, resultsfile.KeyCPUFamily, resultsfile.KeyCPUModel, resultsfile.KeyCPUStepping, resultsfile.KeyCPUVendor, resultsfile.KeyProcesses, resultsfile.KeyInputs} {
			if r.GetConfig(k) == "" {
				t.Errorf("%s: no %s configuration", r.Name, k)
			}
		}
		n++
	}
	if n == 0 || !strings.Contains(text, out) || !strings.Contains(text, "in 2 fresh processes") {
		t.Errorf("%d results; output:\n%s", n, text)
	}
	if _, err := os.Stat(out + ".partial"); err == nil {
		t.Error(".partial left")
	}
	code, text = runCLI(t, "bench", "-kernel", "flip", "-n")
	if code != 0 || !strings.Contains(text, "Kernel/kernel=flip/variant=reference/form=call") {
		t.Errorf("bench -n: exit %d\n%s", code, text)
	}
	if code, _ := runCLI(t, "bench", "-kernel", "nope", "-n"); code != 2 {
		t.Errorf("unknown kernel: exit %d, want 2", code)
	}
	if code, _, errOut := runCLIErr(t, "bench", "-kernel", "flip", "-processes", "0", "-n"); code != 2 || !strings.Contains(errOut, "-processes 0") {
		t.Errorf("-processes 0: exit %d, %q", code, errOut)
	}
	for _, bad := range []string{"0", "-1", "5", "NaN"} {
		if code, _, errOut := runCLIErr(t, "bench", "-kernel", "flip", "-lead-in", bad, "-n"); code != 2 || !strings.Contains(errOut, "-lead-in") {
			t.Errorf("-lead-in %s: exit %d, %q", bad, code, errOut)
		}
	}
}

func TestBenchSolve(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.txt")
	code, text := runCLI(t, "bench", "-solve", "ffo1-3", "-solve-kernel", "flip", "-variant", "reference", "-count", "1",
		"-benchtime", "1ms", "-progress", "off", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, text)
	}
	ds, err := stats.ReadResults(out)
	// the variant asked for and its A/A twin, one round
	if err != nil || ds.Len() != 2 || ds.View(0).GetConfig(resultsfile.KeyVariants) == "" {
		t.Fatalf("%v: %d results", err, ds.Len())
	}
	twins := 0
	for _, r := range ds.All() {
		if v, _ := r.Value("nodes/op"); v == 0 {
			t.Errorf("no nodes/op: %v", r)
		}
		if strings.HasSuffix(string(r.Name), "/twin=1") {
			twins++
		}
	}
	if twins != 1 {
		t.Errorf("%d twins, want 1", twins)
	}
}

func TestCompareReportPickOnTestdata(t *testing.T) {
	td := filepath.Join("..", "..", "harness", "stats", "testdata")
	files, _ := filepath.Glob(filepath.Join(td, "results", "*", "*-kernels.txt"))
	args := append([]string{"compare", "-latest", "-row", "/variant", "-col", "cpu", "-filter", "/kernel:flip /form:call"}, files...)
	code, text := runCLI(t, args...)
	if code != 0 || !strings.Contains(text, "AMD Ryzen 7 3700X") || !strings.Contains(text, "i7-4770") {
		t.Errorf("compare across CPUs: exit %d\n%s", code, text)
	}
	code, text = runCLI(t, "compare", "-row", "/variant", filepath.Join(td, "bad", "mixed.txt"))
	if code != 0 || !strings.Contains(text, "4 unreadable lines skipped") || !strings.Contains(text, "bitscan") {
		t.Errorf("compare with garbage: exit %d\n%s", code, text)
	}
	dir := t.TempDir()
	code, text = runCLI(t, "report", "-embedded=false", "-results", filepath.Join(td, "results"), "-o", filepath.Join(dir, "B.md"), "-charts", filepath.Join(dir, "charts"))
	if code != 0 || !strings.Contains(text, "2 CPUs,") {
		t.Errorf("report: exit %d\n%s", code, text)
	}
	// by default the embedded (committed) CPUs join them
	code, text = runCLI(t, "report", "-results", filepath.Join(td, "results"), "-o", filepath.Join(dir, "B.md"), "-charts", filepath.Join(dir, "charts"))
	if want := fmt.Sprintf("%d CPUs (%d from the results this binary embeds)", 2+len(results.EmbeddedCPUs()), len(results.EmbeddedCPUs())); code != 0 || !strings.Contains(text, want) {
		t.Errorf("report with the embedded results: exit %d, want %q\n%s", code, want, text)
	}
	code, text = runCLI(t, append([]string{"pick", "-n"}, files[0])...)
	if code != 0 || !strings.Contains(text, "flip") || !strings.Contains(text, "why:") {
		t.Errorf("pick: exit %d\n%s", code, text)
	}
}

// A call floor names its kind in its name (impl=asm): no result of a
// session with floors after kernels carries a configuration key that its
// name has too, which the perfdata server refuses.
func TestBenchFloorsHaveNoClashingConfig(t *testing.T) {
	needReexec(t)
	out := filepath.Join(t.TempDir(), "x.txt")
	code, text := runCLI(t, "bench", "-kernel", "flip,floor", "-count", "1", "-benchtime", "1ms", "-warmup", "1ms", "-progress", "off", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, text)
	}
	ds, err := stats.ReadResults(out)
	if err != nil || len(ds.Problems) > 0 {
		t.Fatalf("%v %v", err, ds.Problems)
	}
	floors := 0
	for _, r := range ds.All() {
		if strings.HasPrefix(string(r.Name), "Floor/") {
			floors++
		}
		for _, kv := range strings.Split(string(r.Name), "/")[1:] {
			if k, _, ok := strings.Cut(kv, "="); ok && r.GetConfig(k) != "" {
				t.Errorf("%s: configuration %s: %s, a key of its name too", r.Name, k, r.GetConfig(k))
			}
		}
	}
	if floors == 0 {
		t.Fatalf("no call floor measured:\n%s", text)
	}
}

// Under an emulator bench and solve -o refuse to record timings (exit 2,
// saying why), and write nothing; check still runs.
func TestBenchRefusesEmulation(t *testing.T) {
	host := "processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n" // an arm64 host for an amd64 build
	if runtime.GOARCH == "arm64" {
		host = "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 167\nmodel name\t: Intel(R) Xeon(R) Processor\n"
	}
	saved := hostCPUInfo
	hostCPUInfo = func() string { return host }
	t.Cleanup(func() { hostCPUInfo = saved })
	out := filepath.Join(t.TempDir(), "solve.txt")
	for _, args := range [][]string{
		{"bench", "-kernel", "popcount", "-o", filepath.Join(t.TempDir(), "bench.txt")},
		{"solve", "-set", "ffo1-19", "-o", out},
	} {
		code, _, stderr := runCLIErr(t, args...)
		if code != 2 || !strings.Contains(stderr, "not recording timings under emulation") || !strings.Contains(stderr, "host") {
			t.Errorf("%v under emulation: exit %d, stderr %q; want exit 2 saying why", args, code, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("solve -o under emulation left %s (stat: %v)", out, err)
	}
	if code, _, stderr := runCLIErr(t, "check", "-kernel", "popcount", "-n", "50"); code != 0 {
		t.Errorf("check under emulation: exit %d, stderr %q; want it to run", code, stderr)
	}
}

// A results file of a session records the machine's state (governor,
// boost, SMT, THP, load at start and end, hypervisor, kernel), and bench
// warns before it starts when another flipbench session is running.
func TestBenchRecordsStateAndWarnsOfAnother(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the processes are read from /proc")
	}
	needReexec(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// another session, not this test's child (a session's own servers
	// are): a server waiting on its input, in a group of its own that the
	// cleanup kills whole
	marker := strconv.FormatInt(time.Now().UnixNano()%1e9, 10)
	sh := exec.Command("sh", "-c", `(sleep 60 | "$0" bench -serve -seed "$1") >/dev/null 2>&1 &`, exe, marker)
	sh.Env = append(os.Environ(), "FLIPBENCH_TEST_MAIN=1")
	sh.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := sh.Run(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-sh.Process.Pid, syscall.SIGKILL) })
	started := false
	for i := 0; i < 200 && !started; i++ {
		cmds, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, c := range cmds {
			if b, _ := os.ReadFile(c); strings.Contains(string(b), marker) && strings.Contains(string(b), "-serve") {
				started = true
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	out := filepath.Join(t.TempDir(), "state.txt")
	code, _, stderr := runCLIErr(t, "bench", "-kernel", "popcount", "-variant", "reference", "-count", "1", "-benchtime", "1ms", "-warmup", "1ms", "-processes", "1", "-o", out)
	if code != 0 {
		t.Fatalf("bench: exit %d\n%s", code, stderr)
	}
	if !regexp.MustCompile(`warning: another flipbench process is running \(pid \d+: .* bench -serve -seed ` + marker).MatchString(stderr) {
		t.Errorf("bench with another session running (started: %v): stderr %q lacks the warning naming it", started, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range append(slices.Clone(bench.StateKeys), resultsfile.KeyLoadEnd) {
		if !regexp.MustCompile(`(?m)^` + k + `: \S`).Match(data) {
			t.Errorf("results file lacks its %q line:\n%s", k, data)
		}
	}
}
