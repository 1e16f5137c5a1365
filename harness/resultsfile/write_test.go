package resultsfile_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
)

// The Writer's file starts with the format line, and reads back whole:
// every result with its configuration and the format's version, the
// units, the end lines.
func TestWriteRead(t *testing.T) {
	var buf bytes.Buffer
	w := resultsfile.NewWriter(&buf)
	if err := w.WriteUnit(resultsfile.ExactUnit("nodes/op")); err != nil {
		t.Fatal(err)
	}
	cfg := resultsfile.Config([][2]string{{resultsfile.KeyCPUID, "amd-zen4-f19-m11-s1"}}, [][2]string{{resultsfile.KeyImpl, "asm"}})
	for _, v := range []string{"sse2", "bitscan"} {
		r := &benchfmt.Result{Name: benchfmt.Name("Kernel/kernel=flip/variant=" + v + "/form=call"), Iters: 10, Config: cfg,
			Values: []benchfmt.Value{{Value: 7, Unit: "ns/op"}, {Value: 3, Unit: "nodes/op"}}}
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.WriteEnd(resultsfile.KeyLoadEnd, "0.5"); err != nil {
		t.Fatal(err)
	}
	if err := w.MarkIncomplete("interrupted\nafter 2"); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.HasPrefix(text, resultsfile.KeyFormat+": "+resultsfile.Version+"\n") || strings.Count(text, resultsfile.KeyFormat+":") != 1 {
		t.Fatalf("the file does not start with its one format line:\n%s", text)
	}
	src := resultsfile.Source{Name: "w.txt", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
	var got []*benchfmt.Result
	units := 0
	info, err := resultsfile.Read(src, resultsfile.Handler{
		Result: func(r *benchfmt.Result) error { got = append(got, r.Clone()); return nil },
		Unit:   func(*benchfmt.UnitMetadata) { units++ },
	})
	if err != nil || len(info.Problems) > 0 || info.Incomplete != "interrupted after 2" || units != 1 || len(got) != 2 {
		t.Fatalf("%d results, %d units, incomplete %q, %v, problems %v:\n%s", len(got), units, info.Incomplete, err, info.Problems, text)
	}
	for _, r := range got {
		if r.GetConfig(resultsfile.KeyFormat) != resultsfile.Version || r.GetConfig(resultsfile.KeyImpl) != "asm" || resultsfile.CPUOf(r) != "amd-zen4-f19-m11-s1" {
			t.Errorf("%s: read back as %v", r.Name, r.Config)
		}
	}
}

// The bandwidth baseline's name, which files without impl lines carry
// (KindOf), is the benchmarks'.
func TestBaselineName(t *testing.T) {
	if resultsfile.BaselineVariant != bench.BaselineVariant {
		t.Errorf("resultsfile reads %q as the baseline, bench names it %q", resultsfile.BaselineVariant, bench.BaselineVariant)
	}
}
