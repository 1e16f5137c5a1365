package stats

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Three sessions of one binary, the second run on a host 6% slower
// throughout, bursts in a third of the rounds: every time estimator moves
// by about the 6%, the ratio to the group's reference (paired by round)
// does not; the fastest-variant verdict is the same in every session and
// the A/A twin is equal in each.
func TestRetestSessionLevel(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for s, level := range []float64{1, 1.06, 1} {
		rng := rand.New(rand.NewPCG(uint64(s), 9))
		var b strings.Builder
		b.WriteString("cpu-id: amd-zen5-f1a-m02-s1\n")
		for r := range 40 {
			burst := 1 + 0.3*rng.Float64()*float64(r%3/2)
			run := func(variant string, ns float64) {
				fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=%s/form=call 1000 %.4f ns/op\n", variant, ns*level*burst*(1+0.002*rng.NormFloat64()))
			}
			run("reference", 70)
			run("a", 3)
			run("a/twin=1", 3)
			run("b", 4)
		}
		p := filepath.Join(dir, fmt.Sprintf("s%d.txt", s))
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	ds, err := ReadResults(files...)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRetest(ds, 0.01, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if rt.Cases != 3 {
		t.Errorf("%d cases in every session, want 3 (the twin aside)", rt.Cases)
	}
	var ratio *EstimatorSpread
	for i, s := range rt.Spread {
		if strings.HasPrefix(s.Name, "ratio to") {
			ratio = &rt.Spread[i]
			continue
		}
		if s.Median < 0.04 || s.Median > 0.08 {
			t.Errorf("%s: median spread %.2f%%, want the host's 6%%", s.Name, 100*s.Median)
		}
	}
	if ratio == nil || ratio.Median > 0.005 || !strings.Contains(ratio.Name, "2 cases") {
		t.Errorf("ratio to the reference: %+v, want 2 cases within 0.5%%", ratio)
	}
	if rt.Same != 1 || len(rt.Verdicts) != 1 || rt.Verdicts[0].Sessions[0] != "a ahead" {
		t.Errorf("verdicts %+v, same %d", rt.Verdicts, rt.Same)
	}
	if rt.Twins != 3 || rt.TwinsEqual != 3 {
		t.Errorf("twins: %d of %d equal (%v)", rt.TwinsEqual, rt.Twins, rt.TwinsOther)
	}
}
