// Package regress compares two revisions of flipbench's kernels: each
// revision's benchmark server (built from its own tree, in Layouts code
// layouts) runs its cases, the two taking turns run by run in every pass
// of every round, so that OLD and NEW meet the same noise; Changes reads
// their results and compares each benchmark round by round.
package regress

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
)

// RevKey is the name key that says a result's tree: rev=old or rev=new.
const RevKey = "rev"

// Change is one benchmark's NEW against OLD, paired round by round.
type Change struct {
	Name     string // the benchmark, without its rev key
	Old, New benchmath.Summary
	Cmp      stats.Comparison // NEW over OLD, at the asked confidence
	// Floor is NEW's 10th percentile (stats.FigureQuantile) over OLD's,
	// per layout (each side's runs there in all the screen's processes),
	// their geometric mean: under the shared host's bursts, which only add
	// time, the low end of each side's runs moves less than the pairs'
	// ratios (docs/regress.md); the screen ranks its suspects by it.
	Floor float64
	// Family is the same comparison at the session's family-wise
	// confidence (Bonferroni: 1 - (1-confidence)/m for m benchmarks), the
	// interval a regression is judged on: a session compares hundreds of
	// benchmarks, and at 95% each an A/A session flags a few of them by
	// chance alone (docs/regress.md).
	Family stats.Comparison
	// Layouts is NEW over OLD in each code layout by itself (a confirming
	// session's: the estimate over that layout's processes; NaN for a
	// layout not run), nil for a screen's.
	Layouts []float64
}

// Slower reports a regression: NEW slower than OLD beyond the margin, its
// family-wise interval clear of 1 (a regression must be told from the
// noise of every benchmark compared, not of one) and beyond MinShown of
// the margin, and slower beyond MinShown of the margin in every layout
// (Placed).
func (c Change) Slower() bool { return c.slowerPooled() && c.Placed() }

// slowerPooled is Slower over all the layouts together.
func (c Change) slowerPooled() bool {
	return c.Family.Verdict == stats.Slower && c.Family.Lo > 1+MinShown*c.Family.Margin
}

// Placed reports whether NEW is slower beyond MinShown of the margin in
// every code layout measured (true where none was: a screen's). A change
// to the kernel slows it wherever its code falls; a build that only moved
// the code can put one layout on a bad spot (an A/A session's roxane,
// docs/regress.md), which the pooled estimate alone takes for a
// regression.
func (c Change) Placed() bool {
	for _, r := range c.Layouts {
		if !math.IsNaN(r) && r <= 1+MinShown*c.Family.Margin {
			return false
		}
	}
	return true
}

// MinShown is the share of the margin a regression's family-wise interval
// must clear, not only no change: two builds of the same code still
// differ a little in a few benchmarks after the layouts and fresh
// processes (where their data fall, docs/regress.md), and their
// intervals, clear of no change, would flag A/A sessions.
const MinShown = 0.5

// Detectable is the smallest slowdown the session would have flagged:
// the margin, or MinShown of it plus the family-wise interval's reach
// below its estimate, or plus the lowest layout's distance below it,
// whichever is more.
func (c Change) Detectable() float64 {
	f := c.Family
	if math.IsInf(f.Detectable, 0) || math.IsNaN(f.Ratio) || f.Ratio <= 0 || f.Lo <= 0 {
		return math.Inf(1)
	}
	below := (f.Ratio - f.Lo) / f.Ratio
	for _, r := range c.Layouts {
		if !math.IsNaN(r) {
			below = max(below, (f.Ratio-r)/f.Ratio)
		}
	}
	return max(f.Margin, MinShown*f.Margin+below)
}

