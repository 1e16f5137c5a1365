package report

import (
	"cmp"
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// build runs one table query. A query of kernel benchmarks leaves out
// the sessions that measured resultsfile.InputsChanged's kernels on their old
// inputs (no "inputs" line of resultsfile.InputsVersion): their figures
// measured another thing.
func (r *Report) build(filter, row, col string) []*stats.Table {
	if strings.Contains(filter, ".name:Kernel") {
		filter += " " + oldInputs
	}
	ts, err := stats.BuildTables(r.ds, stats.CompareOptions{Filter: filter, Row: row, Col: col, Confidence: r.opts.Confidence, Margin: r.opts.Margin})
	if err != nil {
		panic(fmt.Sprintf("report: bad query %q: %v", filter, err)) // the queries are ours
	}
	if col == machineKey {
		// one column order on the whole page: the machines table's
		at := map[string]int{}
		for i, m := range r.Machines {
			at[m.ID] = i
		}
		for _, t := range ts {
			base := t.Cols[t.Base]
			slices.SortStableFunc(t.Cols, func(a, b benchproc.Key) int { return cmp.Compare(at[a.StringValues()], at[b.StringValues()]) })
			t.Base = slices.Index(t.Cols, base)
		}
	}
	return ts
}

// oldInputs is the filter that leaves out results of resultsfile.InputsChanged's
// kernels measured before resultsfile.InputsVersion.
var oldInputs = func() string {
	ks := make([]string, len(resultsfile.InputsChanged))
	for i, k := range resultsfile.InputsChanged {
		ks[i] = "/kernel:" + k
	}
	return "-((" + strings.Join(ks, " OR ") + ") -" + resultsfile.KeyInputs + ":" + resultsfile.InputsVersion + ")"
}()

func unitTable(ts []*stats.Table, unit string) *stats.Table {
	for _, t := range ts {
		if t.Unit == unit {
			return t
		}
	}
	return nil
}

// names of the values of one field over keys, in key order, deduplicated
func values(keys []benchproc.Key, field string) []string {
	var out []string
	for _, k := range keys {
		addOnce(&out, stats.FieldValue(k, field))
	}
	return out
}

// kernelNames lists the kernels with results in the registry's order (then
// those this build does not have, by name): one fixed order whatever the
// files, never a session's random one.
func (r *Report) kernelNames() []string {
	have := map[string]bool{}
	for _, res := range r.ds.Views() {
		if string(res.Name.Base()) == "Kernel" {
			have[nameKey(res, "kernel")] = true
		}
	}
	var out []string
	for _, k := range variants.Kernels() {
		if have[k.Name()] {
			out = append(out, k.Name())
			delete(have, k.Name())
		}
	}
	return append(out, slices.Sorted(maps.Keys(have))...)
}

func nameKey(res *benchfmt.Result, key string) string {
	_, parts := res.Name.Parts()
	for _, p := range parts {
		if k, v, ok := strings.Cut(strings.TrimPrefix(string(p), "/"), "="); ok && k == key {
			return v
		}
	}
	return ""
}

// parseSize reads bench.SizeName's form back (768KiB, 1.5GiB).
func parseSize(s string) float64 {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	mult := 1.0
	for i, u := range units {
		if strings.HasSuffix(s, u) {
			s, mult = strings.TrimSuffix(s, u), math.Pow(1024, float64(i+1))
			break
		}
	}
	s = strings.TrimSuffix(s, "B")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return v * mult
}

// kernelForms are the forms of a kernel's rows: per call, then batched.
var kernelForms = []string{"call", "batch"}

// kernelOptions are what sets a kernel's section apart from the others.
type kernelOptions struct {
	// wholeTable: an operation clears a whole table of some size
	// (/size). Its section is its throughput per size against the
	// machine's write bandwidth (throughputSection), its winner the
	// fastest per call at the largest size every machine measured
	// (wholeTableWinners), and the summary chart leaves it out (its
	// microseconds would squeeze every other kernel).
	wholeTable bool
}

// kernelOpts are the kernels whose section is not the default one.
var kernelOpts = map[string]kernelOptions{"hash_clear": {wholeTable: true}}

// kernelData is one kernel's section's data.
type kernelData struct {
	name string
	kernelOptions
	// lens are its tables per slice length, the shortest first (one, of
	// len "", for a kernel without slices): the winners, pick and the
	// chart take the first's
	lens []lenTable
}

// lenTable is a kernel's table of variants (per call, batched) x
// machines at one slice length, with its rankings.
type lenTable struct {
	len   string
	t     *stats.Table
	ranks map[[2]string]ranked // (machine, form)
}

// gatherKernels gathers every kernel's tables and rankings, the winners
// and the checks of the figures, in the page's order of kernels (the
// whole-table kernels' winners last).
func (r *Report) gatherKernels() {
	r.winners = map[string]map[string]*winner{}
	var whole []string
	for _, k := range r.kernelNames() {
		kd := &kernelData{name: k, kernelOptions: kernelOpts[k]}
		if kd.wholeTable {
			whole = append(whole, k)
		} else {
			r.gatherKernel(kd)
		}
		r.kernels = append(r.kernels, kd)
	}
	for _, k := range whole {
		r.wholeTableWinners(k)
	}
}

// gatherKernel ranks one kernel's variants per slice length, machine
// and form; the per-call winners of its first length go to r.winners.
func (r *Report) gatherKernel(kd *kernelData) {
	k := kd.name
	filter := fmt.Sprintf(".name:Kernel /kernel:%q .unit:ns/op", k)
	row := "/variant,/form@(call batch)"
	t := unitTable(r.build(filter, row+",/len@num", machineKey), "sec/op")
	if t == nil {
		return
	}
	lens := values(t.Rows, "/len")
	// the shortest slices first: the winners table's, and pick's
	slices.SortFunc(lens, func(a, b string) int { return cmp.Compare(parseSize(a), parseSize(b)) })
	if len(lens) == 0 {
		lens = []string{""}
	}
	for _, l := range lens {
		sub := t
		if l != "" {
			sub = unitTable(r.build(filter+" /len:"+l, row, machineKey), "sec/op")
		}
		kd.lens = append(kd.lens, lenTable{len: l, t: sub, ranks: r.rankAll(k, sub)})
	}
	label := k
	if lens[0] != "" {
		label += " (" + lens[0] + " words)"
	}
	first := kd.lens[0]
	for _, col := range first.t.Cols {
		if rk := first.ranks[[2]string{col.StringValues(), "call"}]; len(rk.rows) > 0 {
			w := winnerOf(first.t, rk, col)
			w.label = label
			r.addWinner(k, col.StringValues(), w)
		}
	}
}

// rankAll ranks t's variants in every column and form, and checks each
// ranking's figures.
func (r *Report) rankAll(k string, t *stats.Table) map[[2]string]ranked {
	ranks := map[[2]string]ranked{}
	for _, col := range t.Cols {
		for _, form := range kernelForms {
			rk := r.rank(k, t, col, form)
			r.checkFigures(k, form, col, t, rk.cand)
			ranks[[2]string{col.StringValues(), form}] = rk
		}
	}
	return ranks
}

func (r *Report) addWinner(k, machine string, w *winner) {
	if r.winners[k] == nil {
		r.winners[k] = map[string]*winner{}
	}
	r.winners[k][machine] = w
}

// wholeTableWinners finds a whole-table kernel's winners per call (a
// whole table per operation) at the largest size every machine that
// cleared tables measured.
func (r *Report) wholeTableWinners(k string) {
	t := unitTable(r.build(fmt.Sprintf(".name:Kernel /kernel:%q /form:call .unit:ns/op", k), "/variant", machineKey+",/size@num"), "sec/op")
	if t == nil {
		return
	}
	sizes := map[string]int{} // size -> machines
	machines := map[string]bool{}
	for _, col := range t.Cols {
		machines[stats.FieldValue(col, machineKey)] = true
		sizes[stats.FieldValue(col, "/size")]++
	}
	best := ""
	for sz, n := range sizes {
		if n == len(machines) && (best == "" || parseSize(sz) > parseSize(best)) {
			best = sz
		}
	}
	if best == "" {
		return
	}
	t = unitTable(r.build(fmt.Sprintf(".name:Kernel /kernel:%q /form:call .unit:ns/op /size:%s", k, best), "/variant,/form", machineKey), "sec/op")
	if t == nil {
		return
	}
	for _, col := range t.Cols {
		rk := r.rank(k, t, col, "call")
		r.checkFigures(k, "call", col, t, rk.cand)
		if len(rk.rows) == 0 {
			continue
		}
		w := winnerOf(t, rk, col)
		w.label = k + " (" + best + ")"
		r.addWinner(k, col.StringValues(), w)
	}
}

// ranked is the flipbench variants of one form of a table in one column
// (never C rows), by figure, the fastest first (stats.Fastest), and the
// runner-up compared with the fastest.
type ranked struct {
	rows []benchproc.Key // fastest first
	pos  map[benchproc.Key]int
	cmp  *stats.Comparison
	cand []stats.Ranked // the variants ranked, for checkFigures
}

func (r *Report) rank(k string, t *stats.Table, col benchproc.Key, form string) ranked {
	rk := ranked{pos: map[benchproc.Key]int{}}
	var cand []stats.Ranked
	var rows []benchproc.Key
	for _, row := range t.Rows {
		if stats.FieldValue(row, "/form") != form || r.kindOf(k, stats.FieldValue(row, "/variant")) == variants.KindC {
			continue
		}
		if c := t.Cell(row, col); c != nil {
			cand = append(cand, stats.Ranked{Variant: stats.FieldValue(row, "/variant"), Ref: len(rows), Runs: c.Runs})
			rows = append(rows, row)
		}
	}
	cand, rk.cmp = stats.Fastest(cand, t.Better, t.Margin, t.Confidence)
	for i, c := range cand {
		rk.rows = append(rk.rows, rows[c.Ref])
		rk.pos[rows[c.Ref]] = i + 1
	}
	rk.cand = cand
	return rk
}

// checkFigures compares every two neighbours of a ranking whose figures
// are apart beyond their intervals, and records those whose verdict
// points the other way beyond its own: a measurement defect the page
// must show (the process as unit made them vanish from the committed
// results; a new kind of noise could bring them back).
func (r *Report) checkFigures(k, form string, col benchproc.Key, t *stats.Table, cand []stats.Ranked) {
	if t.Better > 0 {
		return
	}
	byFig := slices.Clone(cand)
	slices.SortStableFunc(byFig, func(a, b stats.Ranked) int { return cmp.Compare(a.Summary.Center, b.Summary.Center) })
	for i := 0; i+1 < len(byFig); i++ {
		fast, slow := byFig[i], byFig[i+1]
		if !(fast.Summary.Hi < slow.Summary.Lo) {
			continue
		}
		r.FigurePairs++
		if c := stats.CompareRuns(fast.Runs, slow.Runs, t.Better, t.Margin, t.Confidence); c.Hi < 1 {
			r.Conflicts = append(r.Conflicts, fmt.Sprintf("%s, %s %s: %s's figure %s is below %s's %s, yet over the rounds %s is %s",
				r.colLabel(col), k, formLabel(form), fast.Variant, fmtTime(fast.Summary.Center), slow.Variant, fmtTime(slow.Summary.Center), slow.Variant, c))
		}
	}
}

// winner is a kernel's fastest variant on one machine, per call.
type winner struct {
	variant, second string
	cell, cell2     *stats.Cell
	cmp             *stats.Comparison // the runner-up over the winner
	label           string            // the kernel's row in the winners' table
}

// winnerOf is the fastest of a ranking with its runner-up's comparison.
func winnerOf(t *stats.Table, rk ranked, col benchproc.Key) *winner {
	w := &winner{variant: stats.FieldValue(rk.rows[0], "/variant"), cell: t.Cell(rk.rows[0], col), cmp: rk.cmp}
	if len(rk.rows) > 1 {
		w.second, w.cell2 = stats.FieldValue(rk.rows[1], "/variant"), t.Cell(rk.rows[1], col)
	}
	return w
}

// disagree flags a winner whose figure is not the lowest: the rounds put
// the runner-up behind though its figure is lower (stats.Fastest), which
// the process-unit comparison makes rare and a reader must see.
func (w *winner) disagree() string {
	if w.cell2 == nil || !(w.cell2.Summary.Center < w.cell.Summary.Center) {
		return ""
	}
	return fmt.Sprintf(" (%s's figure, %s, is lower: the rounds, not the figures, decide)", w.second, fmtTime(w.cell2.Summary.Center))
}

// kind of a row's variant (resultsfile.KindOf, gathered by Load).
func (r *Report) kindOf(kernel, variant string) string {
	if k, ok := r.kinds[kernel+"/"+variant]; ok {
		return k
	}
	return variants.KindAsm
}
