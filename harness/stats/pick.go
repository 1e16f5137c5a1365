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

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// PickOptions sets how sure a pick must be.
type PickOptions struct {
	Margin     float64 // a winner must beat the default beyond it (DefaultMargin)
	Confidence float64 // of the intervals (0.95)
	// CPU is the machine the pick is for: a variant it cannot run, or
	// that the built-in rules never choose on it, is not eligible.
	CPU variants.CPUInfo
	// Defaults is each kernel's variant under the built-in rules on CPU
	// (without any profile); the winner must beat it significantly. A
	// kernel missing here gets variants.DefaultName.
	Defaults map[string]string
	// Kernels are the kernels to pick for; nil: every kernel.
	Kernels []variants.KernelInfo
	// Flavour is the build whose results count (Flavour's name, "" for
	// the default build): a flavour has variants the others lack.
	Flavour string
}

// Ranked is one variant's runs in a ranking.
type Ranked struct {
	Variant string
	Ref     int // the caller's: which row it is
	Runs    []Run
	Summary benchmath.Summary // its figure (Figure)
}

// Fastest orders rs by figure, the best first (lowest time, highest rate
// where better is +1), and compares the runner-up with the winner (the
// runner-up over the winner; nil with fewer than two): the one rule by
// which report, compare and pick name a fastest variant and say how sure
// that is. Where the two were measured together and the rounds call the
// runner-up faster, it is the winner: the figure is a low quantile of all
// runs, and a case fast in one process of a session's eight (bimodal by
// process) can have the lower figure and lose most rounds.
func Fastest(rs []Ranked, better int, margin, confidence float64) ([]Ranked, *Comparison) {
	for i := range rs {
		rs[i].Summary = Figure(values(rs[i].Runs), confidence)
	}
	slices.SortStableFunc(rs, func(a, b Ranked) int {
		if better > 0 {
			return cmp.Compare(b.Summary.Center, a.Summary.Center)
		}
		return cmp.Compare(a.Summary.Center, b.Summary.Center)
	})
	if len(rs) < 2 {
		return rs, nil
	}
	c := CompareRuns(rs[0].Runs, rs[1].Runs, better, margin, confidence)
	if c.Paired && c.Verdict == Faster {
		rs[0], rs[1] = rs[1], rs[0]
		c = CompareRuns(rs[0].Runs, rs[1].Runs, better, margin, confidence)
	}
	return rs, &c
}

// WinnerVerdict says how the winner of a ranking stands against the
// runner-up, in the words of the rule (Comparison.decide): "3.2% ahead
// of X", "equal to X (90% interval within ±1%)", "undecided against X".
func WinnerVerdict(second string, c *Comparison) string {
	switch c.Verdict {
	case Slower, Faster: // the runner-up slower: the winner ahead
		r := c.Ratio
		if c.Better > 0 {
			r = 1 / r
		}
		if r >= 2 {
			return fmt.Sprintf("%s faster than %s", FormatChange(r), second)
		}
		return fmt.Sprintf("%.1f%% ahead of %s", 100*(r-1), second)
	case Equal:
		return fmt.Sprintf("equal to %s (%.0f%% interval within ±%.3g%%)", second, 100*(2*c.Confidence-1), 100*c.Margin)
	}
	return fmt.Sprintf("undecided against %s", second)
}

// Evidence is what decides a kernel in Pick.
type Evidence struct {
	What  string // "per call", "whole solves of ffo20-39"
	Data  map[string][]Run
	Note  string // what was left out
	Solve bool
}

