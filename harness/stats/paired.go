package stats

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/aclements/go-moremath/stats"
	"golang.org/x/perf/benchmath"
)

// A Run is one measured value and where it was measured: the index of
// its file in the Dataset and its round there. Two runs of the same file
// and round ran close in time (bench runs every case once per round), so
// the noise of a shared machine, which comes in periods of seconds, hits
// both alike: their ratio is what a comparison uses.
type Run struct {
	Value       float64
	File, Round uint32
}

// FigureQuantile is the quantile of a case's runs that its figure (the
// absolute time shown for a CPU) is: the median, the estimator that
// reproduced best between sessions of the same binary among the minimum,
// low quantiles, the median and the mean (docs/test-retest.md, made by
// flipbench retest).
const FigureQuantile = 0.5

// DefaultMargin is the equivalence margin: two cases whose ratio is
// within ±1% with confidence are called equal, a verdict, not a tie.
const DefaultMargin = 0.01

// MinPairs is the fewest rounds a paired comparison uses; with fewer
// (cases measured in different sessions), the comparison is unpaired.
const MinPairs = 5

// Figure is a sample's figure (its FigureQuantile) with a
// distribution-free confidence interval (order statistics); a sample too
// small for the asked confidence gets the widest interval it can have,
// at the confidence it has, and a warning.
func Figure(values []float64, confidence float64) benchmath.Summary {
	return quantileSummary(slices.Clone(values), FigureQuantile, confidence)
}

// quantileSummary sorts values (its own: the caller's copy) and gives the
// quantile q with its interval.
func quantileSummary(values []float64, q, confidence float64) benchmath.Summary {
	n := len(values)
	if n == 0 {
		return benchmath.Summary{Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}
	}
	slices.Sort(values)
	s := stats.Sample{Xs: values, Sorted: true}
	ci := stats.QuantileCI(n, q, confidence)
	center, lo, hi := ci.SampleCI(s)
	sum := benchmath.Summary{Center: center, Lo: lo, Hi: hi, Confidence: ci.Confidence}
	if (math.IsInf(lo, 0) || math.IsInf(hi, 0)) && n >= 3 {
		for c := confidence - 0.05; c >= 0.70; c -= 0.05 {
			ci := stats.QuantileCI(n, q, c)
			if _, l, h := ci.SampleCI(s); !math.IsInf(l, 0) && !math.IsInf(h, 0) {
				sum.Lo, sum.Hi, sum.Confidence = l, h, ci.Confidence
				sum.Warnings = append(sum.Warnings, fmt.Errorf("%d runs: interval at %.1f%%, not %.0f%% (run 6 or more)", n, 100*ci.Confidence, 100*confidence))
				break
			}
		}
	}
	return sum
}

// A Verdict is what a comparison of B against A says.
type Verdict int

const (
	// Undecided: the interval is too wide to tell a difference beyond
	// the margin from equality.
	Undecided Verdict = iota
	// Equal: the whole interval is within the margin.
	Equal
	// Faster: B is better than A beyond the margin, the interval clear
	// of equality (lower time, higher rate).
	Faster
	// Slower: B is worse than A beyond the margin.
	Slower
)

func (v Verdict) String() string {
	switch v {
	case Equal:
		return "equal"
	case Faster:
		return "faster"
	case Slower:
		return "slower"
	}
	return "undecided"
}

// Decided reports a verdict other than Undecided.
func (v Verdict) Decided() bool { return v != Undecided }

// A Comparison is B against A: their ratio B/A with its interval and
// verdict.
type Comparison struct {
	// Paired: the ratio is the median of the per-round ratios of the runs
	// both have (same file and round), its interval and P the sign test's;
	// else (cases measured in different sessions) the ratio of their
	// figures, a bootstrap interval and the Mann-Whitney U test.
	Paired bool
	N      int // pairs, or the smaller sample
	Ratio  float64
	Lo, Hi float64
	// Confidence is the interval's actual confidence.
	Confidence float64
	P          float64
	Margin     float64
	// Better is +1 where higher is better (rates), -1 where lower is
	// (times, counts).
	Better  int
	Verdict Verdict
	// Detectable is the smallest change (a fraction) this comparison
	// would have called faster or slower: the margin, or the interval's
	// half-width where that is wider.
	Detectable float64
	Warnings   []error
}

