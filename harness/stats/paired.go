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
// its file in the Dataset, its round there and its pass in the round. Two
// runs of the same file, round and pass ran close in time (bench goes over
// every group's cases once per pass, in a random order), so the noise of a
// shared machine, which comes in bursts and periods, hits both alike:
// their ratio is what a comparison uses.
type Run struct {
	Value       float64
	File, Round uint32
	Pass        uint16
	// Proc is the fresh process of its session the run ran in, from 1
	// (bench -processes); 0 where the session ran in one process.
	Proc uint16
}

// FigureQuantile is the quantile of a case's runs that its figure (the
// absolute time shown for a CPU) is: the 10th percentile, the estimator
// that reproduced best between sessions of the same binary among the
// minimum, low quantiles, the median and the mean (docs/notes/2026-11-test-retest.md,
// made by flipbench retest). A shared machine's noise only adds time, so
// a low quantile sits on the floor the runs share; the minimum is one
// run's luck.
const FigureQuantile = 0.1

// DefaultMargin is the equivalence margin: two cases whose ratio's
// equivalence interval (Comparison.EqLo, EqHi) is within ±1% are called
// equal, a verdict; neither equal nor beyond the margin is undecided.
const DefaultMargin = 0.01

// MinPairs is the fewest rounds a paired comparison uses; with fewer
// (cases measured in different sessions), the comparison is unpaired.
const MinPairs = 5

// FigureMinRuns is the fewest runs whose FigureQuantile has a 95%
// interval (order statistics); a case with fewer (a long operation's
// one run a round, a whole solve's few) is given its median instead.
var FigureMinRuns = minRuns(FigureQuantile, 0.95)

// figureQuantile is the quantile a sample of n runs is summarised by.
func figureQuantile(n int) float64 {
	if n < FigureMinRuns {
		return 0.5
	}
	return FigureQuantile
}

// Figure is a sample's figure (its FigureQuantile, its median when it has
// fewer than FigureMinRuns runs) with a distribution-free confidence
// interval (order statistics); a sample too small for the asked
// confidence gets the widest interval it can have, at the confidence it
// has, and a warning.
func Figure(values []float64, confidence float64) benchmath.Summary {
	return quantileSummary(slices.Clone(values), figureQuantile(len(values)), confidence)
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
				sum.Warnings = append(sum.Warnings, fmt.Errorf("%d runs: interval at %.1f%%, not %.0f%% (%d runs or more give it)", n, 100*ci.Confidence, 100*confidence, minRuns(q, confidence)))
				break
			}
		}
	}
	return sum
}

// minRuns is the fewest runs whose q-quantile has a finite interval at
// confidence.
func minRuns(q, confidence float64) int {
	for n := 2; n < 10000; n++ {
		if _, lo, hi := stats.QuantileCI(n, q, confidence).SampleCI(stats.Sample{Xs: make([]float64, n), Sorted: true}); !math.IsInf(lo, 0) && !math.IsInf(hi, 0) {
			return n
		}
	}
	return 10000
}

// A Verdict is what a comparison of B against A says.
type Verdict int