// Suspects are the changes of a screening session that look slower, the
// ones to confirm: those with the estimate or the Floor beyond half the
// margin, the highest Floor first, at most MaxSuspects. The Floor ranks,
// not the paired test: under the shared host's bursts a screen's pairs
// put a dozen unchanged benchmarks at a few per cent, some "slower" by the
// test, ahead of a real slowdown of the margin's size, while each side's
// low end holds (the replayed screens of docs/regress.md). A screen only
// chooses: the suspects are run again by themselves, and those sessions'
// own family-wise intervals decide.
func Suspects(cs []Change) []Change {
	var out []Change
	for _, c := range cs {
		if c.eligible() {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b Change) int { return -cmp.Compare(a.Floor, b.Floor) })
	return out[:min(len(out), MaxSuspects)]
}

// eligible is Suspects' first condition: the estimate or the Floor beyond
// half the margin.
func (c Change) eligible() bool {
	half := 1 + c.Cmp.Margin/2
	return c.Cmp.Ratio > half || c.Floor > half
}

// ScreenSessions is how many sessions of fresh server processes a screen's
// rounds are split over: within one process a benchmark's floor keeps a
// lasting offset of that process (where its pages fall), about as large
// as its runs' sampling noise; over three, one process no longer sets it
// (docs/regress.md, "Design k").
const ScreenSessions = 3

// ConfirmRounds is how many times the screen's pairs of a benchmark the
// confirmation runs of a suspect in all, over its sessions and layouts: it
// runs a few benchmarks, so its rounds are short.
const ConfirmRounds = 11

// ConfirmProcesses is how many times a confirming session starts both
// sides' servers afresh, each running its share of the rounds: the units
// of its intervals (times the layouts). Some kernels' times move from one
// process to the next and stay there for its life (docs/regress.md), so
// the pairs of one process per side would flag A/A sessions; twelve units
// and more give the exact signed-rank interval room at the family-wise
// confidence of MaxSuspects comparisons.
const ConfirmProcesses = 8

// ConfirmLooks is how many times the confirmation may judge its suspects:
// after ConfirmProcesses sessions, and for the MaxSecondLook still
// Undecided nearest a regression, after as many more (their intervals
// over all of them). Each look's family-wise intervals are over
// ConfirmLooks times the suspects, so that a false regression at either
// look stays at most 5% likely.
const ConfirmLooks = 2

// Undecided reports a confirmed suspect worth a second look: not a
// regression, but its estimate beyond MinShown of the margin and its
// family-wise interval reaching past the margin (more processes could
// make it one either way).
func (c Change) Undecided() bool {
	f := c.Family
	return !c.Slower() && f.Ratio > 1+MinShown*f.Margin && f.Hi > 1+f.Margin
}

// MaxSecondLook is the most suspects the second look takes, those with
// the highest family-wise lower ends: each costs about five seconds.
const MaxSecondLook = 2

// SecondLook is the confirmed suspects worth a second look: the Undecided,
// at most MaxSecondLook, those nearest a regression first.
func SecondLook(cs []Change) []Change {
	var out []Change
	for _, c := range cs {
		if c.Undecided() {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b Change) int { return -cmp.Compare(a.Family.Lo, b.Family.Lo) })
	return out[:min(len(out), MaxSecondLook)]
}

// MaxSuspects is the most suspects a confirming session takes (the most
// clearly slower): each costs about ten seconds.
const MaxSuspects = 6

// FamilyConfidence is the confidence of each of m comparisons that makes
// the chance of any false regression among them at most 1-confidence.
func FamilyConfidence(confidence float64, m int) float64 {
	return 1 - (1-confidence)/float64(max(m, 1))
}

// Unit is what a session's intervals are over.
type Unit int

const (
	// Pairs: the runs' pairs (a screening session, one process per side
	// and layout: its suspects are looked at again anyway).
	Pairs Unit = iota
	// Processes: each file and layout, one process per side, is one
	// unit (stats.CompareByFile): a confirming session runs its suspects
	// in ConfirmProcesses fresh processes, and a process's own offset is
	// noise to the verdict, not evidence.
	Processes
)

