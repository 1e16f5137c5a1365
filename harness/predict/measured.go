package predict

import (
	"strings"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// Measured is what a CPU measured of one variant's form: the figure a
// prediction is validated against.
type Measured struct {
	CPU, Uarch            string // identity (resultsfile.CPUOf) and microarchitecture
	Kernel, Variant, Form string
	Seconds               float64 // per operation
}

// MeasuredFigures returns, per CPU, kernel, variant and form, the
// measured figure the predictions are validated against: the figure
// (stats.Figure) of the newest complete run (stats.Dataset.KeepLatest),
// as the report shows it; twins left out.
// It is the one place that says what a measured figure is. Results of
// kernels timed at several sizes or lengths (their /len or /size keys),
// cbench's C kernels and whole solves are left out: no prediction
// matches them.
func MeasuredFigures(ds *stats.Dataset) []Measured {
	latest := ds.Clone()
	latest.KeepLatest()
	type key struct{ cpu, kernel, variant, form string }
	values := map[key][]float64{}
	uarch := map[string]string{}
	var order []key
	for i := range latest.Len() {
		r := latest.View(i)
		if string(r.Name.Base()) != "Kernel" || resultsfile.KindOf(r) == variants.KindC {
			continue
		}
		keys := map[string]string{}
		for _, part := range strings.Split(string(r.Name.Full()), "/")[1:] {
			k, v, _ := strings.Cut(part, "=")
			keys[k] = v
		}
		sec, ok := latest.Value(i, "sec/op")
		if !ok || len(keys) != 3 || keys["kernel"] == "" || keys["variant"] == "" || keys["form"] == "" {
			continue
		}
		k := key{resultsfile.CPUOf(r), keys["kernel"], keys["variant"], keys["form"]}
		if values[k] == nil {
			order = append(order, k)
		}
		values[k] = append(values[k], sec)
		if c, ok := resultsfile.CPUInfoOf(r); ok && c.Uarch != "" {
			uarch[k.cpu] = c.Uarch
		}
	}
	out := make([]Measured, 0, len(order))
	for _, k := range order {
		fig := stats.Figure(values[k], 0.95).Center
		out = append(out, Measured{CPU: k.cpu, Uarch: uarch[k.cpu], Kernel: k.kernel, Variant: k.variant, Form: k.form, Seconds: fig})
	}
	return out
}