const (
	// Undecided: the interval is too wide to tell a difference beyond
	// the margin from equality.
	Undecided Verdict = iota
	// Equal: the equivalence interval (EqLo, EqHi: the 90% one for a
	// 95% test) is within the margin.
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
	// Units is the number of files the interval is over where the file is
	// its unit (CompareByFile), else 0: the pairs are.
	Units  int
	Ratio  float64
	Lo, Hi float64
	// Confidence is the interval's actual confidence.
	Confidence float64
	// EqLo and EqHi are the interval equality is judged on: that of two
	// one-sided tests at 1-Confidence each (TOST), the (2·Confidence-1)
	// interval (90% for 95%). Unpaired, Lo and Hi.
	EqLo, EqHi float64
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

// CompareRuns compares b against a: where they ran in the fresh
// processes of one session (MinProcs of them at least), with the process
// as the unit (compareByUnit: per process, the ratio of the two sides'
// FigureQuantile over their paired runs; the signed-rank interval over
// processes); else paired over the runs where they share at least
// MinPairs rounds of one file (ComparePairs); else unpaired. better is +1
// for units where higher is better, -1 otherwise; margin 0 is
// DefaultMargin.
//
// The process is the unit because over pairs of runs the estimate and
// the figure could point opposite ways beyond their intervals: the
// Hodges-Lehmann estimate of the pairs' ratios is pulled by a variant
// that the shared host's bursts slow in more of its runs than the other
// (nearly half of them against a tenth: count_last_flip on Zen 5), while
// each side's low quantile stays on its floor; and a process's placement
// offsets all of its pairs alike, so that an interval over pairs measures
// the process (TestFigureAndVerdictAgree).
func CompareRuns(a, b []Run, better int, margin, confidence float64) Comparison {
	if margin == 0 {
		margin = DefaultMargin
	}
	if confidence == 0 {
		confidence = 0.95
	}
	if byProc := compareByUnit(a, b, better, margin, confidence, procUnit, MinProcPairs); byProc.Units >= MinProcs {
		return byProc
	}
	return ComparePairs(a, b, better, margin, confidence)
}

// MinProcs is the fewest fresh processes whose pairs CompareRuns takes as
// its units; MinProcPairs the fewest pairs a process needs to be one.
const (
	MinProcs     = 6
	MinProcPairs = 3
)

// procUnit is a run's process in its file, the unit of CompareRuns where
// a session ran in fresh processes; 0 (one process) is never one.
func procUnit(r Run) uint32 {
	if r.Proc == 0 {
		return math.MaxUint32
	}
	return r.File<<16 | uint32(r.Proc)
}

// ComparePairs is CompareRuns over the pairs of runs, whatever process
// each ran in: the Hodges-Lehmann estimate of their ratios and the
// signed-rank interval.
func ComparePairs(a, b []Run, better int, margin, confidence float64) Comparison {
	c := Comparison{Margin: margin, Better: better, Ratio: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), P: 1}
	if rs := pairRatios(a, b); len(rs) >= MinPairs {
		c.Paired, c.N = true, len(rs)
		logs := make([]float64, len(rs))
		for i, r := range rs {
			logs[i] = math.Log(r)
		}
		hl := newWalsh(logs)
		c.Ratio = math.Exp(hl.estimate())
		lo, hi := hl.interval(confidence)
		c.Lo, c.Hi, c.Confidence = math.Exp(lo), math.Exp(hi), confidence
		lo, hi = hl.interval(2*confidence - 1)
		c.EqLo, c.EqHi = math.Exp(lo), math.Exp(hi)
		c.P = signedRankP(logs)
	} else if len(a) > 0 && len(b) > 0 {
		c.N = min(len(a), len(b))
		c.Ratio, c.Lo, c.Hi, c.Confidence = bootstrapRatio(values(a), values(b), confidence)
		c.EqLo, c.EqHi = c.Lo, c.Hi
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

// slot is a run's place: its file, round and pass.
type slot struct {
	file, round uint32
	pass        uint16
}

// pairRatios is, for every run of b whose slot a has a run in too, b's
// value over a's, in b's order.
func pairRatios(a, b []Run) []float64 {
	var out []float64
	eachPair(a, b, func(_ uint32, ratio float64) { out = append(out, ratio) })
	return out
}

// eachPair calls f with the file and b's value over a's of every run of b
// whose slot a has a run in too, in b's order.
func eachPair(a, b []Run, f func(file uint32, ratio float64)) {
	eachPairRuns(a, b, func(va float64, rb Run) { f(rb.File, rb.Value/va) })
}

// eachPairRuns is eachPair with a's value and b's run.
func eachPairRuns(a, b []Run, f func(va float64, rb Run)) {
	at := make(map[slot]float64, len(a))
	for _, r := range a {
		at[slot{r.File, r.Round, r.Pass}] = r.Value
	}
	for _, r := range b {
		if v, ok := at[slot{r.File, r.Round, r.Pass}]; ok && v > 0 && r.Value > 0 {
			f(v, r)
		}
	}
}

// walsh is a paired sample's Walsh averages ((x_i + x_j)/2 for i <= j),
// sorted: their median is the Hodges-Lehmann estimate of the sample's
// centre, and the Wilcoxon signed-rank test's interval is two of them.
// The estimate is robust (a shared machine's bursts make outliers) and
// needs about a third fewer pairs than the median for the same interval.
type walsh []float64

func newWalsh(x []float64) walsh {
	n := len(x)
	w := make(walsh, 0, n*(n+1)/2)
	for i := range x {
		for j := i; j < n; j++ {
			w = append(w, (x[i]+x[j])/2)
		}
	}
	slices.Sort(w)
	return w
}

func (w walsh) estimate() float64 { return stats.Sample{Xs: w, Sorted: true}.Quantile(0.5) }

// interval is the Wilcoxon signed-rank interval at confidence: the
// Walsh averages of rank C+1 and M-C, C the test's critical value (its
// normal approximation: the pairs are many).
func (w walsh) interval(confidence float64) (lo, hi float64) {
	m := len(w)
	n := int((math.Sqrt(8*float64(m)+1) - 1) / 2) // m = n(n+1)/2
	z := stats.NormalDist{Mu: 0, Sigma: 1}.InvCDF(1 - (1-confidence)/2)
	fn := float64(n)
	c := int(math.Floor(fn*(fn+1)/4 - z*math.Sqrt(fn*(fn+1)*(2*fn+1)/24)))
	if c < 0 {
		return math.Inf(-1), math.Inf(1)
	}
	return w[c], w[m-1-c]
}

// signedRankP is the two-sided Wilcoxon signed-rank test of x against 0
// (normal approximation, zeros dropped, ties averaged).
func signedRankP(x []float64) float64 {
	var nz []float64
	for _, v := range x {
		if v != 0 {
			nz = append(nz, v)
		}
	}
	n := len(nz)
	if n == 0 {
		return 1
	}
	slices.SortFunc(nz, func(a, b float64) int { return cmp.Compare(math.Abs(a), math.Abs(b)) })
	var wPlus, tie float64
	for i := 0; i < n; {
		j := i
		for j < n && math.Abs(nz[j]) == math.Abs(nz[i]) {
			j++
		}
		rank := float64(i+j+1) / 2 // ranks i+1..j averaged
		for k := i; k < j; k++ {
			if nz[k] > 0 {
				wPlus += rank
			}
		}
		t := float64(j - i)
		tie += t*t*t - t
		i = j
	}
	fn := float64(n)
	mean := fn * (fn + 1) / 4
	sd := math.Sqrt(fn*(fn+1)*(2*fn+1)/24 - tie/48)
	if sd == 0 {
		return 1
	}
	z := (wPlus - mean) / sd
	return min(1, 2*stats.NormalDist{Mu: 0, Sigma: 1}.CDF(-math.Abs(z)))
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
		rs[i] = SortedQuantile(rb, figureQuantile(len(rb))) / SortedQuantile(ra, figureQuantile(len(ra)))
	}
	slices.Sort(rs)
	tail := (1 - confidence) / 2
	lo, hi = rs[int(tail*resamples)], rs[min(resamples-1, int((1-tail)*resamples))]
	return ratio, lo, hi, confidence
}

// SortedQuantile sorts xs and returns its q-quantile (go-moremath's
// interpolation, as every figure here).
func SortedQuantile(xs []float64, q float64) float64 {
	slices.Sort(xs)
	return stats.Sample{Xs: xs, Sorted: true}.Quantile(q)
}

// decide sets the verdict: faster or slower where the ratio is beyond the
// margin and its interval excludes 1 (a test at 1-Confidence); equal
// where the equivalence interval is within the margin (two one-sided
// tests at 1-Confidence each); else undecided.
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
	case c.EqLo >= down && c.EqHi <= up:
		c.Verdict = Equal
	default:
		c.Verdict = Undecided
	}
}

