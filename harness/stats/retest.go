package stats

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/aclements/go-moremath/stats"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
)

// An Estimator reduces a case's runs of one session to its figure.
type Estimator struct {
	Name string
	Of   func(runs []Run) float64
}

// Estimators are the candidates a test-retest compares: over all runs,
// the minimum and low quantiles (under one-sided noise the low end is said
// to be stable), the median, the mean; and the median over the rounds of
// each round's best run.
var Estimators = []Estimator{
	{"minimum", quantileOf(0)},
	{"10th percentile", quantileOf(0.10)},
	{"25th percentile", quantileOf(0.25)},
	{"median", quantileOf(0.50)},
	{"mean", func(rs []Run) float64 { return stats.Mean(values(rs)) }},
	{"median of the rounds' best", func(rs []Run) float64 {
		best := map[[2]uint32]float64{}
		for _, r := range rs {
			k := [2]uint32{r.File, r.Round}
			if v, ok := best[k]; !ok || r.Value < v {
				best[k] = r.Value
			}
		}
		b := slices.Sorted(maps.Values(best))
		return stats.Sample{Xs: b, Sorted: true}.Quantile(0.5)
	}},
}

func quantileOf(q float64) func([]Run) float64 {
	return func(rs []Run) float64 {
		s := slices.Sorted(slices.Values(values(rs)))
		return stats.Sample{Xs: s, Sorted: true}.Quantile(q)
	}
}

// Retest is a test-retest of sessions of the same binary: how far each
// estimator's figure of a case moves between sessions, whether the
// fastest-variant verdicts are the same in every session, and how often
// the A/A twins are called equal.
type Retest struct {
	Files  []string
	Cases  int // cases measured in every session
	Spread []EstimatorSpread
	// Verdicts are the fastest-variant verdicts (per kernel, form and
	// size or length) of every session; Same counts those that are the
	// same in all.
	Verdicts []RetestVerdict
	Same     int
	// Twins counts the A/A twins' comparisons over all sessions, Equal
	// those called equal.
	Twins, TwinsEqual int
	TwinsOther        []string
}

// EstimatorSpread is how far an estimator's figures moved between
// sessions: per case max/min - 1, its median and 95th percentile over the
// cases, and the worst.
type EstimatorSpread struct {
	Name                string
	Median, P95, Max    float64
	WorstCase           string
	DecidedAll, Decided int // verdicts decided in every session, by the paired rule (the same for every estimator)
}

// RetestVerdict is one group's fastest-variant verdict in each session.
type RetestVerdict struct {
	Group    string
	Sessions []string // "winner: verdict runner-up"
	Same     bool
}

// NewRetest compares sessions: ds holds the files (one session each,
// the same CPU and build), margin and confidence as the report's.
func NewRetest(ds *Dataset, margin, confidence float64) (*Retest, error) {
	if len(ds.Files) < 2 {
		return nil, fmt.Errorf("a test-retest needs two sessions or more, got %d", len(ds.Files))
	}
	rt := &Retest{Files: ds.Files}
	perFile := retestRuns(ds)
	common := commonCases(perFile)
	rt.Cases = len(common)
	for _, e := range Estimators {
		var row spreadRow
		for _, k := range common {
			figures := make([]float64, len(perFile))
			for f, m := range perFile {
				figures[f] = e.Of(m[k])
			}
			row.add(k.name(), figures)
		}
		if sp, ok := row.summary(e.Name); ok {
			rt.Spread = append(rt.Spread, sp)
		}
	}
	if sp, ok := ratioSpread(perFile, common, margin, confidence); ok {
		rt.Spread = append(rt.Spread, sp)
	}
	// the fastest-variant verdicts of every group, per session
	var groups []string
	for _, k := range common {
		if !slices.Contains(groups, k.group) {
			groups = append(groups, k.group)
		}
	}
	for _, g := range groups {
		v := rt.groupVerdicts(ds, perFile, g, margin, confidence)
		if v.Same {
			rt.Same++
		}
		rt.Verdicts = append(rt.Verdicts, v)
	}
	return rt, nil
}

// caseKey is a case of a test-retest: its group (kernel, form, size or
// length) and its variant (" (twin)" after a twin's).
type caseKey struct{ group, variant string }