// CompareRuns compares b against a: paired where they share at least
// MinPairs rounds of one file, else unpaired. better is +1 for units where
// higher is better, -1 otherwise; margin 0 is DefaultMargin.
func CompareRuns(a, b []Run, better int, margin, confidence float64) Comparison {
	if margin == 0 {
		margin = DefaultMargin
	}
	if confidence == 0 {
		confidence = 0.95
	}
	c := Comparison{Margin: margin, Better: better, Ratio: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), P: 1}
	if rs := pairRatios(a, b, better); len(rs) >= MinPairs {
		c.Paired, c.N = true, len(rs)
		sum := quantileSummary(rs, 0.5, confidence)
		c.Ratio, c.Lo, c.Hi, c.Confidence, c.Warnings = sum.Center, sum.Lo, sum.Hi, sum.Confidence, sum.Warnings
		c.P = signTest(rs)
	} else if len(a) > 0 && len(b) > 0 {
		c.N = min(len(a), len(b))
		c.Ratio, c.Lo, c.Hi, c.Confidence = bootstrapRatio(values(a), values(b), confidence)
		s1 := benchmath.NewSample(values(a), &benchmath.DefaultThresholds)
		s2 := benchmath.NewSample(values(b), &benchmath.DefaultThresholds)
		cmp := benchmath.AssumeNothing.Compare(s1, s2)
		c.P, c.Warnings = cmp.P, cmp.Warnings
	}
	c.decide()
	return c
}

func values(rs []Run) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = r.Value
	}
	return out
}

// at is a round of a file.
type at struct{ file, round uint32 }

// roundBest is, per round, the best of a case's runs in it (the lowest
// time, the highest rate where better is +1: where several runs make a
// visit, the best is the one the machine's bursts missed), in the order
// the rounds come.
func roundBest(rs []Run, better int) (map[at]float64, []at) {
	best := make(map[at]float64, len(rs))
	var order []at
	for _, r := range rs {
		k := at{r.File, r.Round}
		v, ok := best[k]
		switch {
		case !ok:
			order = append(order, k)
			best[k] = r.Value
		case better > 0 && r.Value > v, better <= 0 && r.Value < v:
			best[k] = r.Value
		}
	}
	return best, order
}

// RoundBest is the best run of each round (roundBest), in order.
func RoundBest(rs []Run, better int) []float64 {
	best, order := roundBest(rs, better)
	out := make([]float64, len(order))
	for i, k := range order {
		out[i] = best[k]
	}
	return out
}

// pairRatios is, for every (file, round) both have, b's best run of the
// round over a's.
func pairRatios(a, b []Run, better int) []float64 {
	ba, _ := roundBest(a, better)
	bb, order := roundBest(b, better)
	var out []float64
	for _, k := range order {
		if v, ok := ba[k]; ok && v != 0 {
			out = append(out, bb[k]/v)
		}
	}
	return out
}

// signTest is the two-sided sign test of ratios against 1 (ties left out).
func signTest(rs []float64) float64 {
	below, above := 0, 0
	for _, r := range rs {
		switch {
		case r < 1:
			below++
		case r > 1:
			above++
		}
	}
	n := below + above
	if n == 0 {
		return 1
	}
	d := stats.BinomialDist{N: n, P: 0.5}
	k := float64(min(below, above))
	return min(1, 2*d.CDF(k))
}

// bootstrapRatio is the ratio of b's figure over a's with a percentile
// bootstrap interval (a fixed seed: the same data give the same interval).
func bootstrapRatio(a, b []float64, confidence float64) (ratio, lo, hi, conf float64) {
	fa, fb := Figure(a, confidence).Center, Figure(b, confidence).Center
	if fa == 0 {
		return math.NaN(), math.Inf(-1), math.Inf(1), 0
	}
	ratio = fb / fa
	const resamples = 1000
	rng := rand.New(rand.NewPCG(uint64(len(a)), uint64(len(b))))
	rs := make([]float64, resamples)
	ra, rb := make([]float64, len(a)), make([]float64, len(b))
	for i := range rs {
		for j := range ra {
			ra[j] = a[rng.IntN(len(a))]
		}
		for j := range rb {
			rb[j] = b[rng.IntN(len(b))]
		}
		rs[i] = sortedQuantile(rb, FigureQuantile) / sortedQuantile(ra, FigureQuantile)
	}
	slices.Sort(rs)
	tail := (1 - confidence) / 2
	lo, hi = rs[int(tail*resamples)], rs[min(resamples-1, int((1-tail)*resamples))]
	return ratio, lo, hi, confidence
}

