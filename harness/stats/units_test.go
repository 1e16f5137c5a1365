package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// processes draws a confirming session: units processes per side, each
// noisy() for rounds rounds, each side's process offset by its own
// placement (a lognormal of sd spread, for the process's whole life), b's
// also by the true ratio.
func processes(seed uint64, units, rounds int, ratio, spread float64) (a, b []Run) {
	rng := rand.New(rand.NewPCG(seed, 11))
	for u := range units {
		offA, offB := math.Exp(spread*rng.NormFloat64()), math.Exp(spread*rng.NormFloat64())
		pa, pb := noisy(seed*1000+uint64(u), rounds, 3e-9, ratio*offB/offA)
		for i := range pa {
			pa[i].Value *= offA
			pa[i].File, pb[i].File = uint32(u), uint32(u)
		}
		a, b = append(a, pa...), append(b, pb...)
	}
	return a, b
}

// The exact signed-rank distribution: its counts add up to 2^n, and its
// critical values are the tables' (n = 10, 5% two-sided: W+ <= 8).
func TestSignedRankExact(t *testing.T) {
	for n := 1; n <= 20; n++ {
		var sum float64
		for _, c := range signedRankCounts(n) {
			sum += c
		}
		if sum != math.Ldexp(1, n) {
			t.Fatalf("n=%d: counts add up to %g, want 2^%d", n, sum, n)
		}
	}
	x := make([]float64, 10)
	for i := range x {
		x[i] = float64(i)
	}
	w := newWalsh(x)
	lo, hi, conf := w.exactInterval(10, 0.95)
	// c = 8: the 9th smallest and 9th largest of the 55 Walsh averages
	if lo != w[8] || hi != w[len(w)-9] || math.Abs(conf-(1-2*25.0/1024)) > 1e-12 {
		t.Errorf("n=10 at 95%%: [%g, %g] at %g, want [w[8], w[46]] at %g", lo, hi, conf, 1-2*25.0/1024)
	}
	// five units cannot give 99%: 2/32 is the smallest two-sided error
	if lo, hi, conf := newWalsh(x[:5]).exactInterval(5, 0.99); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) || conf != 0 {
		t.Errorf("n=5 at 99%%: [%g, %g] at %g, want unbounded", lo, hi, conf)
	}
	if p := signedRankExactP([]float64{1, 2, 3, 4, 5}); math.Abs(p-2.0/32) > 1e-12 {
		t.Errorf("all five positive: p = %g, want 2/32", p)
	}
}

// An A/A confirmation whose processes each carry an offset of their own
// (sd 2%): the pairs of one process per side and layout (two units, as
// regress confirmed before) call many such sessions different; with
// sixteen processes as units, none of twenty is called slower or faster
// at a family-wise confidence for six comparisons.
func TestByFileProcessOffsets(t *testing.T) {
	const family = 1 - 0.05/6
	pooledFlags, byFileFlags := 0, 0
	for seed := range uint64(20) {
		a, b := processes(seed, 2, 450, 1, 0.02)
		if v := CompareRuns(a, b, -1, DefaultMargin, family).Verdict; v == Slower || v == Faster {
			pooledFlags++
		}
		a, b = processes(seed, 16, 56, 1, 0.02)
		c := CompareByFile(a, b, -1, DefaultMargin, family)
		if c.Units != 16 || !c.Paired {
			t.Fatalf("seed %d: %d units, paired %v; want 16, paired", seed, c.Units, c.Paired)
		}
		if c.Verdict == Slower || c.Verdict == Faster {
			byFileFlags++
			t.Logf("seed %d: by process %v", seed, c)
		}
	}
	if byFileFlags > 0 {
		t.Errorf("A/A with process offsets: %d of 20 flagged by process, want none", byFileFlags)
	}
	if pooledFlags < 5 {
		t.Errorf("pooled pairs flagged %d of 20 A/A sessions with process offsets: the test no longer shows what the process unit is for", pooledFlags)
	}
}