func (k caseKey) name() string { return k.group + " " + k.variant }

// retestRuns are the runs of each file's cases.
func retestRuns(ds *Dataset) []map[caseKey][]Run {
	perFile := make([]map[caseKey][]Run, len(ds.Files))
	for i := range perFile {
		perFile[i] = map[caseKey][]Run{}
	}
	files := fileIndex(ds)
	for i := range ds.Len() {
		v := ds.View(i)
		if string(v.Name.Base()) != "Kernel" {
			continue
		}
		sec, ok := ds.Value(i, "sec/op")
		if !ok {
			continue
		}
		keys := nameKeys(v.Name)
		group := strings.Join(slices.DeleteFunc([]string{keys["kernel"], keys["form"], keys["size"], keys["len"]}, func(s string) bool { return s == "" }), " ")
		variant := keys["variant"]
		if keys[bench.TwinKey] != "" {
			variant += " (twin)"
		}
		f := files[v.GetConfig(resultsfile.KeyFile)]
		k := caseKey{group, variant}
		perFile[f][k] = append(perFile[f][k], ds.RunOf(i, sec, files))
	}
	return perFile
}

// commonCases are the cases, twins left out, that every file has, sorted.
func commonCases(perFile []map[caseKey][]Run) []caseKey {
	var common []caseKey
	for k := range perFile[0] {
		in := true
		for _, m := range perFile[1:] {
			_, ok := m[k]
			in = in && ok
		}
		if in && !strings.HasSuffix(k.variant, " (twin)") {
			common = append(common, k)
		}
	}
	slices.SortFunc(common, func(a, b caseKey) int { return strings.Compare(a.group+"/"+a.variant, b.group+"/"+b.variant) })
	return common
}

// ratioSpread is the candidate the issue names beside the figures: a
// case's time as a ratio to its group's reference in the same rounds (the
// median of the rounds' ratios), where every session has the reference.
func ratioSpread(perFile []map[caseKey][]Run, common []caseKey, margin, confidence float64) (EstimatorSpread, bool) {
	var ratio spreadRow
	for _, k := range common {
		if k.variant == RatioReference {
			continue
		}
		var figures []float64
		for _, m := range perFile {
			ref := m[caseKey{k.group, RatioReference}]
			if len(ref) == 0 {
				break
			}
			c := CompareRuns(ref, m[k], -1, margin, confidence)
			if !c.Paired {
				break
			}
			figures = append(figures, c.Ratio)
		}
		if len(figures) == len(perFile) {
			ratio.add(k.name(), figures)
		}
	}
	return ratio.summary(fmt.Sprintf("ratio to the group's %s, paired by round (%d cases; not a time)", RatioReference, len(ratio.spreads)))
}

// groupVerdicts is group g's fastest-variant verdict in each session;
// its twins' comparisons are counted in rt.
func (rt *Retest) groupVerdicts(ds *Dataset, perFile []map[caseKey][]Run, g string, margin, confidence float64) RetestVerdict {
	v := RetestVerdict{Group: g, Same: true}
	var first string
	for f, m := range perFile {
		var cand []Ranked
		for k, runs := range m {
			if k.group == g && !strings.HasSuffix(k.variant, " (twin)") && k.variant != bench.BaselineVariant {
				cand = append(cand, Ranked{Variant: k.variant, Runs: runs})
			}
		}
		slices.SortFunc(cand, func(a, b Ranked) int { return strings.Compare(a.Variant, b.Variant) })
		cand, c := Fastest(cand, -1, margin, confidence)
		s := verdictKey(cand, c)
		v.Sessions = append(v.Sessions, s)
		if f == 0 {
			first = s
		} else if s != first {
			v.Same = false
		}
		// the twins of this group
		for k, runs := range m {
			if k.group != g || !strings.HasSuffix(k.variant, " (twin)") {
				continue
			}
			orig := m[caseKey{g, strings.TrimSuffix(k.variant, " (twin)")}]
			tc := CompareRuns(orig, runs, -1, margin, confidence)
			rt.Twins++
			if tc.Verdict == Equal {
				rt.TwinsEqual++
			} else {
				rt.TwinsOther = append(rt.TwinsOther, fmt.Sprintf("%s: %s %s", ds.Files[f], k.group+" "+k.variant, tc))
			}
		}
	}
	return v
}

