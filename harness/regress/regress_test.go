package regress

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// duoFile writes a regress session: rounds of OLD and NEW of two benchmarks
// and OLD's twin of the first, each run slowed by a burst common to its
// round (the shared machine's noise), NEW's flip by slowdown.
func duoFile(t *testing.T, rounds int, slowdown float64) string {
	t.Helper()
	return duoFileSeed(t, 1, rounds, slowdown)
}

// duoFileSeed is duoFile with its own draw of the noise.
func duoFileSeed(t *testing.T, seed uint64, rounds int, slowdown float64) string {
	t.Helper()
	return duoFileLayouts(t, seed, rounds, nil, slowdown)
}

// duoFileLayouts is duoFileSeed with a session's layouts: each round runs
// every layout (LayoutKey=k), NEW's flip slowed by slowdown times the
// layout's own factor; no layout key where layouts is nil.
func duoFileLayouts(t *testing.T, seed uint64, rounds int, layouts []float64, slowdown float64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	var b strings.Builder
	b.WriteString("cpu-id: amd-zen5-f1a-m02-s1\n")
	keys, factors := []string{""}, []float64{1}
	if layouts != nil {
		keys, factors = nil, layouts
		for k := range layouts {
			keys = append(keys, fmt.Sprintf("/%s=%d", LayoutKey, k))
		}
	}
	for r := 0; r < rounds; r++ {
		burst := 1 + 0.3*rng.Float64()*float64(r%3/2) // every third round much slower
		jit := func() float64 { return 1 + 0.002*rng.NormFloat64() }
		for k, key := range keys {
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=a/form=call/rev=old%s 1000 %.4f ns/op\n", key, 3*burst*jit())
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=a/form=call/rev=new%s 1000 %.4f ns/op\n", key, 3*slowdown*factors[k]*burst*jit())
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=flip/variant=a/form=call/rev=old%s/twin=1 1000 %.4f ns/op\n", key, 3*burst*jit())
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=moves/variant=b/form=call/rev=old%s 1000 %.4f ns/op\n", key, 4*burst*jit())
			fmt.Fprintf(&b, "BenchmarkKernel/kernel=moves/variant=b/form=call/rev=new%s 1000 %.4f ns/op\n", key, 4*burst*jit())
		}
	}
	p := filepath.Join(t.TempDir(), fmt.Sprintf("duo-%d.txt", seed))
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func changesOf(t *testing.T, path string) ([]Change, []Change) {
	t.Helper()
	ds, err := stats.ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	return Changes(ds, 0.01, 0.95, 0, Pairs)
}

// A 2% slowdown under bursts that slow a third of the rounds by up to
// 30% is found, the unchanged kernel and the twin are equal, and the
// tables say so.
func TestChangesFindTwoPercent(t *testing.T) {
	cs, twins := changesOf(t, duoFile(t, 20, 1.02))
	if len(cs) != 2 || len(twins) != 1 {
		t.Fatalf("%d changes, %d twins", len(cs), len(twins))
	}
	if !cs[0].Slower() || cs[1].Slower() || cs[1].Cmp.Verdict != stats.Equal || twins[0].Cmp.Verdict != stats.Equal {
		t.Errorf("flip %v, moves %v, twin %v", cs[0].Cmp, cs[1].Cmp, twins[0].Cmp)
	}
	var buf bytes.Buffer
	WriteChanges(&buf, cs, false)
	if !strings.Contains(buf.String(), "REGRESSION") || !strings.Contains(buf.String(), "kernel=flip/variant=a/form=call") {
		t.Errorf("table:\n%s", buf.String())
	}
	buf.Reset()
	// as a screen and its own confirmation: a suspect there, a regression here
	if err := WriteJSON(&buf, cs, twins, cs[:1]); err != nil {
		t.Fatal(err)
	}
	var got struct{ Changes, Twins, Confirmations []JSONChange }
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil || len(got.Changes) != 2 || !got.Changes[0].Suspect || got.Changes[0].Slower ||
		got.Changes[1].Suspect || len(got.Confirmations) != 1 || !got.Confirmations[0].Slower || got.Confirmations[0].Vs.Verdict != "slower" {
		t.Errorf("json %v: %s", err, buf.String())
	}
	if f := got.Changes[0].Floor; f == nil || math.Abs(*f-1.02) > 0.005 {
		t.Errorf("json: flip's floor %v, want about 1.02", f)
	}
	buf.Reset()
	if err := WriteCSV(&buf, cs, twins, cs[:1]); err != nil || strings.Count(buf.String(), "\n") != 5 ||
		!strings.Contains(buf.String(), "change,Kernel/kernel=flip/variant=a/form=call") || !strings.Contains(buf.String(), ",suspect,false,") ||
		!strings.Contains(buf.String(), ",slower,true,") {
		t.Errorf("csv %v:\n%s", err, buf.String())
	}
	buf.Reset()
	// Markdown for a pull request: the verdict line first, the
	// confirmation's table with its regression, the twins, the screen
	if err := WriteMarkdown(&buf, "**REGRESSION**: flip slower", cs, twins, cs[:1]); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{"| benchmark | old | new | change [95% interval] | verdict | would flag |\n|---|---:|---:|---|---|---:|\n| `kernel=flip/variant=a/form=call` |",
		"| **REGRESSION** |", "A/A twins: 1 of 1 equal to their original.", "<details><summary>The screen: 2 benchmarks</summary>", "| suspect |"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if !strings.HasPrefix(md, "**REGRESSION**: flip slower\n\n") {
		t.Errorf("markdown does not begin with its verdict line:\n%s", md)
	}
}

// The same session without the slowdown flags nothing: the A/A case.
func TestChangesAA(t *testing.T) {
	cs, _ := changesOf(t, duoFile(t, 20, 1))
	for _, c := range cs {
		if c.Slower() || c.Cmp.Verdict != stats.Equal {
			t.Errorf("%s: %v", c.Name, c.Cmp)
		}
	}
}

// A confirming session of sixteen processes, NEW's flip in each offset by
// the process's own placement (up to ±4%, steady for its life) and no
// change of the code: pooled over the pairs of two processes (the
// confirmation before the process unit) it is a regression; with the
// sixteen processes as unit it is not. A true 2% slowdown under small
// offsets is one.
func TestChangesByProcess(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	session := func(slowdown, spread float64) []string {
		var files []string
		for i := range 16 {
			off := 1 + spread*(2*rng.Float64()-1)
			if i < 2 {
				off = 1 + spread // two processes are at the worst
			}
			files = append(files, duoFileSeed(t, uint64(100+i), 30, slowdown*off))
		}
		return files
	}
	aa := session(1, 0.04)
	ds, err := stats.ReadResults(aa[:2]...)
	if err != nil {
		t.Fatal(err)
	}
	pooled, _ := Changes(ds, 0.01, 0.95, 0, Pairs)
	if ds, err = stats.ReadResults(aa...); err != nil {
		t.Fatal(err)
	}
	byProcess, twins := Changes(ds, 0.01, 0.95, 0, Processes)
	if !pooled[0].Slower() {
		t.Errorf("A/A with process offsets, pooled: %v; the test no longer shows what the process unit is for", pooled[0].Family)
	}
	if c := byProcess[0]; c.Slower() || c.Family.Units != 16 {
		t.Errorf("A/A with process offsets, by process: %v, want no regression over 16 processes", c.Family)
	}
	if len(twins) != 1 || twins[0].Family.Units != 16 {
		t.Errorf("twins %v", twins)
	}
	ds, err = stats.ReadResults(session(1.02, 0.003)...)
	if err != nil {
		t.Fatal(err)
	}
	if cs, _ := Changes(ds, 0.01, 0.95, 0, Processes); !cs[0].Slower() || cs[1].Slower() {
		t.Errorf("2%% slowdown by process: flip %v, moves %v", cs[0].Family, cs[1].Family)
	}
}

// The server of this tree: built over it without touching it, it lists
// its cases and runs them on request, timing each; Pair makes OLD and NEW
// units of two servers' common cases, named by their tree; a bad request
// is an error, not a crash.
func TestServerOnThisTree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a server of this tree")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var bins []string
	for l := range 2 {
		bin := filepath.Join(dir, fmt.Sprintf("server-%d", l))
		if err := BuildServer(root, bin, os.Environ(), l); err != nil {
			t.Fatal(err)
		}
		bins = append(bins, bin)
	}
	for _, p := range []string{ServerPackage, "kernels/zz_regress_pad.go"} {
		if _, err := os.Stat(filepath.Join(root, p)); err == nil {
			t.Errorf("BuildServer wrote %s into the tree", p)
		}
	}
	// the pad shifts the code: the two layouts' binaries differ
	a, _ := os.ReadFile(bins[0])
	b, _ := os.ReadFile(bins[1])
	if bytes.Equal(a, b) {
		t.Error("the layouts' servers are the same binary")
	}
	olds, news := make([]*bench.Server, 2), make([]*bench.Server, 2)
	for l, bin := range bins {
		for _, side := range []*[]*bench.Server{&olds, &news} {
			s, err := StartServer(fmt.Sprint("layout ", l), bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			(*side)[l] = s
		}
	}
	servers := olds
	if len(servers[0].Cases) < 100 {
		t.Fatalf("%d cases served", len(servers[0].Cases))
	}
	groups, only := Pair(olds, news, regexp.MustCompile(`^Kernel/kernel=popcount/`))
	if len(only) != 0 || len(groups) == 0 {
		t.Fatalf("%d groups, only one side: %v", len(groups), only)
	}
	g := groups[0]
	if len(g.Cases)%4 != 0 || len(g.Units) != len(g.Cases)/2 || g.Twin != g.Cases[0] {
		t.Errorf("group %s: %d cases, %d units, twin %v", g.Title, len(g.Cases), len(g.Units), g.Twin)
	}
	old, new := g.Cases[2], g.Cases[3]
	if old.Key(RevKey) != "old" || new.Key(RevKey) != "new" || old.Key(LayoutKey) != "1" || new.Key(LayoutKey) != "1" ||
		strings.Replace(old.FullName(), "/rev=old", "", 1) != strings.Replace(new.FullName(), "/rev=new", "", 1) {
		t.Errorf("unit %s, %s", old.FullName(), new.FullName())
	}
	el, err := old.Timed(1000, 10)
	if err != nil || el <= 0 {
		t.Errorf("run: %v %v", el, err)
	}
	if _, err := servers[0].Run(len(servers[0].Cases), 1, 0); err == nil {
		t.Error("a case the server does not have ran")
	}
	if _, err := servers[0].Run(0, 10, 0); err != nil {
		t.Errorf("after a bad request: %v", err)
	}
	// a case's period comes with it (the generation clear's wrap), so the
	// driver calibrates it in whole periods, as bench does its own
	gen := regexp.MustCompile(`^Kernel/kernel=hash_clear/variant=generation/`)
	periods := 0
	for _, c := range servers[0].Cases {
		if gen.MatchString(c.Name) != (c.Period == variants.HashClearGenerations) {
			t.Errorf("%s served with period %d", c.Name, c.Period)
		}
		if c.Period > 0 {
			periods++
		}
	}
	if gg, _ := Pair(olds, news, gen); periods == 0 || len(gg) == 0 || gg[0].Cases[0].Period != variants.HashClearGenerations {
		t.Errorf("%d cases served with a period; the paired generation clears' groups: %d", periods, len(gg))
	}
	// a server told a regexp sets up and lists only the groups it matches
	popcount := regexp.MustCompile(`^Kernel/kernel=popcount/`)
	s, err := StartServer("popcount only", bins[0], popcount)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	n := 0
	for _, c := range servers[0].Cases {
		if popcount.MatchString(c.Name) {
			n++
		}
	}
	if len(s.Cases) != n || n == 0 {
		t.Errorf("popcount only: %d cases served, want the %d popcount cases", len(s.Cases), n)
	}
}

// An A/A session of many benchmarks with wide, heavy-tailed noise flags
// none: each is judged on its family-wise interval. At 95% each, a few
// would be slower beyond the margin by chance.
func TestChangesAAManyBenchmarks(t *testing.T) {
	const m, rounds = 300, 30
	rng := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	b.WriteString("cpu-id: amd-zen5-f1a-m02-s1\n")
	for r := 0; r < rounds; r++ {
		for k := 0; k < m; k++ {
			for _, rev := range []string{"old", "new"} {
				noise := 1 + 0.03*rng.ExpFloat64() // one-sided, 3% on average
				if rng.IntN(6) == 0 {
					noise *= 1 + 0.4*rng.Float64() // a burst
				}
				fmt.Fprintf(&b, "BenchmarkKernel/kernel=k%d/variant=v/form=call/rev=%s 1000 %.4f ns/op\n", k, rev, 5*noise)
			}
		}
	}
	p := filepath.Join(t.TempDir(), "aa.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cs, _ := changesOf(t, p)
	if len(cs) != m {
		t.Fatalf("%d changes, want %d", len(cs), m)
	}
	flagged, beyond95 := 0, 0
	for _, c := range cs {
		if c.Slower() {
			flagged++
			t.Errorf("%s flagged: %v (family-wise %v)", c.Name, c.Cmp, c.Family)
		}
		if c.Cmp.Verdict == stats.Slower {
			beyond95++
		}
	}
	// the per-benchmark 95% rule would have flagged some: the test can tell
	if beyond95 == 0 {
		t.Errorf("no benchmark beyond the margin at 95%% either: the noise is too small to test the family-wise rule")
	}
	t.Logf("%d of %d slower beyond the margin at 95%% each, %d family-wise", beyond95, m, flagged)
}

// The screen's suspects are ranked by their floors, not by the paired
// test: a burst-driven "slower" (+5%, slower by the test, its floor at
// +0.6%) comes after a 2% slowdown the test missed (floor +2%); none
// within half the margin by both the estimate and the floor (1.004), none
// faster, at most MaxSuspects.
func TestSuspects(t *testing.T) {
	mk := func(ratio, eqLo, floor float64) Change {
		return Change{Name: fmt.Sprintf("Kernel/kernel=k/variant=v%g", ratio+eqLo+floor), Cmp: stats.Comparison{Ratio: ratio, EqLo: eqLo, Margin: 0.01},
			Floor: floor}
	}
	cs := []Change{mk(1.05, 1.03, 1.006), mk(1.0, 0.99, 0.998), mk(0.97, 0.95, 0.97), mk(1.02, 0.995, 1.02),
		mk(1.004, 1.001, 1.004), mk(1.003, 0.99, 1.015), mk(1.03, 1.01, 1.03)}
	got := Suspects(cs)
	var floors []float64
	for _, c := range got {
		floors = append(floors, c.Floor)
	}
	if want := []float64{1.03, 1.02, 1.015, 1.006}; !slices.Equal(floors, want) {
		t.Errorf("suspects' floors %v, want %v", floors, want)
	}
	var buf bytes.Buffer
	WriteChanges(&buf, cs, true)
	if strings.Count(buf.String(), "suspect") != 1+4 || strings.Contains(buf.String(), "REGRESSION") { // the header and four rows
		t.Errorf("screening table:\n%s", buf.String())
	}
	var many []Change
	for i := range MaxSuspects + 3 {
		many = append(many, mk(1.05, 1.03, 1.01+float64(i)/100))
	}
	if got := Suspects(many); len(got) != MaxSuspects || got[0].Floor != many[len(many)-1].Floor {
		t.Errorf("%d suspects from %d, the first at %g; want %d, the highest floor first", len(got), len(many), got[0].Floor, MaxSuspects)
	}
}

// A regression's family-wise interval clears MinShown of the margin, not
// only no change: +1.2% at [+0.1%, +2.7%] (an A/A flag before the rule)
// is not one, +2.2% at [+1.5%, +3.0%] is.
func TestSlowerClearsHalfTheMargin(t *testing.T) {
	mk := func(ratio, lo, hi float64) Change {
		f := stats.Comparison{Ratio: ratio, Lo: lo, Hi: hi, EqLo: lo, EqHi: hi, Margin: 0.01, Better: -1, Paired: true}
		f.Verdict = stats.Slower
		return Change{Family: f}
	}
	if c := mk(1.012, 1.001, 1.027); c.Slower() {
		t.Errorf("+1.2%% [+0.1%%, +2.7%%] flagged")
	}
	if c := mk(1.022, 1.015, 1.030); !c.Slower() {
		t.Errorf("+2.2%% [+1.5%%, +3.0%%] not flagged")
	}
}

// A regression is slower in every layout: a build that put one layout of
// NEW on a bad spot (+6.5% there, +0.1% to +1.4% in the others, an A/A
// session's roxane) is slower pooled, beyond half the margin, but not a
// regression; a 2% slowdown is one in every layout. Sixteen sessions
// (both looks) of the four layouts, each process and layout off by up to
// ±1%.
func TestSlowerInEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	session := func(layouts []float64) Change {
		var files []string
		for i := range 16 {
			off := make([]float64, len(layouts))
			for k, f := range layouts {
				off[k] = f * (1 + 0.01*(2*rng.Float64()-1))
			}
			files = append(files, duoFileLayouts(t, uint64(300+i), 20, off, 1))
		}
		ds, err := stats.ReadResults(files...)
		if err != nil {
			t.Fatal(err)
		}
		cs, _ := Changes(ds, 0.01, 0.95, 2*MaxSuspects, Processes)
		return cs[0]
	}
	c := session([]float64{1.065, 1.001, 1.014, 1.001})
	if c.Family.Verdict != stats.Slower || c.Family.Lo <= 1+MinShown*c.Family.Margin {
		t.Errorf("one layout on a bad spot, pooled: %v; the test no longer shows what the layouts' rule is for", c.Family)
	}
	if c.Slower() || c.Placed() || len(c.Layouts) != Layouts {
		t.Errorf("one layout on a bad spot: %v by layout %v, want no regression", c.Family, c.Layouts)
	}
	var b strings.Builder
	WriteChanges(&b, []Change{c}, false)
	if !strings.Contains(b.String(), "placement") || !strings.Contains(b.String(), "+6.") {
		t.Errorf("its table says neither why nor where:\n%s", b.String())
	}
	if c := session([]float64{1.02, 1.02, 1.02, 1.02}); !c.Slower() {
		t.Errorf("2%% in every layout: %v by layout %v, want a regression", c.Family, c.Layouts)
	}
}

// The confirmation's second look: a 2% slowdown under per-process offsets
// too wide for 32 units (eight sessions of four layouts) to show it beyond
// half the margin is Undecided after them and a regression over 64, each look's
// family-wise interval over ConfirmLooks times the suspects; the same
// offsets without the slowdown are neither. Suspects decided at the first
// look are not looked at again.
func TestSecondLook(t *testing.T) {
	const spread = 0.025
	const suspects = 6
	family := ConfirmLooks * suspects
	rng := rand.New(rand.NewPCG(5, 6))
	session := func(slowdown float64, processes int) *stats.Dataset {
		var files []string
		for i := range processes {
			files = append(files, duoFileSeed(t, uint64(200+i), 20, slowdown*(1+spread*rng.NormFloat64())))
		}
		ds, err := stats.ReadResults(files...)
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	look := func(slowdown float64, processes int) Change {
		cs, _ := Changes(session(slowdown, processes), 0.01, 0.95, family, Processes)
		if c := cs[0]; c.Family.Confidence < FamilyConfidence(0.95, family)-1e-9 {
			t.Fatalf("family-wise confidence %v, want at least %v", c.Family.Confidence, FamilyConfidence(0.95, family))
		}
		return cs[0]
	}
	if c := look(1.02, 32); c.Slower() || !c.Undecided() {
		t.Errorf("2%% over 32 units: %v undecided %v; want no regression yet, undecided", c.Family, c.Undecided())
	}
	if c := look(1.02, 64); !c.Slower() {
		t.Errorf("2%% over 64 units: %v, want a regression", c.Family)
	}
	for _, p := range []int{32, 64} {
		if c := look(1, p); c.Slower() || c.Undecided() {
			t.Errorf("A/A over %d units: %v undecided %v", p, c.Family, c.Undecided())
		}
	}
	if c := look(1.06, 32); !c.Slower() || c.Undecided() {
		t.Errorf("6%% over 32 units: %v undecided %v; want a regression at the first look", c.Family, c.Undecided())
	}
}

// The second look takes the Undecided only, at most MaxSecondLook, the
// highest family-wise lower end first.
func TestSecondLookPicks(t *testing.T) {
	mk := func(name string, ratio, lo, hi float64) Change {
		return Change{Name: name, Family: stats.Comparison{Ratio: ratio, Lo: lo, Hi: hi, Margin: 0.01, Verdict: stats.Undecided}}
	}
	cs := []Change{
		mk("low", 1.006, 0.995, 1.02),
		mk("equal", 1.002, 0.995, 1.008), // cannot be beyond the margin
		mk("near", 1.02, 1.004, 1.04),
		mk("flat", 1.004, 0.99, 1.02), // estimate within half the margin
		mk("mid", 1.015, 1.0, 1.03),
	}
	cs = append(cs, Change{Name: "flagged", Family: stats.Comparison{Ratio: 1.03, Lo: 1.02, Hi: 1.04, Margin: 0.01, Verdict: stats.Slower}})
	var got []string
	for _, c := range SecondLook(cs) {
		got = append(got, c.Name)
	}
	if want := []string{"near", "mid"}; !slices.Equal(got, want) {
		t.Errorf("second look %v, want %v", got, want)
	}
}

// The floor is the 10th percentiles' ratio per layout, their geometric
// mean: bursts that slow most runs of either side leave it alone.
func TestFloor(t *testing.T) {
	var old, new []stats.Run
	burst := func(i, clean int) float64 {
		if i%10 < clean {
			return 1
		}
		return 1 + 0.4*float64(i%7+1)/7 // the rest slowed by up to 40%
	}
	for l := range 2 {
		for i := range 30 {
			old = append(old, stats.Run{File: uint32(l), Value: 10 * float64(1+l) * burst(i, 3)})
			new = append(new, stats.Run{File: uint32(l), Value: 10.2 * float64(1+l) * burst(i+5, 4)})
		}
	}
	if f := floor(old, new); math.Abs(f-1.02) > 1e-9 {
		t.Errorf("floor %v, want 1.02", f)
	}
	if f := floor(old, nil); !math.IsNaN(f) {
		t.Errorf("floor without NEW %v, want NaN", f)
	}
}

// Suspectable agrees with Suspects: on random screens, each change slowed
// by a little more than its figure is a suspect, and by a little less
// (where it is more than zero) is not.
func TestSuspectableAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		cs := make([]Change, 5+rng.IntN(20))
		for i := range cs {
			r := 1 + 0.02*rng.NormFloat64()
			cs[i] = Change{Name: fmt.Sprintf("Kernel/kernel=k/variant=v%d", i), Cmp: stats.Comparison{Ratio: r, Margin: 0.01},
				Floor: r + 0.01*rng.NormFloat64()}
		}
		would := Suspectable(cs)
		for i := range cs {
			isSuspect := func(by float64) bool {
				slowed := slices.Clone(cs)
				slowed[i].Cmp.Ratio *= by
				slowed[i].Floor *= by
				return slices.ContainsFunc(Suspects(slowed), func(c Change) bool { return c.Name == cs[i].Name })
			}
			if !isSuspect(1 + would[i] + 1e-9) {
				t.Fatalf("screen %d, change %d: slowed by %.4f%%, its Suspectable, it is no suspect", trial, i, 100*would[i])
			}
			if would[i] > 1e-6 && isSuspect(1+would[i]-1e-6) {
				t.Fatalf("screen %d, change %d: a suspect slowed by less than its Suspectable %.4f%%", trial, i, 100*would[i])
			}
		}
	}
}