// A 2% slowdown under small process offsets (sd 0.3%) and the shared
// machine's bursts is found with the process as unit, at the family-wise
// confidence, in nine draws of ten at least; too few processes leave it
// undecided, never slower.
func TestByFileFindsTwoPercent(t *testing.T) {
	const family = 1 - 0.05/6
	found := 0
	for seed := range uint64(10) {
		a, b := processes(seed, 16, 56, 1.02, 0.003)
		c := CompareByFile(a, b, -1, DefaultMargin, family)
		if c.Verdict == Slower && c.Lo > 1 && math.Abs(c.Ratio-1.02) < 0.005 {
			found++
		} else {
			t.Logf("seed %d: %v", seed, c)
		}
	}
	if found < 9 {
		t.Errorf("a 2%% slowdown found in %d draws of 10 by process, want 9 or more", found)
	}
	a, b := processes(1, 5, 56, 1.02, 0.003)
	if c := CompareByFile(a, b, -1, DefaultMargin, family); c.Verdict != Undecided || c.Lo != 0 || !math.IsInf(c.Hi, 1) {
		t.Errorf("five processes at %.4g: %v, want undecided, unbounded", family, c)
	}
}

// findsTwoPercentLoaded draws ten confirmations of 32 processes of 20
// rounds, NEW 2% slower, each run of a side slowed by burst(unit, side)
// (1 where there is none), and wants the slowdown told in nine at least
// at the family-wise confidence of six suspects and two looks, its lower
// end beyond half the margin.
func findsTwoPercentLoaded(t *testing.T, stream uint64, burst func(rng *rand.Rand, unit, side int) func() float64) {
	t.Helper()
	const family = 1 - 0.05/12
	found := 0
	for seed := range uint64(10) {
		rng := rand.New(rand.NewPCG(seed, stream))
		var a, b []Run
		for u := range 32 {
			slowA, slowB := burst(rng, u, 0), burst(rng, u, 1)
			for r := range 20 {
				a = append(a, Run{Value: 18e-9 * slowA(), File: uint32(u), Round: uint32(r)})
				b = append(b, Run{Value: 18e-9 * 1.02 * slowB(), File: uint32(u), Round: uint32(r)})
			}
		}
		c := CompareByFile(a, b, -1, DefaultMargin, family)
		if c.Verdict == Slower && c.Lo > 1.005 {
			found++
		} else {
			t.Logf("seed %d: %v", seed, c)
		}
	}
	if found < 9 {
		t.Errorf("a 2%% slowdown found in %d draws of 10, want 9 or more", found)
	}
}

// A loaded host: in every process nearly a third of the runs of either side
// carry a burst of 30-150% (the confirmations of one evening had units
// whose pairs' ratios ranged from -60% to +250%). The slowdown is still
// told: each side's low end stands, where a Hodges-Lehmann estimate of the
// pairs (29% breakdown) scatters the units.
func TestByFileLoadedHost(t *testing.T) {
	findsTwoPercentLoaded(t, 13, func(rng *rand.Rand, _, _ int) func() float64 {
		return func() float64 {
			if rng.Float64() < 0.3 {
				return 1.3 + 1.2*rng.Float64()
			}
			return 1 + 0.003*rng.NormFloat64()
		}
	})
}

// Units as uneven as a loaded host makes them: each process's share of
// runs in a burst is its own, anywhere from none to 70%, on either side.
// The slowdown is still told: each side's 10th percentile sits on its
// floor until nine runs in ten are slowed, where a median is lost in
// every unit with more than half.
func TestByFileBurstyUnits(t *testing.T) {
	findsTwoPercentLoaded(t, 17, func(rng *rand.Rand, _, _ int) func() float64 {
		share := 0.7 * rng.Float64()
		return func() float64 {
			if rng.Float64() < share {
				return 1.1 + 1.4*rng.Float64()
			}
			return 1 + 0.003*rng.NormFloat64()
		}
	})
}
