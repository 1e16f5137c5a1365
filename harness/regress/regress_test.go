package regress

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/stats"
)

// duoFile writes a duo session: rounds of OLD and NEW of two benchmarks
// and OLD's twin of the first, each run slowed by a burst common to its
// round (the shared machine's noise), NEW's flip by slowdown.
func duoFile(t *testing.T, rounds int, slowdown float64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString("cpu-id: amd-zen5-f1a-m02-s1\n")
	for r := 0; r < rounds; r++ {
		burst := 1 + 0.3*rng.Float64()*float64(r%3/2) // every third round much slower
		jit := func() float64 { return 1 + 0.002*rng.NormFloat64() }
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=a/form=call/rev=old 1000 %.4f ns/op\n", 3*burst*jit())
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=a/form=call/rev=new 1000 %.4f ns/op\n", 3*slowdown*burst*jit())
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=a/form=call/rev=old/twin=1 1000 %.4f ns/op\n", 3*burst*jit())
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=moves/variant=b/form=call/rev=old 1000 %.4f ns/op\n", 4*burst*jit())
		fmt.Fprintf(&b, "BenchmarkKernel/kernel=moves/variant=b/form=call/rev=new 1000 %.4f ns/op\n", 4*burst*jit())
	}
	p := filepath.Join(t.TempDir(), "duo.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func changesOf(t *testing.T, path string) ([]Change, []Change) {
	t.Helper()
	ds, err := stats.ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	return Changes(ds, 0.01, 0.95)
}

// A 2% slowdown under bursts that slow a third of the rounds by up to
// 30% is found, the unchanged kernel and the twin are equal, and the
// tables say so.
func TestChangesFindTwoPercent(t *testing.T) {
	cs, twins := changesOf(t, duoFile(t, 20, 1.02))
	if len(cs) != 2 || len(twins) != 1 {
		t.Fatalf("%d changes, %d twins", len(cs), len(twins))
	}
	if !cs[0].Slower() || cs[1].Slower() || cs[1].Cmp.Verdict != stats.Equal || twins[0].Cmp.Verdict != stats.Equal {
		t.Errorf("flip %v, moves %v, twin %v", cs[0].Cmp, cs[1].Cmp, twins[0].Cmp)
	}
	var buf bytes.Buffer
	WriteChanges(&buf, cs)
	if !strings.Contains(buf.String(), "SLOWER") || !strings.Contains(buf.String(), "kernel=flip/variant=a/form=call") {
		t.Errorf("table:\n%s", buf.String())
	}
	buf.Reset()
	if err := WriteJSON(&buf, cs, twins); err != nil {
		t.Fatal(err)
	}
	var got struct{ Changes, Twins []JSONChange }
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil || len(got.Changes) != 2 || !got.Changes[0].Slower || got.Changes[0].Vs.Verdict != "slower" {
		t.Errorf("json %v: %s", err, buf.String())
	}
	buf.Reset()
	if err := WriteCSV(&buf, cs, twins); err != nil || strings.Count(buf.String(), "\n") != 4 {
		t.Errorf("csv %v:\n%s", err, buf.String())
	}
}

// The same session without the slowdown flags nothing: the A/A case.
func TestChangesAA(t *testing.T) {
	cs, _ := changesOf(t, duoFile(t, 20, 1))
	for _, c := range cs {
		if c.Slower() || c.Cmp.Verdict != stats.Equal {
			t.Errorf("%s: %v", c.Name, c.Cmp)
		}
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// PrepareDuo: each tree under its own import path, the higher version of
// every requirement, gen/ left out, files of an earlier duo that the
// trees no longer have removed, and a tree of another module refused.
func TestPrepareDuo(t *testing.T) {
	old, new, dst := t.TempDir(), t.TempDir(), t.TempDir()
	writeTree(t, old, map[string]string{
		"go.mod":         "module github.com/flipbench/flipbench\n\ngo 1.25.0\n\nrequire golang.org/x/perf v0.0.0-20250101000000-aaaaaaaaaaaa\nrequire golang.org/x/sys v0.40.0\n",
		"go.sum":         "golang.org/x/sys v0.40.0 h1:x\n",
		"k/k.go":         "package k\n\nimport _ \"github.com/flipbench/flipbench/v\"\n",
		"v/v.go":         "package v\n",
		"gen/go.mod":     "module github.com/flipbench/flipbench/gen\n",
		"results/a.txt":  "cpu-id: x\n",
		"v/v_amd64.s":    "TEXT ·f(SB), 4, $0\n\tRET\n",
		"solver/ffo.tsv": "1\t2\n",
	})
	writeTree(t, new, map[string]string{
		"go.mod": "module github.com/flipbench/flipbench\n\ngo 1.26.0\n\nrequire golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da\nrequire golang.org/x/sys v0.39.0\n",
		"go.sum": "golang.org/x/sys v0.39.0 h1:y\n",
		"k/k.go": "package k\n\nimport _ \"github.com/flipbench/flipbench/v\"\n",
		"v/v.go": "package v\n",
	})
	writeTree(t, dst, map[string]string{"new/gone/gone.go": "package gone\n"})
	if err := PrepareDuo(old, new, dst); err != nil {
		t.Fatal(err)
	}
	read := func(p string) string {
		data, err := os.ReadFile(filepath.Join(dst, p))
		if err != nil {
			t.Error(err)
		}
		return string(data)
	}
	if k := read("old/k/k.go"); !strings.Contains(k, `"flipbenchregress/old/v"`) {
		t.Errorf("old/k/k.go:\n%s", k)
	}
	if k := read("new/k/k.go"); !strings.Contains(k, `"flipbenchregress/new/v"`) {
		t.Errorf("new/k/k.go:\n%s", k)
	}
	mod := read("go.mod")
	for _, want := range []string{"module flipbenchregress", "go 1.26.0", "golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da", "golang.org/x/sys v0.40.0"} {
		if !strings.Contains(mod, want) {
			t.Errorf("go.mod lacks %q:\n%s", want, mod)
		}
	}
	if sum := read("go.sum"); !strings.Contains(sum, "v0.40.0") || !strings.Contains(sum, "v0.39.0") {
		t.Errorf("go.sum:\n%s", sum)
	}
	for _, p := range []string{"old/gen/go.mod", "new/gone/gone.go"} {
		if _, err := os.Stat(filepath.Join(dst, p)); err == nil {
			t.Errorf("%s is in the duo", p)
		}
	}
	for _, p := range []string{"old/results/a.txt", "old/v/v_amd64.s", "old/solver/ffo.tsv", "cmd/duo/main.go", "runner/runner.go"} {
		if _, err := os.Stat(filepath.Join(dst, p)); err != nil {
			t.Errorf("%s missing: %v", p, err)
		}
	}
	writeTree(t, new, map[string]string{"go.mod": "module example.com/other\n"})
	if err := PrepareDuo(old, new, t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a flipbench tree") {
		t.Errorf("another module: %v", err)
	}
}

// The driver builds against this tree as both OLD and NEW: what regress
// builds when a branch is compared with its merge base.
func TestDuoBuildsOnThisTree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two copies of the kernels' packages")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if err := PrepareDuo(root, root, dst); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "vet", "./cmd/duo")
	cmd.Dir = dst
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet ./cmd/duo: %v\n%s", err, out)
	}
}