// Changes compares, for every benchmark both trees ran, NEW's time with
// OLD's (paired run by run within each layout, pooled over the layouts, or
// by process, as unit says), and every A/A twin (OLD's copy of one case)
// with its original: the session's own false-positive check. The
// family-wise intervals are over family comparisons (FamilyConfidence),
// or where family is 0, over the benchmarks compared.
func Changes(ds *stats.Dataset, margin, confidence float64, family int, unit Unit) (changes, twins []Change) {
	compare := stats.ComparePairs
	if unit == Processes {
		compare = stats.CompareByFile
	}
	type key struct{ name, rev, twin string }
	runs := map[key][]stats.Run{}
	var names []string
	named := map[string]bool{}
	files := map[string]uint32{}
	for i, f := range ds.Files {
		files[f] = uint32(i)
	}
	for i := range ds.Len() {
		v := ds.View(i)
		sec, ok := ds.Value(i, "sec/op")
		if !ok {
			continue
		}
		base, parts := v.Name.Parts()
		k := key{name: string(base)}
		layout := 0
		for _, p := range parts {
			kv := strings.TrimPrefix(string(p), "/")
			switch {
			case strings.HasPrefix(kv, RevKey+"="):
				k.rev = strings.TrimPrefix(kv, RevKey+"=")
			case strings.HasPrefix(kv, bench.TwinKey+"="):
				k.twin = kv
			case strings.HasPrefix(kv, LayoutKey+"="):
				layout, _ = strconv.Atoi(strings.TrimPrefix(kv, LayoutKey+"="))
			default:
				k.name += "/" + kv
			}
		}
		if k.rev == "" {
			continue
		}
		if !named[k.name] {
			named[k.name] = true
			names = append(names, k.name)
		}
		r := ds.RunOf(i, sec, files)
		// runs pair within a layout: its index stands for the file (one
		// file, Layouts builds)
		r.File = r.File*Layouts + uint32(layout)
		runs[k] = append(runs[k], r)
	}
	slices.Sort(names)
	m := 0
	for _, n := range names {
		if len(runs[key{n, "old", ""}]) > 0 && len(runs[key{n, "new", ""}]) > 0 {
			m++
		}
	}
	if family == 0 {
		family = m
	}
	familyConf := FamilyConfidence(confidence, family)
	for _, n := range names {
		o, nw := runs[key{n, "old", ""}], runs[key{n, "new", ""}]
		if len(o) == 0 || len(nw) == 0 {
			continue
		}
		c := Change{Name: n, Old: stats.Figure(vals(o), confidence), New: stats.Figure(vals(nw), confidence),
			Cmp: compare(o, nw, -1, margin, confidence), Family: compare(o, nw, -1, margin, familyConf), Floor: floor(o, nw)}
		if unit == Processes {
			c.Layouts = byLayout(o, nw, margin, confidence)
		}
		changes = append(changes, c)
		for _, rev := range []string{"old", "new"} {
			if t := runs[key{n, rev, bench.TwinKey + "=1"}]; len(t) > 0 {
				orig := runs[key{n, rev, ""}]
				twins = append(twins, Change{Name: n + " (" + strings.ToUpper(rev) + " and its twin)", Old: stats.Figure(vals(orig), confidence),
					New: stats.Figure(vals(t), confidence), Cmp: compare(orig, t, -1, margin, confidence),
					Family: compare(orig, t, -1, margin, familyConf)})
			}
		}
	}
	return changes, twins
}

// byLayout is Change.Layouts: NEW over OLD in each layout, over that
// layout's processes (stats.CompareByFile's estimate), NaN where a layout
// has none.
func byLayout(old, new []stats.Run, margin, confidence float64) []float64 {
	by := splitLayouts(old, new)
	out := make([]float64, Layouts)
	for l := range Layouts {
		out[l] = stats.CompareByFile(by[0][l], by[1][l], -1, margin, confidence).Ratio
	}
	return out
}

