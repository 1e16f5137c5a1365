package stats

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// PickOptions sets how sure a pick must be.
type PickOptions struct {
	Alpha      float64 // a winner must beat the default with p < Alpha (0.05)
	Confidence float64 // of the reported intervals (0.95)
	// CPU is the machine the pick is for: a variant it cannot run, or
	// that the built-in rules never choose on it, is not eligible.
	CPU variants.CPUInfo
	// Defaults is each kernel's variant under the built-in rules on CPU
	// (without any profile); the winner must beat it significantly. A
	// kernel missing here gets variants.DefaultName.
	Defaults map[string]string
	// Kernels are the kernels to pick for; nil: every kernel.
	Kernels []variants.KernelInfo
}

// Pick chooses, per kernel, the fastest variant measured on the machine
// cpu (a CPUOf identity) in ds, per call (where the solver calls it; for
// hash_clear, at the largest table size measured). A variant is eligible
// if it is one of this build's variants (never a C kernel of cbench's,
// impl: c, nor a variant another build had), this CPU runs it, and the built-in rules allow it
// as a default: no Bound (lazy) variant, no PEXT where PEXT is microcoded,
// no 512-bit form where it lowers the clock (a micro-benchmark cannot see
// what that costs the rest of the program). The fastest eligible variant
// replaces the default only when benchmath's Mann-Whitney test says it is
// faster with p < Alpha; otherwise the default stays, and the reason says
// so with the figures.
func Pick(ds *Dataset, cpu string, o PickOptions) []results.KernelChoice {
	if o.Alpha == 0 {
		o.Alpha = 0.05
	}
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	// kernel -> variant -> values (ns/op)
	data := map[string]map[string][]float64{}
	hashSize := map[string]float64{} // the size used for hash_clear
	shortest := map[string]int{}     // the slice length used for popcount
	foreign := map[string][]string{} // kernel -> C kernels measured beside
	for _, r := range ds.Results {
		if CPUOf(r) != cpu || string(r.Name.Base()) != "Kernel" {
			continue
		}
		keys := nameKeys(r.Name)
		if keys["form"] != "call" || keys["variant"] == "" {
			continue
		}
		k := keys["kernel"]
		if KindOf(r) == variants.KindC {
			// cbench's: timed beside the variants, never one of them
			if !slices.Contains(foreign[k], keys["variant"]) {
				foreign[k] = append(foreign[k], keys["variant"])
			}
			continue
		}
		if k == "hash_clear" || keys["size"] != "" {
			sz := parseSize(keys["size"])
			switch cur, ok := hashSize[k]; {
			case !ok || sz > cur:
				hashSize[k] = sz
				data[k] = nil
			case sz < cur:
				continue
			}
		}
		if l, err := strconv.Atoi(keys["len"]); err == nil {
			// the shortest slices measured: what the solver counts
			switch cur, ok := shortest[k]; {
			case !ok || l < cur:
				shortest[k] = l
				data[k] = nil
			case l > cur:
				continue
			}
		}
		v, ok := r.Value("sec/op")
		if !ok {
			continue
		}
		if data[k] == nil {
			data[k] = map[string][]float64{}
		}
		data[k][keys["variant"]] = append(data[k][keys["variant"]], v*1e9)
	}

	// Whole solves (bench -solve SET -solve-kernel K) decide a kernel
	// where they exist: they see what a micro-benchmark cannot (a
	// prefetch's hidden latency, cache pressure, the 512-bit clock).
	solveData := map[string]map[string][]float64{}
	solveSet := map[string]string{}
	for _, r := range ds.Results {
		if CPUOf(r) != cpu || string(r.Name.Base()) != "Solve" || KindOf(r) == variants.KindC {
			continue
		}
		keys := nameKeys(r.Name)
		k, v := keys["kernel"], keys["variant"]
		sec, ok := r.Value("sec/op")
		if k == "" || v == "" || !ok {
			continue
		}
		if set, seen := solveSet[k]; seen && set != keys["set"] {
			continue // one set per kernel: the first met
		}
		solveSet[k] = keys["set"]
		if solveData[k] == nil {
			solveData[k] = map[string][]float64{}
		}
		solveData[k][v] = append(solveData[k][v], sec*1e9)
	}

	var out []results.KernelChoice
	ks := o.Kernels
	if ks == nil {
		ks = variants.Kernels()
	}
	for _, k := range ks {
		kc := results.KernelChoice{Kernel: k.Name(), Default: o.Defaults[k.Name()]}
		if kc.Default == "" {
			kc.Default = variants.DefaultName(k, o.CPU)
		}
		kc.Choice = kc.Default
		samples, by := data[k.Name()], ""
		if sd := solveData[k.Name()]; len(sd) > 0 {
			samples, by = sd, "by whole solves of "+solveSet[k.Name()]+": "
		} else if k.Name() == "hash_prefetch" {
			kc.Reason = "a prefetch pays in the memory latency it hides inside a search, which a micro-benchmark cannot see, " +
				"and no solve runs compare it here (flipbench bench -solve ffo20-39 -solve-kernel hash_prefetch): keep the default"
			out = append(out, kc)
			continue
		}
		if len(samples) == 0 {
			kc.Reason = "no results for this kernel on this CPU: keep the default"
			out = append(out, kc)
			continue
		}
		infos := map[string]variants.Info{}
		for _, in := range k.Infos() {
			infos[in.Name] = in
		}
		type meas struct {
			name   string
			sample *benchmath.Sample
			sum    benchmath.Summary
		}
		var eligible []meas
		var excluded []string
		for _, c := range foreign[k.Name()] {
			excluded = append(excluded, c+" (C, timed by cbench: not a flipbench variant)")
		}
		var ref, def *meas
		for _, name := range slices.Sorted(maps.Keys(samples)) {
			m := meas{name: name, sample: benchmath.NewSample(samples[name], &benchmath.DefaultThresholds)}
			m.sum = Summarize(benchmath.AssumeNothing, m.sample, o.Confidence)
			if name == variants.RefName {
				mm := m
				ref = &mm
			}
			if name == kc.Default {
				mm := m
				def = &mm
			}
			in, ok := infos[name]
			why, eligibleHere := variants.Eligible(in, o.CPU)
			switch {
			case !ok:
				excluded = append(excluded, name+" (not in this build)")
			case !eligibleHere:
				excluded = append(excluded, name+" ("+why+")")
			default:
				eligible = append(eligible, m)
			}
		}
		slices.SortStableFunc(eligible, func(a, b meas) int {
			return cmp.Compare(a.sum.Center, b.sum.Center)
		})
		fig := func(m *meas) *results.Figure {
			if m == nil {
				return nil
			}
			return &results.Figure{Variant: m.name, Ns: m.sum.Center, Lo: finite(m.sum.Lo), Hi: finite(m.sum.Hi),
				Confidence: m.sum.Confidence, N: len(m.sample.Values)}
		}
		kc.Reference = fig(ref)
		var note string
		if len(excluded) > 0 {
			note = "; not eligible: " + strings.Join(excluded, ", ")
		}
		if len(eligible) == 0 {
			kc.Reason = by + "no eligible variant measured: keep the default" + note
			out = append(out, kc)
			continue
		}
		win := eligible[0]
		kc.Winner = fig(&win)
		if len(eligible) > 1 {
			kc.RunnerUp = fig(&eligible[1])
		}
		switch {
		case win.name == kc.Default:
			kc.Reason = "the default is the fastest measured"
			if len(eligible) > 1 {
				c := benchmath.AssumeNothing.Compare(eligible[1].sample, win.sample)
				kc.Reason += fmt.Sprintf(" (%s vs runner-up %s, %s)", pct(win.sum.Center, eligible[1].sum.Center), eligible[1].name, c)
			}
		case def == nil:
			kc.Reason = fmt.Sprintf("%s is fastest, but the default %s was not measured to compare with: keep the default", win.name, kc.Default)
		default:
			c := benchmath.AssumeNothing.Compare(def.sample, win.sample)
			d := pct(win.sum.Center, def.sum.Center)
			if c.P < o.Alpha && win.sum.Center < def.sum.Center {
				kc.Choice = win.name
				kc.Reason = fmt.Sprintf("%s is faster than the default %s: %s (%s)", win.name, kc.Default, d, c)
			} else {
				kc.Reason = fmt.Sprintf("%s is fastest by median (%s vs the default %s) but the difference is not significant (%s, alpha %g): keep the default",
					win.name, d, kc.Default, c, o.Alpha)
			}
		}
		kc.Reason = by + kc.Reason + note
		out = append(out, kc)
	}
	return out
}

func finite(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0
	}
	return v
}

// pct is a's change against b: "-12.3%".
func pct(a, b float64) string {
	if b == 0 {
		return "?"
	}
	return fmt.Sprintf("%+.1f%%", 100*(a/b-1))
}

// nameKeys returns a result name's key=value parts.
func nameKeys(n benchfmt.Name) map[string]string {
	_, parts := n.Parts()
	m := map[string]string{}
	for _, p := range parts {
		s := strings.TrimPrefix(string(p), "/")
		if k, v, ok := strings.Cut(s, "="); ok {
			m[k] = v
		}
	}
	return m
}

var sizeRE = regexp.MustCompile(`^([0-9.]+)([KMGT]i)?B$`)

// parseSize reads SizeName's form back (0 if it is not one).
func parseSize(s string) float64 {
	m := sizeRE.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	if m[2] != "" {
		v *= math.Pow(1024, float64(strings.IndexByte("KMGT", m[2][0])+1))
	}
	return v
}