// Pick chooses, per kernel, the fastest variant measured on the machine
// cpu (a CPUOf identity) in ds: by whole solves where they exist (bench
// -solve SET -solve-kernel K: they see what a micro-benchmark cannot, a
// prefetch's hidden latency, cache pressure, the 512-bit clock), else per
// call (where the solver calls it; for hash_clear, at the largest table
// size measured; popcount at the shortest slices). A variant is eligible
// if it is one of this build's variants (never a C kernel of cbench's,
// impl: c, nor a variant another build had), this CPU runs it, and the
// built-in rules allow it as a default. The fastest eligible variant
// replaces the default only when the paired comparison says it is faster
// beyond the margin; otherwise the default stays, and the reason says so
// with the figures, in the evidence's unit.
func Pick(ds *Dataset, cpu string, o PickOptions) []results.KernelChoice {
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	if o.Margin == 0 {
		o.Margin = DefaultMargin
	}
	calls, foreign := callEvidence(ds, cpu, o.Flavour)
	solves := solveEvidence(ds, cpu, o.Flavour)
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
		ev, ok := solves[k.Name()]
		var unused string
		if ok {
			if why := solvesDecide(k, ev, calls[k.Name()], kc.Default, o); why != "" {
				unused = "; " + ev.What + " not used: " + why
				ok = false
			}
		}
		if !ok {
			ev, ok = calls[k.Name()]
			if k.Name() == "hash_prefetch" {
				kc.Evidence = "per call"
				kc.Reason = "a prefetch pays in the memory latency it hides inside a search, which a micro-benchmark cannot see, " +
					"and no solve runs compare it here (flipbench bench -solve ffo20-39 -solve-kernel hash_prefetch): keep the default"
				out = append(out, kc)
				continue
			}
		}
		if !ok || len(ev.Data) == 0 {
			kc.Reason = "no results for this kernel on this CPU: keep the default"
			out = append(out, kc)
			continue
		}
		kc.Evidence = ev.What
		pickKernel(&kc, k, ev, foreign[k.Name()], o)
		kc.Reason += unused
		out = append(out, kc)
	}
	return out
}

// solvesDecide says why whole solves may not decide a kernel ("" if they
// may): they decide only where their rounds pair the variants (run in
// turn, round by round, as the kernel benchmarks are), the per-call
// winner among the eligible variants was solved too, and the paired 95%
// interval of the solves' winner against its runner-up is narrower than
// the margin on either side. Three unpaired solves of ±10% decide nothing
// the per-call figures do not decide better.
func solvesDecide(k variants.KernelInfo, solves, calls Evidence, def string, o PickOptions) string {
	eligible := func(ev Evidence) []Ranked {
		_, out, _ := ranked(k, ev, o.CPU)
		return out
	}
	solved, c := Fastest(eligible(solves), -1, o.Margin, o.Confidence)
	if len(solved) < 2 || c == nil {
		return "fewer than two eligible variants solved"
	}
	if byCall, _ := Fastest(eligible(calls), -1, o.Margin, o.Confidence); len(byCall) > 0 && solves.Data[byCall[0].Variant] == nil {
		return "the fastest per call, " + byCall[0].Variant + ", was not solved"
	}
	if solves.Data[def] == nil {
		return "the default " + def + " was not solved"
	}
	if !c.Paired {
		return fmt.Sprintf("not paired (%d runs each at most, not interleaved round by round)", c.N)
	}
	if half := max(c.Ratio-c.Lo, c.Hi-c.Ratio) / c.Ratio; !(half <= o.Margin) {
		return fmt.Sprintf("their %.0f%% interval, ±%.1f%% over %d rounds, is wider than the ±%.3g%% margin", 100*o.Confidence, 100*half, c.N, 100*o.Margin)
	}
	return ""
}

