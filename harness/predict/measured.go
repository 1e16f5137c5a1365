package predict

import (
	"slices"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// Measured is what a CPU measured of one variant's form: the figure a
// prediction is validated against.
type Measured struct {
	CPU, Uarch            string // identity (stats.CPUOf) and microarchitecture
	Kernel, Variant, Form string
	Seconds               float64 // per operation
}

// MeasuredFigures returns, per CPU, kernel, variant and form, the
// measured figure the predictions are validated against: the median of
// the newest complete run (stats.Dataset.KeepLatest, benchmath's median).
// It is the one place that says what a measured figure is. Results of
// kernels timed at several sizes or lengths (their /len or /size keys),
// cbench's C kernels and whole solves are left out: no prediction
// matches them.
func MeasuredFigures(ds *stats.Dataset) []Measured {
	latest := *ds
	latest.Results = slices.Clone(ds.Results)
	latest.KeepLatest()
	type key struct{ cpu, kernel, variant, form string }
	values := map[key][]float64{}
	uarch := map[string]string{}
	var order []key
	for _, r := range latest.Results {
		if string(r.Name.Base()) != "Kernel" || stats.KindOf(r) == variants.KindC {
			continue
		}
		keys := map[string]string{}
		for _, part := range strings.Split(string(r.Name.Full()), "/")[1:] {
			k, v, _ := strings.Cut(part, "=")
			keys[k] = v
		}
		sec, ok := r.Value("sec/op")
		if !ok || len(keys) != 3 || keys["kernel"] == "" || keys["variant"] == "" || keys["form"] == "" {
			continue
		}
		k := key{stats.CPUOf(r), keys["kernel"], keys["variant"], keys["form"]}
		if values[k] == nil {
			order = append(order, k)
		}
		values[k] = append(values[k], sec)
		if c, ok := stats.CPUInfoOf(r); ok && c.Uarch != "" {
			uarch[k.cpu] = c.Uarch
		}
	}
	out := make([]Measured, 0, len(order))
	for _, k := range order {
		s := benchmath.NewSample(values[k], &benchmath.DefaultThresholds)
		med := benchmath.AssumeNothing.Summary(s, 0.95).Center
		out = append(out, Measured{CPU: k.cpu, Uarch: uarch[k.cpu], Kernel: k.kernel, Variant: k.variant, Form: k.form, Seconds: med})
	}
	return out
}
