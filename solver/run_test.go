package solver

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/variants/varianttest"
	"github.com/flipbench/flipbench/weights"
)

// TestSolveSetEnv solves the set named by FLIPBENCH_SOLVE_SET on this
// machine's default variants, or FLIPBENCH_SOLVE_VARIANTS
// (FLIPBENCH_SOLVE_EVAL=none for no weights), and logs nodes, time and
// Mnps: for tuning and profiling with go test -cpuprofile.
// FLIPBENCH_SOLVE_BOTTOM names the bottom (asm, asm-calls, gosimd, go),
// FLIPBENCH_SOLVE_PARAMS the search's constants (name=value,...).
func TestSolveSetEnv(t *testing.T) {
	name := os.Getenv("FLIPBENCH_SOLVE_SET")
	if name == "" {
		t.Skip("FLIPBENCH_SOLVE_SET not set")
	}
	var set []Position
	if b, ok := strings.CutPrefix(name, "board:"); ok {
		pos, err := kernels.ParsePosition(b)
		if err != nil {
			t.Fatal(err)
		}
		set = []Position{{ID: "board", Position: pos}}
	} else {
		var err error
		if set, err = Set(name); err != nil {
			t.Fatal(err)
		}
	}
	spec := os.Getenv("FLIPBENCH_SOLVE_VARIANTS")
	if b := os.Getenv("FLIPBENCH_SOLVE_BOTTOM"); b != "" {
		spec += ",bottom=" + b
	}
	sel := testSelection(t, spec)
	opts := Options{}
	switch e := os.Getenv("FLIPBENCH_SOLVE_EVAL"); e {
	case "none":
	case "", "default":
		w, err := weights.Default()
		if err != nil {
			t.Fatal(err)
		}
		opts.Weights = w
	default:
		ws, err := weights.Load(e)
		if err != nil {
			t.Fatal(err)
		}
		if opts.Weights, err = ws.EvalWeights(); err != nil {
			t.Fatal(err)
		}
	}
	p := defaultParams
	opts.tune = &p
	for _, kv := range strings.Split(os.Getenv("FLIPBENCH_SOLVE_PARAMS"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		ints := map[string]*int{"hashMin": &p.hashMin, "etcMin": &p.etcMin, "sortMin": &p.sortMin, "guessMax": &p.guessMax,
			"aspW": &p.aspW, "pcMin": &p.pcMin, "pcLevels": &p.pcLevels, "localMax": &p.localMax, "hash": &opts.HashBits}
		switch {
		case ints[k] != nil:
			*ints[k] = n
		case k == "evalSh":
			p.evalSh = uint(n)
		case k == "pcT1", k == "pcT2", k == "pcT3":
			savedT := probcutT
			defer func() { probcutT = savedT }()
			probcutT[k[3]-'0'] = n
		default:
			t.Fatalf("unknown param %s", k)
		}
	}
	sv, err := New(opts, sel)
	if err != nil {
		t.Fatal(err)
	}
	var nodes uint64
	var total, totalCPU time.Duration
	for _, p := range set {
		c0 := cpuTime()
		r, err := sv.Solve(p.Board)
		if err != nil {
			t.Fatal(err)
		}
		c := cpuTime() - c0
		nodes += r.Nodes
		total += r.Time
		totalCPU += c
		t.Logf("%3s %2d %+3d %s %11d %9.3fs %6.1f Mnps  cpu %.3fs %6.1f Mnps", p.ID, p.NumEmpties(), r.Score, kernels.SquareName(r.Best), r.Nodes,
			r.Time.Seconds(), float64(r.Nodes)/r.Time.Seconds()/1e6, c.Seconds(), float64(r.Nodes)/c.Seconds()/1e6)
		if p.HasScore && (r.Score != p.Score || !p.Known(r.Best)) {
			t.Errorf("ffo%s: %+d %s, want %+d %v", p.ID, r.Score, kernels.SquareName(r.Best), p.Score, p.BestMoves)
		}
	}
	t.Logf("total %d nodes %.3fs %.1f Mnps, cpu %.3fs %.1f Mnps (%s)", nodes, total.Seconds(), float64(nodes)/total.Seconds()/1e6,
		totalCPU.Seconds(), float64(nodes)/totalCPU.Seconds()/1e6, sv.Kernels())
}

// BenchmarkLeaf is the 4-empties leaf on the DirectSpec variants: the
// densest kernel calls of a solve, for the bound/direct comparison
// (go test -bench Leaf, with and without -tags solverdirect).
func BenchmarkLeaf(b *testing.B) {
	s := newSearch(Bind(testSelection(b, DirectSpec)))
	ps := harness.RandomEndgames(3, 4096, 4)
	lists := make([]uint64, len(ps))
	par := make([]uint8, len(ps))
	for i, p := range ps {
		lists[i] = variants.PresortList(p.Empties())
		par[i] = kernels.Parity(p.Empties())
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i & 4095
		s.solve4(ps[j].P, ps[j].O, 0, lists[j], par[j])
	}
}

// BenchmarkSolve is a whole solve of ffo1-19 on the DirectSpec variants.
func BenchmarkSolve(b *testing.B) {
	set, _ := Set("ffo1-19")
	sv, err := New(Options{}, testSelection(b, DirectSpec))
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes = 0
		for _, p := range set {
			r, _ := sv.Solve(p.Board)
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// testSelection is the CLI's selection (FLIPBENCH_DISABLE and
// FLIPBENCH_VARIANTS applied) with spec on top.
func testSelection(t testing.TB, spec string) variants.Selection {
	t.Helper()
	return varianttest.Selection(t, spec)
}
