package stats

import (
	"maps"
	"math"
	"slices"
)

// CompareByFile compares b against a with the file as the unit of the
// interval, not the pair of runs: each file's paired rounds give one
// estimate, the ratio of the two sides' FigureQuantile (a shared host's
// bursts only add time, and on a loaded host they take so many of a
// unit's runs that a central estimate breaks down, while each side's low
// end stays on its floor: docs/regress.md), and the interval and test are
// the Wilcoxon signed-rank ones over those estimates, with exact critical
// values (the units are few). A file is one process per side (regress
// writes a file per confirming process and layout): where a process's
// placement (its pages, its code and data addresses) moves a case by a
// few per cent for its whole life, its thousands of pairs all carry that
// offset, and an interval over pairs, however narrow, measures the
// process, not the code. Over processes, that offset is noise, as it
// should be. Files with fewer than MinPairs pairs are left out; with too
// few units for the confidence asked, the interval is unbounded and the
// verdict undecided.
func CompareByFile(a, b []Run, better int, margin, confidence float64) Comparison {
	return compareByUnit(a, b, better, margin, confidence, func(r Run) uint32 { return r.File }, MinPairs)
}

// compareByUnit is CompareByFile with the unit unitOf(run) (of a run of
// b; its pair in a shares its file, round and pass), units of fewer than
// minPairs pairs left out.
func compareByUnit(a, b []Run, better int, margin, confidence float64, unitOf func(Run) uint32, minPairs int) Comparison {
	if margin == 0 {
		margin = DefaultMargin
	}
	if confidence == 0 {
		confidence = 0.95
	}
	c := Comparison{Margin: margin, Better: better, Ratio: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), EqLo: math.Inf(-1), EqHi: math.Inf(1), P: 1}
	// each file's paired rounds, both sides, the files in order
	type sides struct{ a, b []float64 }
	byFile := map[uint32]*sides{}
	eachPairRuns(a, b, func(va float64, rb Run) {
		u := unitOf(rb)
		s := byFile[u]
		if s == nil {
			s = &sides{}
			byFile[u] = s
		}
		s.a, s.b = append(s.a, va), append(s.b, rb.Value)
	})
	var units []float64
	for _, f := range slices.Sorted(maps.Keys(byFile)) {
		if s := byFile[f]; len(s.a) >= minPairs {
			// the quantile itself, however few the runs: a unit's own
			// interval is not asked for (figureQuantile's median would
			// take the bursts back in), only its estimate
			units = append(units, math.Log(SortedQuantile(s.b, FigureQuantile)/SortedQuantile(s.a, FigureQuantile)))
			c.N += len(s.a)
		}
	}
	c.Units = len(units)
	if len(units) == 0 {
		c.decide()
		return c
	}
	c.Paired = true
	hl := newWalsh(units)
	c.Ratio = math.Exp(hl.estimate())
	var lo, hi float64
	lo, hi, c.Confidence = hl.exactInterval(len(units), confidence)
	c.Lo, c.Hi = math.Exp(lo), math.Exp(hi)
	lo, hi, _ = hl.exactInterval(len(units), 2*confidence-1)
	c.EqLo, c.EqHi = math.Exp(lo), math.Exp(hi)
	c.P = signedRankExactP(units)
	c.decide()
	return c
}

// signedRankCounts is the exact null distribution of the signed-rank
// statistic W+ of n units: counts[w] of the 2^n sign patterns give W+ = w.
func signedRankCounts(n int) []float64 {
	counts := make([]float64, n*(n+1)/2+1)
	counts[0] = 1
	for k := 1; k <= n; k++ {
		for w := len(counts) - 1; w >= k; w-- {
			counts[w] += counts[w-k]
		}
	}
	return counts
}

// exactInterval is the Wilcoxon signed-rank interval of n units (w their
// Walsh averages) at the confidence asked or the nearest above it that n
// units reach: the Walsh averages of rank c+1 and M-c, c the largest
// count with P(W+ <= c) at most half the error allowed. With too few
// units for that confidence, it is unbounded (confidence 0).
func (w walsh) exactInterval(n int, confidence float64) (lo, hi, actual float64) {
	counts := signedRankCounts(n)
	total := math.Ldexp(1, n)
	tail := (1 - confidence) / 2
	c, cum := -1, 0.0
	for k := range counts {
		if (cum+counts[k])/total > tail {
			break
		}
		cum += counts[k]
		c = k
	}
	if c < 0 {
		return math.Inf(-1), math.Inf(1), 0
	}
	// P(W+ <= c) = cum/total: the interval from the Walsh averages of
	// 0-based ranks c and M-1-c misses the centre that often on each side
	return w[c], w[len(w)-1-c], 1 - 2*cum/total
}

// signedRankExactP is the two-sided exact signed-rank test of x against
// 0 (few units; zeros count half to each side).
func signedRankExactP(x []float64) float64 {
	n := len(x)
	if n == 0 {
		return 1
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		if math.Abs(x[i]) < math.Abs(x[j]) {
			return -1
		}
		if math.Abs(x[i]) > math.Abs(x[j]) {
			return 1
		}
		return 0
	})
	var wPlus float64
	for r, i := range idx {
		switch {
		case x[i] > 0:
			wPlus += float64(r + 1)
		case x[i] == 0:
			wPlus += float64(r+1) / 2
		}
	}
	counts := signedRankCounts(n)
	total := math.Ldexp(1, n)
	mean := float64(n*(n+1)) / 4
	dev := math.Abs(wPlus - mean)
	var p float64
	for w, cnt := range counts {
		if math.Abs(float64(w)-mean) >= dev-1e-9 {
			p += cnt
		}
	}
	return min(1, p/total)
}
