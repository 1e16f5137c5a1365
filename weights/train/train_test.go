package train

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/weights"
)

func tinyConfig() Config {
	return Config{Seed: 7, Games: 40, ExactMax: 10, Group: 3, Depth: 3, Lambda: 1, Iters: 20, Pool: 2, Workers: 2}
}

func TestRunReproducibleAndResumable(t *testing.T) {
	if testing.Short() {
		t.Skip("trains twice")
	}
	cfg := tinyConfig()
	a, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 1
	cfg.Dir = t.TempDir()
	b, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ab, _ := a.Marshal()
	bb, _ := b.Marshal()
	if !bytes.Equal(ab, bb) {
		t.Fatal("same config, different weights (1 vs 2 workers)")
	}
	// Resume from the checkpoint, with a torn record at the end of one
	// labels file: the same weights again.
	lf := filepath.Join(cfg.Dir, "labels-06.bin")
	data, err := os.ReadFile(lf)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(lf, data[:len(data)-6], 0o644)
	var log bytes.Buffer
	cfg.Log = &log
	c, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "resuming") || !strings.Contains(log.String(), "chunks from") {
		t.Fatalf("did not resume:\n%s", log.String())
	}
	cb, _ := c.Marshal()
	if !bytes.Equal(ab, cb) {
		t.Fatal("resumed run gave other weights")
	}
	// The torn record was cut before the new ones were appended: the
	// file is whole again, and resuming once more reads every record.
	if data2, _ := os.ReadFile(lf); len(data2) != len(data) {
		t.Fatalf("labels file after resuming: %d bytes, want %d", len(data2), len(data))
	}
	log.Reset()
	if d, err := Run(cfg); err != nil {
		t.Fatal(err)
	} else if db, _ := d.Marshal(); !bytes.Equal(ab, db) {
		t.Fatal("second resume gave other weights")
	}
	// every group's labels come whole from its file: nothing labelled again
	m := regexp.MustCompile(`(\d+) of (\d+) chunks from`).FindAllStringSubmatch(log.String(), -1)
	if len(m) != 21 {
		t.Fatalf("second resume read %d labels files, want 21:\n%s", len(m), log.String())
	}
	for _, g := range m {
		if g[1] != g[2] {
			t.Fatalf("second resume: %s:\n%s", g[0], log.String())
		}
	}
	// A record that does not fit is a clear error naming the file.
	os.WriteFile(lf, append(data[:len(data):len(data)], 0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0, 0, 0, 0, 0), 0o644)
	if _, err := Run(cfg); err == nil || !strings.Contains(err.Error(), lf) || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("corrupt labels file: %v", err)
	}
	os.WriteFile(lf, data, 0o644)
	// Another configuration refuses the directory.
	cfg.Seed++
	if _, err := Run(cfg); err == nil || !strings.Contains(err.Error(), "another configuration") {
		t.Fatalf("other config in the same directory: %v", err)
	}
	// Plies of a group share a table; every ply is fitted.
	// Groups of 3 empties from the end: 0-2, 3-5, ..., 57-59, 60.
	if &a.Plies[60][0] != &a.Plies[58][0] || &a.Plies[58][0] == &a.Plies[57][0] || &a.Plies[0][0] == &a.Plies[1][0] {
		t.Fatal("group tables not shared as expected")
	}
}

// The pooled pass refits every group on its neighbours' positions too,
// weighted down with the distance; without it the tables differ.
func TestPoolRefitsEveryGroup(t *testing.T) {
	if testing.Short() {
		t.Skip("trains twice")
	}
	cfg := tinyConfig()
	var log bytes.Buffer
	cfg.Log = &log
	pooled, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(log.String(), "pooled"); n != 21 {
		t.Fatalf("%d pooled fits, want 21 (one per group):\n%s", n, log.String())
	}
	if !strings.Contains(log.String(), "group 5/21 (12-14 empties, pooled 10-16)") {
		t.Fatalf("pooled range of group 5:\n%s", log.String())
	}
	cfg.Pool, cfg.Log = 0, nil
	plain, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for p := range plain.Plies {
		if slices.Equal(plain.Plies[p], pooled.Plies[p]) {
			same++
		}
	}
	if same > 1 { // the start position's ply, 60 empties, may agree
		t.Fatalf("%d plies equal with and without pooling", same)
	}
}