func sortedQuantile(xs []float64, q float64) float64 {
	slices.Sort(xs)
	return stats.Sample{Xs: xs, Sorted: true}.Quantile(q)
}

// decide sets the verdict: faster or slower where the ratio is beyond the
// margin and its interval excludes 1; equal where the whole interval is
// within the margin; else undecided.
func (c *Comparison) decide() {
	c.Detectable = c.Margin
	if math.IsNaN(c.Ratio) || c.Ratio <= 0 {
		c.Verdict = Undecided
		c.Detectable = math.Inf(1)
		return
	}
	half := math.Max(c.Ratio-c.Lo, c.Hi-c.Ratio) / c.Ratio
	c.Detectable = math.Max(c.Margin, half)
	up, down := 1+c.Margin, 1/(1+c.Margin)
	sig := c.Hi < 1 || c.Lo > 1
	switch {
	case sig && (c.Ratio > up || c.Ratio < down):
		c.Verdict = Slower
		if (c.Ratio < 1) == (c.Better <= 0) {
			c.Verdict = Faster
		}
	case c.Lo >= down && c.Hi <= up:
		c.Verdict = Equal
	default:
		c.Verdict = Undecided
	}
}

// String: "-12.3% [-13.0, -11.5] faster (paired, 20 rounds)".
func (c Comparison) String() string {
	how := fmt.Sprintf("paired, %d rounds", c.N)
	if !c.Paired {
		how = fmt.Sprintf("unpaired, n=%d", c.N)
	}
	return fmt.Sprintf("%s %s %s (%s)", FormatChange(c.Ratio), c.FormatInterval(), c.Verdict, how)
}

// FormatInterval is the interval of the change: "[-13.0%, -11.5%]",
// "[2.48×, 2.53×]".
func (c Comparison) FormatInterval() string {
	f := func(r float64) string {
		if math.IsInf(r, 0) || math.IsNaN(r) || r <= 0 {
			return "∞"
		}
		if c.Ratio >= 2 || c.Ratio <= 0.5 {
			return FormatChange(r)
		}
		return fmt.Sprintf("%+.1f%%", 100*(r-1))
	}
	return "[" + f(c.Lo) + ", " + f(c.Hi) + "]"
}

// Detail is the change, its interval and how it was measured, without
// the verdict: "+2.3% [+1.9%, +2.8%], paired, 20 rounds".
func (c Comparison) Detail() string {
	how := fmt.Sprintf("paired, %d rounds", c.N)
	if !c.Paired {
		how = fmt.Sprintf("unpaired, n=%d", c.N)
	}
	return fmt.Sprintf("%s %s, %s", FormatChange(c.Ratio), c.FormatInterval(), how)
}

// FormatChange writes a ratio as a change: "+2.3%", "-12.0%", "2.61×".
func FormatChange(ratio float64) string {
	switch {
	case math.IsNaN(ratio):
		return "?"
	case ratio >= 2:
		return fmt.Sprintf("%.2f×", ratio)
	case ratio <= 0.5:
		return fmt.Sprintf("1/%.2f×", 1/ratio)
	}
	return fmt.Sprintf("%+.1f%%", 100*(ratio-1))
}

// Detect formats the smallest change a comparison could tell: "±1.0%".
func (c Comparison) Detect() string {
	if math.IsInf(c.Detectable, 0) {
		return "±∞"
	}
	return fmt.Sprintf("±%.1f%%", 100*c.Detectable)
}

// byFigure orders cells' runs by their figures (the lowest first).
func byFigure(a, b []Run) int {
	return cmp.Compare(Figure(values(a), 0.95).Center, Figure(values(b), 0.95).Center)
}

// FigureLabel names the figure in table headers.
var FigureLabel = func() string {
	if FigureQuantile == 0.5 {
		return "median"
	}
	return fmt.Sprintf("%gth percentile", 100*FigureQuantile)
}()