// String: "-12.3% [-13.0, -11.5] faster (paired, 80 pairs)".
func (c Comparison) String() string {
	return fmt.Sprintf("%s %s %s (%s)", FormatChange(c.Ratio), c.RuleInterval(), c.Verdict, c.how())
}

// how says what the interval is over: "paired, 80 pairs", "paired, 900
// pairs in 16 processes", "unpaired, n=12".
func (c Comparison) how() string {
	switch {
	case !c.Paired:
		return fmt.Sprintf("unpaired, n=%d", c.N)
	case c.Units > 0:
		return fmt.Sprintf("paired, %d pairs in %d processes", c.N, c.Units)
	}
	return fmt.Sprintf("paired, %d pairs", c.N)
}

// FormatInterval is the interval of the change: "[-13.0%, -11.5%]",
// "[2.48×, 2.53×]".
func (c Comparison) FormatInterval() string { return c.formatInterval(c.Lo, c.Hi) }

// RuleInterval is the interval the verdict was decided on, with its
// confidence where that is not the test's: the equivalence interval
// "[-0.6%, +0.4%] (90%)" for equal, else FormatInterval's.
func (c Comparison) RuleInterval() string {
	if c.Verdict == Equal && c.Paired {
		return c.formatInterval(c.EqLo, c.EqHi) + fmt.Sprintf(" (%.0f%%)", 100*(2*c.Confidence-1))
	}
	return c.FormatInterval()
}

func (c Comparison) formatInterval(lo, hi float64) string {
	f := func(r float64) string {
		if math.IsInf(r, 0) || math.IsNaN(r) || r <= 0 {
			return "∞"
		}
		if c.Ratio >= 2 || c.Ratio <= 0.5 {
			return FormatChange(r)
		}
		return fmt.Sprintf("%+.1f%%", 100*(r-1))
	}
	return "[" + f(lo) + ", " + f(hi) + "]"
}

// Detail is the change, the interval its verdict was decided on
// (RuleInterval) and how it was measured, without the verdict: "+2.3%
// [+1.9%, +2.8%], paired, 80 pairs"; for equal "+0.1% [-0.4%, +0.6%]
// (90%), paired, 80 pairs".
func (c Comparison) Detail() string {
	return fmt.Sprintf("%s %s, %s", FormatChange(c.Ratio), c.RuleInterval(), c.how())
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
	return fmt.Sprintf("%gth percentile (the median below %d runs)", 100*FigureQuantile, FigureMinRuns)
}()