// splitLayouts is each side's runs by layout (the runs' File modulo
// Layouts).
func splitLayouts(old, new []stats.Run) (by [2][Layouts][]stats.Run) {
	for side, rs := range [][]stats.Run{old, new} {
		for _, r := range rs {
			by[side][r.File%Layouts] = append(by[side][r.File%Layouts], r)
		}
	}
	return by
}

// floor is Change.Floor: per layout, the ratio of the sides' 10th
// percentiles, each over that layout's runs in every process (the
// screen's sessions), their geometric mean over the layouts both sides
// ran.
func floor(old, new []stats.Run) float64 {
	by := splitLayouts(old, new)
	sum, n := 0.0, 0
	for l := range Layouts {
		if len(by[0][l]) == 0 || len(by[1][l]) == 0 {
			continue
		}
		sum += math.Log(stats.SortedQuantile(vals(by[1][l]), stats.FigureQuantile) / stats.SortedQuantile(vals(by[0][l]), stats.FigureQuantile))
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	return math.Exp(sum / float64(n))
}

func vals(rs []stats.Run) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = r.Value
	}
	return out
}

// Suspectable is, for each change of a screening session, the smallest
// slowdown that would have made it a suspect by Suspects' rule: one that
// lifts its estimate or its Floor beyond half the margin, and its Floor
// above the MaxSuspects-th highest of the other suspects'; zero where it
// is one. A row whose floor the session's noise put low, or whose
// neighbours' floors it put high, needs more.
func Suspectable(cs []Change) []float64 {
	// the eligible floors, highest first: a change among the first
	// MaxSuspects needs nothing, so the others' MaxSuspects-th highest is
	// this list's for every change that needs more
	var floors []float64
	for _, c := range cs {
		if c.eligible() {
			floors = append(floors, c.Floor)
		}
	}
	slices.SortFunc(floors, func(a, b float64) int { return cmp.Compare(b, a) })
	out := make([]float64, len(cs))
	for i, c := range cs {
		if math.IsNaN(c.Floor) || c.Floor <= 0 {
			out[i] = math.Inf(1)
			continue
		}
		half := 1 + c.Cmp.Margin/2
		need := half / c.Floor // to be eligible by its floor
		if c.Cmp.Ratio > 0 {
			need = min(need, half/c.Cmp.Ratio) // or by its estimate
		}
		if len(floors) >= MaxSuspects {
			need = max(need, floors[MaxSuspects-1]/c.Floor)
		}
		out[i] = max(0, need-1)
	}
	return out
}

// WriteChanges prints the changes as a table: OLD's and NEW's figures,
// the change with its interval, the verdict and the smallest change the
// session could have told. A screening table (screen) marks the suspects
// and says what would have been one; a confirming table marks the
// regressions (REGRESSION) and says what would have been flagged.
func WriteChanges(w io.Writer, cs []Change, screen bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	would := "would flag"
	if screen {
		would = "would suspect"
	}
	layouts := slices.ContainsFunc(cs, func(c Change) bool { return c.Layouts != nil })
	head := fmt.Sprintf("benchmark\told\tnew\tchange [%s interval]\tverdict\t%s\t", pctLabel(cs), would)
	if layouts {
		head += "by layout\t"
	}
	fmt.Fprintln(tw, head)
	for _, j := range judge(cs, screen) {
		c, verdict := j.Change, j.verdict
		if j.regression {
			verdict = "REGRESSION"
		}
		row := fmt.Sprintf("%s\t%s\t%s\t%s %s\t%s\t%s\t", strings.TrimPrefix(c.Name, "Kernel/"), stats.FormatTime(c.Old.Center), stats.FormatTime(c.New.Center),
			stats.FormatChange(c.Cmp.Ratio), c.Cmp.RuleInterval(), verdict, fmtDetect(j.detect))
		if layouts {
			row += fmtLayouts(c.Layouts) + "\t"
		}
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
}

// fmtLayouts: "+6.5 -0.4 +0.9 +0.4" (per cent, a layout not run "-").
func fmtLayouts(rs []float64) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = "-"
		if !math.IsNaN(r) {
			parts[i] = fmt.Sprintf("%+.1f", 100*(r-1))
		}
	}
	return strings.Join(parts, " ")
}

