package results_test

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// Under KVM a Zen 2 and a Zen 4 EPYC both say "AMD EPYC". A profile
// measured on the Zen 4 (PEXT is fast there: count_last_flip=bmi2-pext)
// is never applied on the Zen 2, wherever it is found; on the Zen 4 it is.
func TestProfileOnlyOnItsCPU(t *testing.T) {
	feats := []variants.Feature{variants.SSE2, variants.POPCNT, variants.AVX, variants.AVX2, variants.BMI1, variants.BMI2, variants.LZCNT}
	zen2 := variants.NewCPUInfo("AMD EPYC", "AMD", 0x17, 0x31, 0, 3, feats)
	zen4 := variants.NewCPUInfo("AMD EPYC", "AMD", 0x19, 0x11, 1, 3, feats)
	p := &results.Profile{Rule: results.PickRule, CPU: zen4.ID(), Brand: "AMD EPYC", Choices: map[string]string{"count_last_flip": "bmi2-pext"}}

	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	up, err := results.UserProfilePath(zen4.ID())
	if err != nil {
		t.Skip("no user config dir:", err)
	}
	if err := p.Write(up); err != nil {
		t.Fatal(err)
	}
	if got, _, err := results.Find(zen4.ID(), ""); err != nil || got == nil || got.Choices["count_last_flip"] != "bmi2-pext" {
		t.Fatalf("Zen 4: its own profile not found: %v %v", got, err)
	}
	if got, _, err := results.Find(zen2.ID(), ""); got != nil || err != nil {
		t.Errorf("Zen 2: found %v (%v) under the Zen 4's identity", got, err)
	}

	// copied to the Zen 2's place, or named by the override: refused
	up2, _ := results.UserProfilePath(zen2.ID())
	if err := p.Write(up2); err != nil {
		t.Fatal(err)
	}
	got, _, err := results.Find(zen2.ID(), "")
	var other *results.OtherCPUError
	if got != nil || !errors.As(err, &other) || other.Measured != zen4.ID() || other.Here != zen2.ID() {
		t.Errorf("Zen 2 with the Zen 4's profile in its place: %v, %v", got, err)
	}
	if err != nil && !strings.Contains(err.Error(), "not applied") {
		t.Errorf("the error does not say it is not applied: %v", err)
	}
	if got, _, err := results.Find(zen2.ID(), up); got != nil || !errors.As(err, &other) {
		t.Errorf("Zen 2 with the override <Zen 4's>: %v, %v", got, err)
	}
	if got, _, err := results.Find(zen4.ID(), "off"); got != nil || err != nil {
		t.Errorf("Zen 4 with the override off: %v, %v", got, err)
	}
	// and should a foreign profile's choice reach a selection, the rule holds
	sel := variants.Default(zen2, p.Choices)
	k, _ := variants.KernelByName("count_last_flip")
	if in := sel.Info(k); in.UsesPEXT {
		t.Errorf("Zen 2 selected %s, a PEXT variant, from a profile", in.Name)
	}
}

// Every committed results folder is named by the identity its files
// carry (the cpu-id line, and the family, model and stepping lines), and
// its profile, if any, was measured on that identity.
func TestCommittedResultsIdentity(t *testing.T) {
	cpus := results.EmbeddedCPUs()
	if len(cpus) < 2 {
		t.Fatalf("embedded CPUs %v: want at least two", cpus)
	}
	for _, id := range cpus {
		srcs, err := resultsfile.FSSources(results.FS(), "embedded:")
		if err != nil {
			t.Fatal(err)
		}
		var mine []resultsfile.Source
		for _, s := range srcs {
			if strings.HasPrefix(s.Name, "embedded:"+id+"/") {
				mine = append(mine, s)
			}
		}
		ds, err := stats.ReadSources(mine...)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds.Problems) > 0 || len(ds.All()) == 0 {
			t.Errorf("%s: %d results, problems %v", id, len(ds.All()), ds.Problems)
		}
		for _, r := range ds.All() {
			if got := resultsfile.CPUOf(r); got != id {
				t.Fatalf("%s: %s is of %s", id, r.GetConfig(resultsfile.KeyFile), got)
			}
			c, ok := resultsfile.CPUInfoOf(r)
			if !ok || c.ID() != id || r.GetConfig(resultsfile.KeyCPUID) != id {
				t.Fatalf("%s: %s: cpu-id %q, from family/model/stepping %q", id, r.GetConfig(resultsfile.KeyFile), r.GetConfig(resultsfile.KeyCPUID), c.ID())
			}
		}
		p, err := results.Embedded(id)
		if err != nil {
			t.Error(err)
		}
		if p != nil && p.CPU != id {
			t.Errorf("results/%s/profile.json was measured on %s", id, p.CPU)
		}
		if p != nil {
			for _, f := range p.From {
				if _, err := os.Stat(filepath.Join("..", f)); err != nil {
					t.Errorf("results/%s/profile.json: from %s: %v", id, f, err)
				}
			}
		}
	}
	if _, err := fs.Stat(results.FS(), "amd-zen4-f19-m11-s1/2026-11-24T165910-kernels.txt"); err != nil {
		t.Error("the Zen 4 run is not embedded:", err)
	}
}

// A profile of an older rule (no rule line: rule 1) is refused with a
// message naming the command that remakes it, never half-applied.
func TestOldRuleProfileRefused(t *testing.T) {
	_, err := results.Parse([]byte(`{"cpu": "amd-zen5-f1a-m02-s1", "choices": {"flip": "sse2"}}`))
	if err == nil || !strings.Contains(err.Error(), "rule 1") || !strings.Contains(err.Error(), "flipbench pick") {
		t.Fatalf("a rule-1 profile: %v; want refused, naming flipbench pick", err)
	}
	for _, id := range results.EmbeddedCPUs() {
		if _, err := results.Embedded(id); err != nil {
			t.Errorf("committed profile of %s: %v", id, err)
		}
	}
}

// Every committed results file reads, of every date and format, measured
// or predicted: each has results and no line the reader cannot read.
func TestCommittedResultsRead(t *testing.T) {
	var files []string
	err := fs.WalkDir(results.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".txt") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	dates := map[string]bool{}
	for _, f := range files {
		src := resultsfile.Source{Name: f, Open: func() (io.ReadCloser, error) { return results.FS().Open(f) }}
		n := 0
		info, err := resultsfile.Read(src, resultsfile.Handler{Result: func(*benchfmt.Result) error { n++; return nil }})
		if err != nil || n == 0 || len(info.Problems) > 0 || info.Incomplete != "" {
			t.Errorf("%s: %d results, %v, incomplete %q, problems %v", f, n, err, info.Incomplete, info.Problems)
		}
		if d, _, ok := strings.Cut(path.Base(f), "T"); ok && len(d) == len("2006-01-02") {
			dates[d] = true
		}
	}
	if len(files) < 100 || len(dates) < 2 {
		t.Errorf("%d files of %d dates: the committed results are not all embedded", len(files), len(dates))
	}
}
