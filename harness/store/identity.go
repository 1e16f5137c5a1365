package store

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"golang.org/x/perf/benchfmt"
)

// Identity is the CPU a result was measured on, from its configuration:
// its cpu-id line when it has one, and its cpu-vendor, cpu-family,
// cpu-model and cpu-stepping lines (every flipbench results file has
// these four).
type Identity struct {
	ID                              string // cpu-id
	Vendor, Family, Model, Stepping string
}

// identityKeys are the configuration keys of an Identity.
var identityKeys = []string{resultsfile.KeyCPUID, resultsfile.KeyCPUVendor, resultsfile.KeyCPUFamily, resultsfile.KeyCPUModel, resultsfile.KeyCPUStepping}

// IdentityOf reads an identity from a configuration (a result's
// GetConfig, a label map's lookup).
func IdentityOf(get func(key string) string) Identity {
	return Identity{ID: get(resultsfile.KeyCPUID), Vendor: get(resultsfile.KeyCPUVendor), Family: get(resultsfile.KeyCPUFamily), Model: get(resultsfile.KeyCPUModel), Stepping: get(resultsfile.KeyCPUStepping)}
}

// IdentityFromConfig reads an identity from configuration lines, as
// bench.MachineConfig returns them.
func IdentityFromConfig(cfg [][2]string) Identity {
	return IdentityOf(func(k string) string {
		for _, kv := range cfg {
			if kv[0] == k {
				return kv[1]
			}
		}
		return ""
	})
}

func (a Identity) hasFour() bool {
	return a.Vendor != "" && a.Family != "" && a.Model != "" && a.Stepping != ""
}

// Known says whether the identity names a CPU.
func (a Identity) Known() bool { return a.ID != "" || a.hasFour() }

// Same says whether two identities are the same machine: by cpu-id when
// both have one, else by vendor, family, model and stepping.
func (a Identity) Same(b Identity) bool {
	if a.ID != "" && b.ID != "" {
		return a.ID == b.ID
	}
	return a.hasFour() && b.hasFour() && a.Vendor == b.Vendor && a.Family == b.Family && a.Model == b.Model && a.Stepping == b.Stepping
}

func (a Identity) String() string {
	var s []string
	if a.ID != "" {
		s = append(s, "cpu-id "+a.ID)
	}
	if a.hasFour() {
		s = append(s, fmt.Sprintf("%s family %s model %s stepping %s", a.Vendor, a.Family, a.Model, a.Stepping))
	}
	if len(s) == 0 {
		return "unknown CPU"
	}
	return strings.Join(s, ", ")
}

// Query is the server query selecting this machine's results: the four
// lines when known (results written before cpu-id existed have them too;
// Same then tells machines apart by cpu-id), else cpu-id.
func (a Identity) Query() string {
	if a.hasFour() {
		return fmt.Sprintf("cpu-vendor:%s cpu-family:%s cpu-model:%s cpu-stepping:%s",
			QuoteWord(a.Vendor), QuoteWord(a.Family), QuoteWord(a.Model), QuoteWord(a.Stepping))
	}
	if a.ID != "" {
		return "cpu-id:" + QuoteWord(a.ID)
	}
	return ""
}

// QuoteWord quotes a query value the way the server splits queries
// (shell-like words, double quotes, backslash escapes).
func QuoteWord(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\"\\") {
		return v
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._+-]+`)

// dirName is the results directory of a machine, as under results/: its
// CPU identity (cpu-id, or derived from family, model and stepping as
// resultsfile.CPUOf derives it for older files), else its cpu-slug.
func dirName(get func(string) string) string {
	r := &benchfmt.Result{}
	for _, k := range append(slices.Clone(identityKeys), resultsfile.KeyCPUSlug, resultsfile.KeyCPU) {
		if v := get(k); v != "" {
			r.SetConfig(k, v)
		}
	}
	if n := strings.Trim(unsafeName.ReplaceAllString(resultsfile.CPUOf(r), "-"), "-."); n != "" {
		return n
	}
	return "unknown-cpu"
}
