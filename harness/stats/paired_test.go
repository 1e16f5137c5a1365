package stats

import (
	"errors"
	"fmt"
	"github.com/aclements/go-moremath/stats"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

// noisy draws a session of rounds the way a shared machine gives them:
// each case's own small jitter, and slow periods (a run of rounds) in
// which every run of the round is slowed alike, by up to 40%: the noise
// only adds time and comes in periods.
func noisy(seed uint64, rounds int, base, ratio float64) (a, b []Run) {
	return noisyBy(seed, rounds, base, ratio, 0.4, 0.5, 5)
}

// noisyBy is noisy with bursts of up to amp, periods of period rounds,
// each busy with probability busy.
func noisyBy(seed uint64, rounds int, base, ratio, amp, busy float64, period int) (a, b []Run) {
	rng := rand.New(rand.NewPCG(seed, 7))
	slow := 0.0
	for r := range rounds {
		if r%period == 0 {
			slow = 0
			if rng.Float64() < busy {
				slow = amp * rng.Float64()
			}
		}
		burst := 1 + slow
		a = append(a, Run{Value: base * burst * (1 + 0.003*math.Abs(rng.NormFloat64())), Round: uint32(r)})
		b = append(b, Run{Value: base * ratio * burst * (1 + 0.003*math.Abs(rng.NormFloat64())), Round: uint32(r)})
	}
	return a, b
}

// A 2% slowdown under one-sided bursts in slow periods is found, in
// nine draws of ten at least.
func TestPairedFindsTwoPercent(t *testing.T) {
	found := 0
	for seed := range uint64(10) {
		a, b := noisy(seed, 20, 3e-9, 1.02)
		c := CompareRuns(a, b, -1, DefaultMargin, 0.95)
		if c.Verdict == Slower && c.Paired && c.Lo > 1 && math.Abs(c.Ratio-1.02) < 0.005 {
			found++
		} else {
			t.Logf("seed %d: %v", seed, c)
		}
	}
	if found < 9 {
		t.Errorf("a 2%% slowdown found in %d draws of 10, want 9 or more", found)
	}
}

// Two draws of the same distribution are called equal.
func TestPairedSameIsEqual(t *testing.T) {
	for seed := range uint64(20) {
		a, b := noisy(seed, 20, 3e-9, 1)
		if c := CompareRuns(a, b, -1, DefaultMargin, 0.95); c.Verdict != Equal {
			t.Errorf("seed %d: %v, want equal", seed, c)
		}
	}
}

// On correlated noise pairing finds the change the unpaired test
// (benchstat's Mann-Whitney U on the pooled runs) misses: the bursts
// swamp a 2% difference between the samples, not between the rounds.
func TestPairingBeatsUnpaired(t *testing.T) {
	missed := 0
	for seed := range uint64(10) {
		a, b := noisyBy(seed, 20, 3e-9, 1.02, 0.3, 1, 1) // every round busy, some more than others
		s1 := benchmath.NewSample(values(a), &benchmath.DefaultThresholds)
		s2 := benchmath.NewSample(values(b), &benchmath.DefaultThresholds)
		if cmp := benchmath.AssumeNothing.Compare(s1, s2); cmp.P >= cmp.Alpha {
			missed++
		}
		if c := CompareRuns(a, b, -1, DefaultMargin, 0.95); c.Verdict != Slower {
			t.Errorf("seed %d: paired %v", seed, c)
		}
	}
	if missed < 5 {
		t.Errorf("the unpaired test missed the change in %d draws of 10: the noise is too weak to show pairing's worth", missed)
	}
}

// The verdict's three zones, on ratios given exactly.
func TestVerdictRule(t *testing.T) {
	for _, tc := range []struct {
		ratio, lo, hi, eqLo, eqHi float64
		better                    int
		want                      Verdict
	}{
		{1.02, 1.012, 1.028, 1.014, 1.026, -1, Slower},     // beyond the margin, clear of 1
		{0.97, 0.96, 0.98, 0.962, 0.978, -1, Faster},       // times: lower is faster
		{0.97, 0.96, 0.98, 0.962, 0.978, 1, Slower},        // rates: lower is slower
		{1.002, 0.995, 1.008, 0.996, 1.007, -1, Equal},     // all within ±1%
		{1.002, 0.988, 1.011, 0.991, 1.009, -1, Equal},     // the equivalence interval within ±1%, the 95% one not
		{1.004, 0.985, 1.02, 0.988, 1.017, -1, Undecided},  // too wide
		{1.02, 0.99, 1.05, 0.995, 1.045, -1, Undecided},    // beyond the margin but not clear of 1
		{1.008, 1.003, 1.013, 1.004, 1.012, -1, Undecided}, // clear of 1, within the margin, interval past it
	} {
		c := Comparison{Ratio: tc.ratio, Lo: tc.lo, Hi: tc.hi, EqLo: tc.eqLo, EqHi: tc.eqHi, Margin: 0.01, Better: tc.better}
		c.decide()
		if c.Verdict != tc.want {
			t.Errorf("%+v: %s, want %s", tc, c.Verdict, tc.want)
		}
	}
}

// Cases of different sessions are compared unpaired, with an interval
// that still contains the true ratio.
func TestUnpairedAcrossSessions(t *testing.T) {
	a, b := noisy(3, 20, 3e-9, 1.3)
	for i := range b {
		b[i].File = 1
	}
	c := CompareRuns(a, b, -1, DefaultMargin, 0.95)
	if c.Paired || c.Lo > 1.3 || c.Hi < 1.3 || c.Verdict != Slower {
		t.Errorf("%v", c)
	}
}

// The figure's interval holds the true FigureQuantile of the draws'
// distribution about as often as it says.
func TestFigureInterval(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	q := 10 - math.Log(1-FigureQuantile) // the quantile of 10 + Exp(1)
	hit := 0
	for range 400 {
		xs := make([]float64, 96) // a main-job session's runs of a case
		for i := range xs {
			xs[i] = 10 + rng.ExpFloat64()
		}
		s := Figure(xs, 0.95)
		if len(s.Warnings) > 0 {
			t.Fatalf("%d runs: %v", len(xs), s.Warnings)
		}
		if s.Lo <= q && q <= s.Hi {
			hit++
		}
	}
	if hit < 360 || hit > 396 {
		t.Errorf("the 95%% interval held the true quantile in %d of 400 draws", hit)
	}
}

// Random bytes are not a results file: one error naming the file.
func TestReadNotResults(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	junk := make([]byte, 200_000)
	for i := range junk {
		junk[i] = byte(rng.UintN(256))
	}
	p := filepath.Join(t.TempDir(), "junk.bin")
	if err := os.WriteFile(p, junk, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadResults(p)
	var nr *resultsfile.NotResultsError
	if !errors.As(err, &nr) || !strings.HasPrefix(err.Error(), p+": not a results file") || strings.Count(err.Error(), "\n") > 0 {
		t.Errorf("random bytes: %v", err)
	}
}

// Truncated files: the cut line is named and the rest read.
func TestReadTruncated(t *testing.T) {
	head := "cpu-id: x\nBenchmarkKernel/kernel=flip/variant=a/form=call 10 3.5 ns/op\n"
	for _, tc := range []struct{ tail, says string }{
		{"BenchmarkKernel/", "cut short"},
		{"BenchmarkKernel/kernel=flip/variant=a/form=call\n", "a name only"},
		{"BenchmarkKernel/kernel=flip/variant=a/form=call 10 3.5 ns/o\n", `"ns/op" cut short`},
		{"BenchmarkKernel/kernel=flip/variant=a/form=call 10 3.", "cut short"},
		{"BenchmarkKernel/kernel=flip/variant=a/form=call 10 3.5 ns/op", "no newline"},
	} {
		p := filepath.Join(t.TempDir(), "cut.txt")
		if err := os.WriteFile(p, []byte(head+tc.tail), 0o644); err != nil {
			t.Fatal(err)
		}
		ds, err := ReadResults(p)
		if err != nil || ds.Len() != 1 || len(ds.Problems) != 1 || !strings.HasPrefix(ds.Problems[0], p+":3: ") || !strings.Contains(ds.Problems[0], tc.says) {
			t.Errorf("%q: err %v, %d results, problems %q", tc.tail, err, ds.Len(), ds.Problems)
		}
	}
}

// Warnings are capped per file, the rest counted.
func TestReadCapsProblems(t *testing.T) {
	var b strings.Builder
	b.WriteString("cpu-id: x\nBenchmarkKernel/kernel=flip/variant=a/form=call 10 3.5 ns/op\n")
	for range 500 {
		b.WriteString("garbage line\n")
	}
	p := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err := ReadResults(p)
	if err != nil || len(ds.Problems) != resultsfile.MaxProblems+1 || !strings.Contains(ds.Problems[resultsfile.MaxProblems], "480 more problems not listed") {
		t.Errorf("err %v, %d problems, last %q", err, len(ds.Problems), ds.Problems[len(ds.Problems)-1])
	}
}

// A main job's case (96 runs) is summarised by FigureQuantile; one with
// too few runs for that quantile's interval (a whole solve's 3) by its
// median.
func TestFigureQuantileByRuns(t *testing.T) {
	if FigureMinRuns < 10 || FigureMinRuns > 96 {
		t.Fatalf("FigureMinRuns %d", FigureMinRuns)
	}
	many := make([]float64, 96)
	for i := range many {
		many[i] = float64(i + 1)
	}
	want := stats.Sample{Xs: many, Sorted: true}.Quantile(FigureQuantile)
	if got := Figure(many, 0.95); got.Center != want || math.IsInf(got.Lo, 0) || math.IsInf(got.Hi, 0) {
		t.Errorf("96 runs 1..96: figure %v [%v, %v], want %v with a finite interval", got.Center, got.Lo, got.Hi, want)
	}
	if got := Figure([]float64{3, 1, 2}, 0.95); got.Center != 2 {
		t.Errorf("3 runs: figure %v, want the median 2", got.Center)
	}
}

// The words of a verdict follow the rule that made it: no "tie"; an
// equal verdict prints the interval equality was judged on (the 90% one),
// and that interval is within the margin; faster and slower print an
// interval that excludes no change; undecided says so. Over comparisons
// of every verdict, drawn at ratios near and beyond the margin.
func TestVerdictWordsFollowTheRule(t *testing.T) {
	pct := func(s string) float64 { // "+0.4%" -> 0.4
		var v float64
		if _, err := fmt.Sscanf(strings.TrimSuffix(s, "%"), "%g", &v); err != nil {
			t.Fatalf("interval bound %q: %v", s, err)
		}
		return v
	}
	seen := map[Verdict]int{}
	for seed := range uint64(400) {
		ratio := 1 + 0.03*(float64(seed%13)-6)/6 // 0.97 .. 1.03
		a, b := noisyBy(seed, 8+int(seed%40), 3e-9, ratio, 0.1, 0.5, 3)
		c := CompareRuns(a, b, -1, DefaultMargin, 0.95)
		seen[c.Verdict]++
		detail, words := c.Detail(), WinnerVerdict("x", &c)
		if strings.Contains(words+detail, "tie") {
			t.Fatalf("%q / %q: says tie", words, detail)
		}
		open, end := strings.Index(detail, "["), strings.Index(detail, "]")
		bounds := strings.Split(detail[open+1:end], ", ")
		lo, hi := pct(bounds[0]), pct(bounds[1])
		switch c.Verdict {
		case Equal:
			if !strings.Contains(detail, "] (90%)") || !strings.Contains(words, "equal to x (90% interval within ±1%)") {
				t.Fatalf("equal: %q / %q: want the 90%% interval named", words, detail)
			}
			if lo < -1.05 || hi > 1.05 {
				t.Fatalf("equal: %q prints an interval beyond the ±1%% margin", detail)
			}
		case Faster, Slower:
			if lo < -0.05 && hi > 0.05 {
				t.Fatalf("%v: %q prints an interval that holds no change", c.Verdict, detail)
			}
			if !strings.Contains(words, "ahead of x") {
				t.Fatalf("%v: %q", c.Verdict, words)
			}
		case Undecided:
			if words != "undecided against x" {
				t.Fatalf("undecided: %q", words)
			}
		}
	}
	for _, v := range []Verdict{Equal, Faster, Slower, Undecided} {
		if seen[v] == 0 {
			t.Errorf("no draw gave %v: the test does not cover it (%v)", v, seen)
		}
	}
}

// asymmetric draws a served session: procs fresh processes of pairs
// rounds each, a at its floor fa and b at fb, each run slowed by a burst
// of +30..60% with probability ha for a and hb for b (the shared host
// slows one variant in more of its runs than the other), and a small
// offset per process (its placement) on both.
func asymmetric(seed uint64, procs, pairs int, fa, fb, ha, hb float64) (a, b []Run) {
	rng := rand.New(rand.NewPCG(seed, 11))
	burst := func(p float64) float64 {
		if rng.Float64() < p {
			return 1.3 + 0.3*rng.Float64()
		}
		return 1 + 0.004*math.Abs(rng.NormFloat64())
	}
	for p := range procs {
		place := 1 + 0.01*rng.NormFloat64()
		for i := range pairs {
			r := uint32(p*pairs + i)
			a = append(a, Run{Value: fa * place * burst(ha), Round: r, Proc: uint16(p + 1)})
			b = append(b, Run{Value: fb * place * burst(hb), Round: r, Proc: uint16(p + 1)})
		}
	}
	return a, b
}

// The figure and the verdict agree: a is 4% faster at its floor, but
// bursts slow nearly half of its runs against a tenth of b's. Over pairs of
// runs the Hodges-Lehmann estimate calls b faster while the figures call
// a faster, both beyond their intervals (the defect, reproduced); with
// the process as the unit, the verdict is a's, as the figures say.
func TestFigureAndVerdictAgree(t *testing.T) {
	disagreed := 0
	for seed := range uint64(20) {
		a, b := asymmetric(seed, 16, 6, 2.20e-9, 2.29e-9, 0.45, 0.10)
		fa, fb := Figure(values(a), 0.95), Figure(values(b), 0.95)
		if !(fa.Hi < fb.Lo) {
			t.Fatalf("seed %d: the figures do not put a ahead: %v %v", seed, fa, fb)
		}
		if c := ComparePairs(a, b, -1, DefaultMargin, 0.95); c.Hi < 1 {
			disagreed++
		}
		c := CompareRuns(a, b, -1, DefaultMargin, 0.95)
		if c.Units != 16 || c.Lo < 1 && c.Hi > 1 && c.Verdict != Undecided || c.Hi < 1 {
			t.Errorf("seed %d: %v (units %d); want b slower or undecided, never faster", seed, c, c.Units)
		}
		if c.Verdict != Slower {
			t.Logf("seed %d: %v", seed, c)
		}
	}
	if disagreed < 10 {
		t.Errorf("over pairs, the verdict disagreed with the figures in %d draws of 20: the draws do not reproduce the defect", disagreed)
	}
}
