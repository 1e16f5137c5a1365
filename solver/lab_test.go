package solver

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flipbench/flipbench/weights"
)

// The tuning lab: whole solves of a set with two settings of the
// search's constants, interleaved position by position in one process
// (A B, then B A), so that the machine's drift falls on both. It only
// runs when asked:
//
//	go test ./solver -run TestLab -pgo=../cmd/flipbench/default.pgo -v \
//	    -lab.set large -lab.b sortMin=13 -lab.rounds 2
var (
	labSet    = flag.String("lab.set", "", "set to solve (TestLab runs only with it)")
	labA      = flag.String("lab.a", "", "setting A: name=value,... over the defaults")
	labB      = flag.String("lab.b", "", "setting B: name=value,... over the defaults")
	labN      = flag.Int("lab.n", 0, "first N positions of the set (0: all)")
	labRounds = flag.Int("lab.rounds", 1, "rounds over the set")
	labHash   = flag.Int("lab.hash", 22, "table bits")
	labSelA   = flag.String("lab.sela", "", "setting A's variants: kernel=variant,... over the defaults")
	labSelB   = flag.String("lab.selb", "", "setting B's variants")
)

// setParam sets one of the search's constants by its field name.
func setParam(p *params, kv string) error {
	name, val, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("%q: want name=value", kv)
	}
	v, err := strconv.Atoi(val)
	if err != nil {
		return fmt.Errorf("%q: %v", kv, err)
	}
	fields := map[string]*int{
		"hashMin": &p.hashMin, "etcMin": &p.etcMin, "sortMin": &p.sortMin, "guessMax": &p.guessMax,
		"aspW": &p.aspW, "aspSelW": &p.aspSelW, "pcMin": &p.pcMin, "pcLevels": &p.pcLevels, "localMax": &p.localMax,
	}
	if name == "evalSh" {
		p.evalSh = uint(v)
		return nil
	}
	f, ok := fields[name]
	if !ok {
		return fmt.Errorf("%q: no such constant", kv)
	}
	*f = v
	return nil
}

func labParams(t *testing.T, spec string) params {
	p := defaultParams
	for _, kv := range strings.Split(spec, ",") {
		if kv == "" {
			continue
		}
		if err := setParam(&p, kv); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func TestLab(t *testing.T) {
	if *labSet == "" {
		t.Skip("the tuning lab runs with -lab.set")
	}
	ps, err := Set(*labSet)
	if err != nil {
		t.Fatal(err)
	}
	if *labN > 0 && *labN < len(ps) {
		ps = ps[:*labN]
	}
	w, err := weights.Default()
	if err != nil {
		t.Fatal(err)
	}
	pa, pb := labParams(t, *labA), labParams(t, *labB)
	svA, err := New(Options{Weights: w, HashBits: *labHash, tune: &pa}, testSelection(t, *labSelA))
	if err != nil {
		t.Fatal(err)
	}
	svB, err := New(Options{Weights: w, HashBits: *labHash, tune: &pb}, testSelection(t, *labSelB))
	if err != nil {
		t.Fatal(err)
	}
	solve := func(sv *Solver, p Position) (time.Duration, uint64) {
		r, err := sv.Solve(p.Board)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(r); err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		return r.Time, r.Nodes
	}
	var ratios []float64 // per round, B/A of the set's time
	var ta, tb time.Duration
	var na, nb uint64
	for r := 0; r < *labRounds; r++ {
		var ra, rb time.Duration
		for i, p := range ps {
			var da, db time.Duration
			var xa, xb uint64
			if (i+r)%2 == 0 {
				da, xa = solve(svA, p)
				db, xb = solve(svB, p)
			} else {
				db, xb = solve(svB, p)
				da, xa = solve(svA, p)
			}
			ra += da
			rb += db
			if r == 0 {
				na += xa
				nb += xb
			}
			t.Logf("round %d %s: A %.3f s %d nodes, B %.3f s %d nodes, B/A %.3f", r, p.ID, da.Seconds(), xa, db.Seconds(), xb, db.Seconds()/da.Seconds())
		}
		ratios = append(ratios, rb.Seconds()/ra.Seconds())
		ta += ra
		tb += rb
		t.Logf("round %d: A %.3f s, B %.3f s, B/A %.4f", r, ra.Seconds(), rb.Seconds(), rb.Seconds()/ra.Seconds())
	}
	slices.Sort(ratios)
	fmt.Printf("LAB set=%s n=%d A=[%s %s] B=[%s %s]: time B/A %.4f (rounds %v), nodes A %d B %d B/A %.4f, A %.2f s B %.2f s\n",
		*labSet, len(ps), *labA, *labSelA, *labB, *labSelB, tb.Seconds()/ta.Seconds(), ratios, na, nb, float64(nb)/float64(na), ta.Seconds(), tb.Seconds())
}

// Every constant the lab names changes the params, and a bad setting is
// an error naming it.
func TestSetParam(t *testing.T) {
	for _, name := range []string{"hashMin", "etcMin", "sortMin", "guessMax", "aspW", "aspSelW", "pcMin", "pcLevels", "localMax", "evalSh"} {
		p := defaultParams
		if err := setParam(&p, name+"=99"); err != nil {
			t.Fatal(err)
		}
		if p == defaultParams {
			t.Errorf("%s=99 left the params as they were", name)
		}
	}
	for _, bad := range []string{"sortMin", "sortMin=x", "nope=1"} {
		p := defaultParams
		if err := setParam(&p, bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("setParam(%q): %v, want an error naming it", bad, err)
		}
	}
}