// Self-play by a deeper search plays other games, legal and the same each
// time.
func TestPlayDepth(t *testing.T) {
	ev := &evaluator{}
	rs := weights.Random(3)
	for p := range ev.plain {
		ev.plain[p] = weights.Unpack(rs.Plies[p])
	}
	ev.refresh()
	o := newOps()
	diff := 0
	for i := 1; i < 40; i += 2 { // odd games are self-play
		g1, g3 := playGame(o, 5, i, ev, 1), playGame(o, 5, i, ev, 3)
		if !slices.Equal(g3, playGame(o, 5, i, ev, 3)) {
			t.Fatalf("game %d: not reproducible", i)
		}
		if !slices.Equal(g1, g3) {
			diff++
		}
		for j := 1; j < len(g3); j++ {
			if o.moves(g3[j].P, g3[j].O) == 0 || g3[j].NumEmpties() >= g3[j-1].NumEmpties() {
				t.Fatalf("game %d, position %d: %v after %v", i, j, g3[j], g3[j-1])
			}
		}
	}
	if diff < 10 {
		t.Fatalf("only %d of 20 games changed with a 3-ply search", diff)
	}
}

// A search deeper than the game is exact.
func TestSearchExactAtGameEnd(t *testing.T) {
	ev := &evaluator{}
	z := make([]int16, kernels.NumWeights)
	for p := range ev.plain {
		ev.plain[p] = z
	}
	s := &searcher{ops: newOps(), ev: ev}
	for _, b := range harness.RandomEndgames(5, 50, 7) {
		if got, want := s.search(b, 20), minimax(b, false)*weights.Scale; got != want {
			t.Fatalf("%s: search %d, exact %d", kernels.BoardString(b), got, want)
		}
	}
}

// The fit recovers weights that explain the labels exactly.
func TestFitRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := make([]float64, weights.NumPacked)
	for i := range truth {
		truth[i] = rng.NormFloat64()
	}
	var samples []sample
	for _, b := range harness.RandomGames(9, 20000) {
		f := packedFeatures(b)
		y := truth[weights.NumPacked-1]
		for _, j := range f {
			y += truth[j]
		}
		samples = append(samples, sample{f: f, y: float32(y), wt: 1})
	}
	res := fit(samples, 1e-3, 500, 2)
	if res.rmse > 0.05 {
		t.Fatalf("training rmse %.3f after %d iterations", res.rmse, res.iters)
	}
	// The weights are the truth up to what positions can tell apart (a
	// constant moved between a table and the bias changes no sum; a
	// pattern met in one or two positions is not told from its
	// neighbours'): so positions of other games whose every pattern was
	// met often get the truth's values.
	seen := map[int32]int{}
	for _, s := range samples {
		for _, j := range s.f {
			seen[j]++
		}
	}
	var sq float64
	n := 0
	for _, b := range harness.RandomGames(10, 20000) {
		f := packedFeatures(b)
		all := true
		for _, j := range f {
			all = all && seen[j] >= 50
		}
		if !all {
			continue
		}
		want, got := truth[weights.NumPacked-1], res.w[weights.NumPacked-1]
		for _, j := range f {
			want += truth[j]
			got += res.w[j]
		}
		sq += (got - want) * (got - want)
		n++
	}
	if n < 100 {
		t.Fatalf("only %d unseen positions with every pattern seen: the check has too little to say", n)
	}
	if rmse := math.Sqrt(sq / float64(n)); rmse > 0.1 {
		t.Errorf("on %d positions of other games the fit is off the truth by %.3f (rms), want at most 0.1", n, rmse)
	}
	t.Logf("training rmse %.4f, %d iterations; %d unseen positions off by %.4f (rms)", res.rmse, res.iters, n, math.Sqrt(sq/float64(n)))
}