// judged is a change as a table shows it: a screen's rows are suspects
// or not and say what would have been one; a confirming session's (and
// the twins') are regressions or not and say what would have been
// flagged.
type judged struct {
	Change
	verdict    string // the comparison's, "suspect", or "placement" (slower, but not in every layout)
	regression bool
	detect     float64
}

func judge(cs []Change, screen bool) []judged {
	suspect := map[string]bool{}
	if screen {
		for _, c := range Suspects(cs) {
			suspect[c.Name] = true
		}
	}
	out := make([]judged, len(cs))
	var would []float64
	if screen {
		would = Suspectable(cs)
	}
	for i, c := range cs {
		j := judged{Change: c, verdict: c.Cmp.Verdict.String(), regression: c.Slower(), detect: c.Detectable()}
		if c.slowerPooled() && !c.Placed() {
			j.verdict = "placement"
		}
		if screen {
			j.regression, j.detect = false, would[i]
			if suspect[c.Name] {
				j.verdict = "suspect"
			}
		}
		out[i] = j
	}
	return out
}

// fmtDetect: "+2.1%" or more would have been flagged.
func fmtDetect(d float64) string {
	if math.IsInf(d, 0) {
		return "∞"
	}
	return fmt.Sprintf("≥+%.1f%%", 100*d)
}

func pctLabel(cs []Change) string {
	if len(cs) == 0 {
		return "95%"
	}
	return fmt.Sprintf("%.3g%%", 100*cs[0].Cmp.Confidence)
}

// JSONChange is a Change as regress -format json writes it.
type JSONChange struct {
	Benchmark string                `json:"benchmark"`
	Old       float64               `json:"old_sec"`
	New       float64               `json:"new_sec"`
	Vs        *stats.JSONComparison `json:"new_vs_old"`
	Slower    bool                  `json:"slower"`            // a regression (confirmations only): slower beyond the margin, the family-wise interval beyond half of it
	Suspect   bool                  `json:"suspect,omitempty"` // the screen only: run again by itself
	Flags     *float64              `json:"would_flag"`        // the smallest slowdown it would have flagged (the screen: made a suspect)
	Floor     *float64              `json:"floor,omitempty"`   // NEW's 10th percentile over OLD's (Change.Floor)
	Layouts   []*float64            `json:"layouts,omitempty"` // a confirmation's NEW over OLD in each code layout (null: not run)
}

func jsonChanges(cs []Change, screen bool) []JSONChange {
	out := make([]JSONChange, len(cs))
	for i, j := range judge(cs, screen) {
		out[i] = JSONChange{Benchmark: j.Name, Old: j.Old.Center, New: j.New.Center, Vs: stats.JSONOf(&j.Cmp),
			Slower: j.regression, Suspect: j.verdict == "suspect"}
		if d := j.detect; !math.IsInf(d, 0) {
			out[i].Flags = &d
		}
		if f := j.Floor; f > 0 && !math.IsInf(f, 0) {
			out[i].Floor = &f
		}
		for _, r := range j.Layouts {
			var p *float64
			if !math.IsNaN(r) {
				p = &r
			}
			out[i].Layouts = append(out[i].Layouts, p)
		}
	}
	return out
}

// WriteJSON writes the changes, the twins and the confirming session's
// changes (none where there was none) as one JSON object.
func WriteJSON(w io.Writer, changes, twins, confirmed []Change) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"changes": jsonChanges(changes, true), "twins": jsonChanges(twins, false), "confirmations": jsonChanges(confirmed, false)})
}