// pickKernel decides one kernel from its evidence.
func pickKernel(kc *results.KernelChoice, k variants.KernelInfo, ev Evidence, foreign []string, o PickOptions) {
	var excluded []string
	for _, c := range foreign {
		excluded = append(excluded, c+" (C, timed by cbench: not a flipbench variant)")
	}
	all, eligible, ineligibles := ranked(k, ev, o.CPU)
	excluded = append(excluded, ineligibles...)
	all, _ = Fastest(all, -1, o.Margin, o.Confidence)
	eligible, second := Fastest(eligible, -1, o.Margin, o.Confidence)
	fig := func(r *Ranked) *results.Figure {
		if r == nil {
			return nil
		}
		return &results.Figure{Variant: r.Variant, Ns: r.Summary.Center * 1e9, Lo: finite(r.Summary.Lo) * 1e9, Hi: finite(r.Summary.Hi) * 1e9,
			Confidence: r.Summary.Confidence, N: len(r.Runs)}
	}
	var ref, def *Ranked
	for i := range all {
		switch all[i].Variant {
		case variants.RefName:
			ref = &all[i]
		}
		if all[i].Variant == kc.Default {
			def = &all[i]
		}
	}
	kc.Reference = fig(ref)
	by := "by " + ev.What + ": "
	var note string
	if len(excluded) > 0 {
		note = "; not eligible: " + strings.Join(excluded, ", ")
	}
	if len(eligible) == 0 {
		kc.Reason = by + "no eligible variant measured: keep the default" + note
		return
	}
	win := eligible[0]
	kc.Winner = fig(&win)
	if len(eligible) > 1 {
		kc.RunnerUp = fig(&eligible[1])
	}
	if all[0].Variant != win.Variant {
		note = fmt.Sprintf("; the fastest measured, %s (%s), is not eligible", all[0].Variant, FormatTime(all[0].Summary.Center)) + note
	}
	switch {
	case win.Variant == kc.Default:
		kc.Reason = fmt.Sprintf("the default %s is the fastest eligible (%s)", win.Variant, FormatTime(win.Summary.Center))
		if second != nil {
			kc.Reason += ": " + WinnerVerdict(eligible[1].Variant, second) + fmt.Sprintf(" (%s)", second.Detail())
			kc.Verdict = second.Verdict.String()
		}
	case def == nil:
		kc.Reason = fmt.Sprintf("%s is fastest, but the default %s was not measured to compare with: keep the default", win.Variant, kc.Default)
	default:
		c := CompareRuns(def.Runs, win.Runs, -1, o.Margin, o.Confidence)
		kc.Verdict = c.Verdict.String()
		if c.Verdict == Faster {
			kc.Choice = win.Variant
			kc.Reason = fmt.Sprintf("%s (%s) is faster than the default %s (%s): %s", win.Variant, FormatTime(win.Summary.Center),
				kc.Default, FormatTime(def.Summary.Center), c.Detail())
		} else {
			kc.Reason = fmt.Sprintf("%s (%s) is fastest by its figure, the default %s (%s) is %s: %s: keep the default",
				win.Variant, FormatTime(win.Summary.Center), kc.Default, FormatTime(def.Summary.Center), verdictWord(c), c.Detail())
		}
	}
	kc.Reason = by + kc.Reason + note
}

// verdictWord says how the default stands to the winner when the winner
// is not faster beyond the margin.
func verdictWord(c Comparison) string {
	switch c.Verdict {
	case Equal:
		return fmt.Sprintf("equal to it (%.0f%% interval within ±%.3g%%)", 100*(2*c.Confidence-1), 100*c.Margin)
	case Slower:
		return "faster, round by round" // the figures and the paired ratios disagree
	}
	return "not told apart from it (undecided)"
}

// ranked is the evidence's variants, in name order: all of them, those
// that may be picked on cpu, and why each other may not ("name (why)").
func ranked(k variants.KernelInfo, ev Evidence, cpu variants.CPUInfo) (all, eligible []Ranked, excluded []string) {
	infos := map[string]variants.Info{}
	for _, in := range k.Infos() {
		infos[in.Name] = in
	}
	for _, name := range slices.Sorted(maps.Keys(ev.Data)) {
		r := Ranked{Variant: name, Runs: ev.Data[name]}
		all = append(all, r)
		if why := ineligible(k, infos, name, cpu); why != "" {
			excluded = append(excluded, name+" ("+why+")")
			continue
		}
		eligible = append(eligible, r)
	}
	return all, eligible, excluded
}

// ineligible says why a variant may not be picked on cpu, "" if it may:
// not in this build, or against the one rule of defaults
// (the kernel's Eligible).
func ineligible(k variants.KernelInfo, infos map[string]variants.Info, name string, cpu variants.CPUInfo) string {
	in, ok := infos[name]
	if !ok {
		return "not in this build"
	}
	if why, ok := k.Eligible(in, cpu); !ok {
		return why
	}
	return ""
}