// RatioReference is the variant the test-retest's ratio row divides by:
// the pure-Go oracle most groups have.
const RatioReference = "reference"

// spreadRow gathers how far each case's figure moved between the
// sessions (max/min - 1) for one row of the test-retest table.
type spreadRow struct {
	spreads   []float64
	worst     float64
	worstCase string
}

func (r *spreadRow) add(name string, figures []float64) {
	sp := slices.Max(figures)/slices.Min(figures) - 1
	if len(r.spreads) == 0 || sp > r.worst {
		r.worst, r.worstCase = sp, name
	}
	r.spreads = append(r.spreads, sp)
}

// summary is the row: the median and 95th percentile over the cases, the
// worst; none without cases.
func (r *spreadRow) summary(name string) (EstimatorSpread, bool) {
	if len(r.spreads) == 0 {
		return EstimatorSpread{}, false
	}
	slices.Sort(r.spreads)
	s := stats.Sample{Xs: r.spreads, Sorted: true}
	return EstimatorSpread{Name: name, Median: s.Quantile(0.5), P95: s.Quantile(0.95), Max: r.worst, WorstCase: r.worstCase}, true
}

// verdictKey names a ranking's verdict so that sessions compare: the
// winner ahead (of whichever runner-up), or the two (in name order)
// equal, or undecided.
func verdictKey(cand []Ranked, c *Comparison) string {
	if len(cand) == 0 {
		return "-"
	}
	if c == nil {
		return cand[0].Variant
	}
	switch c.Verdict {
	case Equal:
		a, b := cand[0].Variant, cand[1].Variant
		if b < a {
			a, b = b, a
		}
		return a + " = " + b
	case Slower, Faster:
		return cand[0].Variant + " ahead"
	}
	a, b := cand[0].Variant, cand[1].Variant
	if b < a {
		a, b = b, a
	}
	return a + " ~ " + b + " (undecided)"
}

// WriteMarkdown writes the test-retest as the tables docs/notes/2026-11-test-retest.md
// holds.
func (rt *Retest) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "%d sessions, %d cases measured in every one:\n\n", len(rt.Files), rt.Cases)
	for _, f := range rt.Files {
		fmt.Fprintf(w, "- `%s`\n", f)
	}
	fmt.Fprintf(w, "\nHow far a case's figure moved between the sessions (max/min − 1 per case, over the cases):\n\n")
	head := []string{"estimator", "median case", "95th percentile", "worst", "worst case"}
	var rows [][]string
	for _, s := range rt.Spread {
		rows = append(rows, []string{s.Name, pct2(s.Median), pct2(s.P95), pct2(s.Max), s.WorstCase})
	}
	WriteMarkdownTable(w, head, rows)
	fmt.Fprintf(w, "\nFastest-variant verdicts (per kernel, form and size; paired, round by round): %d of %d the same in every session.\n", rt.Same, len(rt.Verdicts))
	for _, v := range rt.Verdicts {
		if !v.Same {
			fmt.Fprintf(w, "- differ: %s: %s\n", v.Group, strings.Join(v.Sessions, " | "))
		}
	}
	decided, all := 0, 0
	for _, v := range rt.Verdicts {
		for _, s := range v.Sessions {
			all++
			if !strings.HasSuffix(s, "(undecided)") {
				decided++
			}
		}
	}
	fmt.Fprintf(w, "\nDecided (ahead, or equal within the margin): %d of %d verdicts over the sessions (%.0f%%).\n", decided, all, 100*float64(decided)/float64(max(all, 1)))
	fmt.Fprintf(w, "\nA/A twins: %d of %d comparisons called equal (%.1f%%).\n", rt.TwinsEqual, rt.Twins, 100*float64(rt.TwinsEqual)/float64(max(rt.Twins, 1)))
	for _, o := range rt.TwinsOther {
		fmt.Fprintf(w, "- %s\n", o)
	}
}

func pct2(v float64) string { return fmt.Sprintf("%.2f%%", 100*v) }