// WriteCSV writes one line per change, then per twin (kind twin), then
// per change of the confirming session (kind confirm).
func WriteCSV(w io.Writer, changes, twins, confirmed []Change) error {
	cw := csv.NewWriter(w)
	num := func(v float64) string {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	if err := cw.Write([]string{"kind", "benchmark", "old_sec", "new_sec", "ratio", "lo", "hi", "verdict", "regression", "paired", "n", "would_flag", "floor", "layouts"}); err != nil {
		return err
	}
	for _, part := range []struct {
		kind string
		cs   []Change
	}{{"change", changes}, {"twin", twins}, {"confirm", confirmed}} {
		for _, j := range judge(part.cs, part.kind == "change") { // the screen: suspects, not regressions
			if err := cw.Write([]string{part.kind, j.Name, num(j.Old.Center), num(j.New.Center), num(j.Cmp.Ratio), num(j.Cmp.Lo), num(j.Cmp.Hi),
				j.verdict, strconv.FormatBool(j.regression), strconv.FormatBool(j.Cmp.Paired), strconv.Itoa(j.Cmp.N), num(j.detect), num(j.Floor), layoutsCSV(j.Layouts)}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// TwinVerdicts counts the A/A twins equal to their original and lists
// those that differ on the family-wise interval (the one regressions are
// judged on): any says the machine was too noisy for the session.
func TwinVerdicts(twins []Change) (equal int, differ []Change) {
	for _, t := range twins {
		if t.Cmp.Verdict == stats.Equal {
			equal++
		}
		if v := t.Family.Verdict; v == stats.Faster || v == stats.Slower {
			differ = append(differ, t)
		}
	}
	return equal, differ
}

// WriteMarkdown writes a session for a pull request's comment: the
// verdict line first (bold), then the confirming session's table (the
// suspects run again by themselves: what a regression is judged on),
// the A/A twins' line, and the screen's whole table folded away.
func WriteMarkdown(w io.Writer, verdict string, changes, twins, confirmed []Change) error {
	var b strings.Builder
	b.WriteString(verdict + "\n\n")
	table := func(cs []Change, screen bool) {
		would := "would flag"
		if screen {
			would = "would suspect"
		}
		fmt.Fprintf(&b, "| benchmark | old | new | change [%s interval] | verdict | %s |\n|---|---:|---:|---|---|---:|\n", pctLabel(cs), would)
		for _, j := range judge(cs, screen) {
			v := j.verdict
			if j.regression {
				v = "**REGRESSION**"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s %s | %s | %s |\n", strings.TrimPrefix(j.Name, "Kernel/"), stats.FormatTime(j.Old.Center), stats.FormatTime(j.New.Center),
				stats.FormatChange(j.Cmp.Ratio), j.Cmp.RuleInterval(), v, fmtDetect(j.detect))
		}
		b.WriteString("\n")
	}
	if len(confirmed) > 0 {
		b.WriteString("Suspects confirmed by themselves:\n\n")
		table(confirmed, false)
	} else {
		b.WriteString("No suspect: nothing looked slower in the screen.\n\n")
	}
	equal, differ := TwinVerdicts(twins)
	fmt.Fprintf(&b, "A/A twins: %d of %d equal to their original", equal, len(twins))
	if len(differ) > 0 {
		fmt.Fprintf(&b, "; **%d differ: this session's verdicts are not to be trusted, run again**", len(differ))
	}
	b.WriteString(".\n\n")
	fmt.Fprintf(&b, "<details><summary>The screen: %d benchmarks</summary>\n\n", len(changes))
	table(changes, true)
	b.WriteString("</details>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// layoutsCSV is Change.Layouts in one field: the ratios, space-separated,
// a layout not run empty between them.
func layoutsCSV(rs []float64) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		if !math.IsNaN(r) {
			parts[i] = strconv.FormatFloat(r, 'g', 6, 64)
		}
	}
	return strings.Join(parts, " ")
}