// callEvidence gathers the per-call runs of every kernel on cpu (form
// call; hash_clear at its largest size, popcount at its shortest slices;
// no twin), and the C kernels measured beside (cbench's).
func callEvidence(ds *Dataset, cpu, flavour string) (map[string]Evidence, map[string][]string) {
	out := map[string]Evidence{}
	foreign := map[string][]string{}
	size := map[string]float64{} // the size used for hash_clear
	shortest := map[string]int{} // the slice length used for popcount
	files := fileIndex(ds)
	for i := range ds.recs {
		r := ds.View(i)
		if resultsfile.CPUOf(r) != cpu || string(r.Name.Base()) != "Kernel" || Flavour(r) != flavour {
			continue
		}
		keys := nameKeys(r.Name)
		if keys["form"] != "call" || keys["variant"] == "" || keys[bench.TwinKey] != "" || resultsfile.OldInputs(r) {
			continue
		}
		k := keys["kernel"]
		if resultsfile.KindOf(r) == variants.KindC {
			if !slices.Contains(foreign[k], keys["variant"]) {
				foreign[k] = append(foreign[k], keys["variant"])
			}
			continue
		}
		ev := out[k]
		if k == "hash_clear" || keys["size"] != "" {
			sz := parseSize(keys["size"])
			switch cur, ok := size[k]; {
			case !ok || sz > cur:
				size[k] = sz
				ev.Data = nil
				ev.What = "per call, at " + keys["size"]
			case sz < cur:
				continue
			}
		}
		if l, err := strconv.Atoi(keys["len"]); err == nil {
			switch cur, ok := shortest[k]; {
			case !ok || l < cur:
				shortest[k] = l
				ev.Data = nil
				ev.What = "per call, slices of " + keys["len"] + " words"
			case l > cur:
				continue
			}
		}
		v, ok := ds.Value(i, "sec/op")
		if !ok {
			continue
		}
		if ev.Data == nil {
			ev.Data = map[string][]Run{}
		}
		if ev.What == "" {
			ev.What = "per call"
		}
		ev.Data[keys["variant"]] = append(ev.Data[keys["variant"]], ds.RunOf(i, v, files))
		out[k] = ev
	}
	return out, foreign
}

// solveEvidence gathers whole-solve runs per kernel on cpu (bench -solve
// SET -solve-kernel K; one set per kernel: the first met).
func solveEvidence(ds *Dataset, cpu, flavour string) map[string]Evidence {
	out := map[string]Evidence{}
	files := fileIndex(ds)
	for i := range ds.recs {
		r := ds.View(i)
		if resultsfile.CPUOf(r) != cpu || string(r.Name.Base()) != "Solve" || resultsfile.KindOf(r) == variants.KindC || Flavour(r) != flavour {
			continue
		}
		keys := nameKeys(r.Name)
		k, v := keys["kernel"], keys["variant"]
		sec, ok := ds.Value(i, "sec/op")
		if k == "" || v == "" || !ok || keys[bench.TwinKey] != "" {
			continue
		}
		ev := out[k]
		what := "whole solves of " + keys["set"]
		if ev.What != "" && ev.What != what {
			continue // one set per kernel: the first met
		}
		ev.What, ev.Solve = what, true
		if ev.Data == nil {
			ev.Data = map[string][]Run{}
		}
		ev.Data[v] = append(ev.Data[v], ds.RunOf(i, sec, files))
		out[k] = ev
	}
	return out
}

func fileIndex(ds *Dataset) map[string]uint32 {
	m := make(map[string]uint32, len(ds.Files))
	for i, f := range ds.Files {
		m[f] = uint32(i)
	}
	return m
}

// FormatTime writes seconds with a unit that suits them: "3.61 ns",
// "38.2 µs", "2.72 s", "8m29s", "1h05m".
func FormatTime(sec float64) string {
	ns := sec * 1e9
	switch {
	case math.IsNaN(sec):
		return "?"
	case sec >= 3600:
		return fmt.Sprintf("%dh%02dm", int(sec)/3600, int(sec)/60%60)
	case sec >= 100:
		return fmt.Sprintf("%dm%02ds", int(sec)/60, int(sec)%60)
	case sec >= 1:
		return Sig3(sec) + " s"
	case ns >= 1e6:
		return Sig3(ns/1e6) + " ms"
	case ns >= 1e3:
		return Sig3(ns/1e3) + " µs"
	}
	return Sig3(ns) + " ns"
}

// Sig3 writes v with three significant digits, trailing zeros kept so
// that a column of times lines up (2.70, not 2.7).
func Sig3(v float64) string {
	switch {
	case math.Abs(v) >= 99.95:
		return fmt.Sprintf("%.0f", v)
	case math.Abs(v) >= 9.995:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
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
func nameKeys(n benchfmt.Name) map[string]string { return resultsfile.NameKeys(n) }

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