// The default held-out positions (HeldOutSeed, 20-24 empties, 50 per
// count, as -eval-mae takes them) are none of the default training run's:
// every position of its random games, which no evaluation decides, is
// looked up among them. The check can fail: held-out positions drawn from
// the training seed itself are found.
func TestHeldOutDisjointFromTraining(t *testing.T) {
	d := DefaultConfig()
	held := map[board]bool{}
	same := map[board]bool{}
	for _, p := range HeldOut(HeldOutSeed, 50, 20, 24) {
		for _, b := range p {
			held[b] = true
		}
	}
	for _, p := range HeldOut(d.Seed, 50, 20, 24) {
		for _, b := range p {
			same[b] = true
		}
	}
	if len(held) < 5*50*9/10 {
		t.Fatalf("%d distinct held-out positions, want about %d", len(held), 5*50)
	}
	o := newOps()
	games, leaked, found := 0, 0, 0
	for i := 0; i < d.Games; i += 2 { // the random half
		games++
		for _, b := range playGame(o, d.Seed, i, nil, 0) {
			if held[b] {
				leaked++
			}
			if same[b] {
				found++
			}
		}
	}
	if leaked > 0 {
		t.Errorf("%d positions of the training run's %d random games are held-out positions", leaked, games)
	}
	if found == 0 {
		t.Errorf("held-out positions of the training seed were not found among its games: the check sees nothing")
	}
}

// The kernels' evaluation equals the plain table sum it replaces.
func TestEvaluatorKernelsMatchPlainSum(t *testing.T) {
	rs := weights.Random(5)
	var ev evaluator
	for p := range ev.plain {
		if p%7 != 3 { // some plies unfitted
			ev.plain[p] = weights.Unpack(rs.Plies[p])
		}
	}
	boards := harness.RandomGames(11, 3000)
	want := make([]int, len(boards))
	for i, b := range boards {
		if ev.has(b.NumEmpties()) {
			want[i] = ev.eval(b)
		}
	}
	ev.refresh()
	for i, b := range boards {
		if ev.has(b.NumEmpties()) {
			if got := ev.eval(b); got != want[i] {
				t.Fatalf("%v: kernels %d, plain sum %d", b, got, want[i])
			}
		}
	}
}

// MAE of a search: exact (zero error) when the search reaches the end of
// every game, the evaluation's own error at depth 0, and something else
// in between; no search on no weights.
func TestMAEDepth(t *testing.T) {
	rs := weights.Random(3)
	at := func(depth, lo, hi int) []MAERow {
		t.Helper()
		rows, err := MeasureMAE(rs, MAEConfig{Seed: 9, N: 4, MinEmpties: lo, MaxEmpties: hi, Depth: depth, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	for _, r := range at(8, 6, 7) {
		if r.AbsSum != 0 || r.N != 4 {
			t.Fatalf("depth 8 at %d empties: %d positions, MAE %.2f, want 0", r.Empties, r.N, r.MAE())
		}
	}
	static, searched := at(0, 12, 12)[0], at(2, 12, 12)[0]
	if static.AbsSum == 0 || static.AbsSum == searched.AbsSum {
		t.Fatalf("at 12 empties: MAE %.3f static, %.3f at depth 2: random weights should err, and differently", static.MAE(), searched.MAE())
	}
	if _, err := MeasureMAE(nil, MAEConfig{Seed: 9, N: 1, MinEmpties: 6, MaxEmpties: 6, Depth: 2}); err == nil {
		t.Fatal("depth 2 on no weights: no error")
	}
}
