package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// An interrupted session's file ends with the incomplete line; cases'
// own configuration (impl) follows the session's; files are 0644.
func TestResultsFileMarks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	rf, err := CreateResults(path)
	if err != nil {
		t.Fatal(err)
	}
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "flip"}, {"variant", "x"}}, Config: [][2]string{{resultsfile.KeyImpl, "asm"}}}
	if err := rf.Write(c.result(10, time.Microsecond, [][2]string{{resultsfile.KeyCPUID, "amd-zen4-f19-m11-s1"}})); err != nil {
		t.Fatal(err)
	}
	if err := rf.MarkIncomplete("interrupted after 1 of 20 runs\n(signal)"); err != nil {
		t.Fatal(err)
	}
	if err := rf.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	text := string(data)
	for _, want := range []string{"cpu-id: amd-zen4-f19-m11-s1\nimpl: asm\n", "\nincomplete: interrupted after 1 of 20 runs (signal)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("file lacks %q:\n%s", want, text)
		}
	}
	if !strings.HasSuffix(text, "incomplete: interrupted after 1 of 20 runs (signal)\n") {
		t.Errorf("the mark is not the last line:\n%s", text)
	}
	r := benchfmt.NewReader(strings.NewReader(text), path)
	n := 0
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			n++
			if res.GetConfig(resultsfile.KeyImpl) != "asm" {
				t.Errorf("impl %q", res.GetConfig(resultsfile.KeyImpl))
			}
		}
	}
	if n != 1 {
		t.Errorf("%d results read back", n)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
}

// Abort leaves no file, not even the .partial one, and frees the folder.
func TestResultsFileAbort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	rf, err := CreateResults(path)
	if err != nil {
		t.Fatal(err)
	}
	c := &Case{Name: "Kernel", Keys: [][2]string{{"kernel", "flip"}, {"variant", "x"}}}
	if err := rf.Write(c.result(10, time.Microsecond, [][2]string{{resultsfile.KeyCPUID, "amd-zen4-f19-m11-s1"}})); err != nil {
		t.Fatal(err)
	}
	rf.Abort()
	for _, p := range []string{path, path + PartialSuffix} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s exists after Abort", p)
		}
	}
	if _, live := LockHolder(filepath.Dir(path)); live {
		t.Error("the folder is still locked after Abort")
	}
	rf2, err := CreateResults(path)
	if err != nil {
		t.Fatalf("after Abort: %v", err)
	}
	rf2.Abort()
}

// MachineConfig's build lines say how this binary was built.
func TestMachineConfigBuild(t *testing.T) {
	cfg := map[string]string{}
	for _, kv := range MachineConfig(time.Now(), variants.Host()) {
		cfg[kv[0]] = kv[1]
	}
	if _, off := cfg[resultsfile.KeyPGO]; off == BuildPGO() || off && cfg[resultsfile.KeyPGO] != "off" {
		t.Errorf("pgo line %q, BuildPGO %v", cfg[resultsfile.KeyPGO], BuildPGO())
	}
	if cfg[resultsfile.KeyGOEXPERIMENT] != BuildGOEXPERIMENT() {
		t.Errorf("goexperiment line %q, BuildGOEXPERIMENT %q", cfg[resultsfile.KeyGOEXPERIMENT], BuildGOEXPERIMENT())
	}
}

func TestMachineConfigIdentity(t *testing.T) {
	c := variants.NewCPUInfo("AMD EPYC", "AMD", 0x19, 0x11, 1, 4, []variants.Feature{variants.AVX2})
	cfg := map[string]string{}
	for _, kv := range MachineConfig(time.Now(), c) {
		cfg[kv[0]] = kv[1]
	}
	want := map[string]string{resultsfile.KeyCPU: "AMD EPYC", resultsfile.KeyCPUSlug: "amd-epyc", resultsfile.KeyCPUID: "amd-zen4-f19-m11-s1",
		resultsfile.KeyCPUFamily: "0x19", resultsfile.KeyCPUModel: "0x11", resultsfile.KeyCPUStepping: "1", resultsfile.KeyCPUVendor: "AMD", resultsfile.KeyUarch: "Zen 4"}
	for k, v := range want {
		if cfg[k] != v {
			t.Errorf("%s: %q, want %q", k, cfg[k], v)
		}
	}
}

// -dirty means code changed: the files the main job regenerates
// (BENCHMARKS.md, docs/charts/, results/) do not count.
func TestCodeChanged(t *testing.T) {
	for _, c := range []struct {
		status string
		dirty  bool
	}{
		{"", false},
		{" M BENCHMARKS.md\x00 M docs/charts/flip.svg\x00?? results/amd-zen4-f19-m11-s1/x.txt\x00", false},
		{" M results/amd-zen4-f19-m11-s1/profile.json\x00?? docs/charts/new.svg\x00", false},
		{" M BENCHMARKS.md\x00 M variants/flip.go\x00", true},
		{"?? variants/new.go\x00", true},
		{" D README.md\x00", true},
		{"R  results/new/x.txt\x00results/old/x.txt\x00", false},
		{"R  results/x.txt\x00harness/x.go\x00", true},
		{" M docs/chartsX.go\x00", true},
	} {
		if got := codeChanged(c.status); got != c.dirty {
			t.Errorf("%q: dirty %v, want %v", c.status, got, c.dirty)
		}
	}
}

func TestCommitInRepo(t *testing.T) {
	if _, err := git("", "--version"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		if out, err := git(dir, args...); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	write := func(p, s string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q")
	run("config", "user.email", "t@example.com")
	run("config", "user.name", "t")
	write("main.go", "package main\n")
	write("BENCHMARKS.md", "# B\n")
	write("docs/charts/flip.svg", "<svg/>")
	write("results/a/x.txt", "x")
	run("add", ".")
	run("commit", "-qm", "init")
	head, _ := git(dir, "rev-parse", "HEAD")
	head = strings.TrimSpace(head)
	if got := commitIn(dir); got != head {
		t.Errorf("clean: %q, want %q", got, head)
	}
	write("BENCHMARKS.md", "# B2\n")
	write("docs/charts/flip.svg", "<svg></svg>")
	write("results/b/y.txt", "y")
	if got := commitIn(filepath.Join(dir, "docs")); got != head {
		t.Errorf("after the main job's own files changed: %q, want %q", got, head)
	}
	write("main.go", "package main // changed\n")
	if got := commitIn(dir); got != head+"-dirty" {
		t.Errorf("code changed: %q, want -dirty", got)
	}
}
