package resultsfile

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/variants"
)

// readViews reads a fixture of testdata, named name in the results, as
// the readers see its results (View).
func readViews(t *testing.T, fixture, name string) []*benchfmt.Result {
	t.Helper()
	src := Source{Name: name, Open: func() (io.ReadCloser, error) { return os.Open(filepath.Join("testdata", fixture)) }}
	var out []*benchfmt.Result
	info, err := Read(src, Handler{Result: func(r *benchfmt.Result) error {
		out = append(out, View(r, name))
		return nil
	}})
	if err != nil || len(info.Problems) > 0 || len(out) == 0 {
		t.Fatalf("%s: %d results, %v, problems %v", fixture, len(out), err, info.Problems)
	}
	return out
}

// A file without the cpu-id line: the identity is derived from its
// vendor, family, model and stepping lines, and set on its views.
func TestOldNoCPUID(t *testing.T) {
	r := readViews(t, "v1-no-cpu-id.txt", "results/somewhere/v1.txt")[0]
	const want = "amd-zen4-f19-m11-s1"
	if got := r.GetConfig(KeyCPUID); got != want {
		t.Errorf("view's %s: %q, want %q", KeyCPUID, got, want)
	}
	if got := CPUOf(r); got != want {
		t.Errorf("CPUOf: %q, want %q", got, want)
	}
}

// A file without identity lines: its cpu-slug line names the machine;
// without that, its folder; without a folder, its cpu (brand) line.
func TestOldNoIdentity(t *testing.T) {
	if got := CPUOf(readViews(t, "v1-cpu-slug.txt", "results/old-folder/v1.txt")[0]); got != "amd-epyc-9r14" {
		t.Errorf("with a cpu-slug line: CPUOf %q", got)
	}
	if got := CPUOf(readViews(t, "v1-cpu-only.txt", "results/old-folder/v1.txt")[0]); got != "old-folder" {
		t.Errorf("in a folder: CPUOf %q", got)
	}
	r := readViews(t, "v1-cpu-only.txt", "v1.txt")[0]
	if got := CPUOf(r); got != "amd-epyc-9r14" {
		t.Errorf("alone: CPUOf %q", got)
	}
	if r.GetConfig(KeyCPUID) != "" {
		t.Errorf("a cpu-id %q set without the lines it derives from", r.GetConfig(KeyCPUID))
	}
}

// impl: archsimd is the older name of gosimd (the fixture's variant name
// does not say its kind: the line alone does).
func TestOldImplArchsimd(t *testing.T) {
	if got := KindOf(readViews(t, "v1-impl-archsimd.txt", "v1.txt")[0]); got != variants.KindGoSIMD {
		t.Errorf("KindOf: %q, want %q", got, variants.KindGoSIMD)
	}
}

// A file without impl lines: the variant's name says the kind, else
// this build's registry, else it is assembly.
func TestOldNoImpl(t *testing.T) {
	want := []string{variants.KindC, variants.KindGoSIMD, variants.KindGo, variants.KindGo, variants.KindGo, variants.KindAsm}
	rs := readViews(t, "v1-no-impl.txt", "v1.txt")
	if len(rs) != len(want) {
		t.Fatalf("%d results, want %d", len(rs), len(want))
	}
	for i, r := range rs {
		if got := KindOf(r); got != want[i] {
			t.Errorf("%s: KindOf %q, want %q", r.Name, got, want[i])
		}
	}
}

// A file without the goexperiment line: its go line says the experiment.
func TestOldGoExperiment(t *testing.T) {
	r := readViews(t, "v1-go-experiment.txt", "v1.txt")[0]
	if got := Flavour(r.GetConfig); got != "GOEXPERIMENT=simd" {
		t.Errorf("Flavour: %q", got)
	}
}

// Kernels whose inputs changed, measured on older inputs (another
// inputs line, or none), measured another thing; other kernels did not.
func TestOldInputs(t *testing.T) {
	rs := readViews(t, "v1-old-inputs.txt", "v1.txt")
	for i, want := range []bool{true, false, true} {
		if got := OldInputs(rs[i]); got != want {
			t.Errorf("%s (inputs %q): OldInputs %v, want %v", rs[i].Name, rs[i].GetConfig(KeyInputs), got, want)
		}
	}
}

// A file without runs-per-round and processes lines: one run per round,
// one process.
func TestOldNoRunsPerRound(t *testing.T) {
	r := readViews(t, "v1-no-runs-per-round.txt", "v1.txt")[0]
	if got := RunsPerRound(r); got != 1 {
		t.Errorf("RunsPerRound: %d", got)
	}
	if got := Parts(r); got != [2]uint32{} {
		t.Errorf("Parts: %v", got)
	}
}
