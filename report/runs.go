package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/kernels"
)

// Runs are results files of one session each, shown whole rather than
// merged per benchmark: flipbench solve -save (SolvePosition/set=S/id=N,
// one result per position and run), flipbench train -eval-mae -save
// (EvalMAE/empties=N) and flipbench anchor (EdaxVs/set=S/bottom=B/engine=E,
// flipbench's and Edax's solves of a set in turn, paired run by run: edax.go).
// Of several such files of the same machine, set and evaluation setting
// (for EdaxVs: bottom and PGO setting), the newest is shown (an
// interrupted newer run is shown as it is, not completed from an older
// one: the two may differ in variants or weights). Their results never
// reach the tables built from the merged results (kernels, Solve).

const (
	solveName = "SolvePosition"
	maeName   = "EvalMAE"
	edaxName  = "EdaxVs"
)

// A run is the results of one file for one set (solve, edax) or one
// evaluation (MAE).
type run struct {
	kind, file, machine, set, eval string
	bottom, pgo                    string // edax: the bottom flipbench searched on, its build's pgo line
	idx                            int    // of the file, in read order
	date                           string
	res                            []*benchfmt.Result
}

func (u *run) config(key string) string { return u.res[0].GetConfig(key) }

// takeRuns moves the results of solve and MAE runs out of ds, grouped by
// file and set, in file order.
func takeRuns(ds *stats.Dataset) []*run {
	fileIdx := map[string]int{}
	for i, f := range ds.Files {
		fileIdx[f] = i
	}
	type fk struct{ file, set, bottom string }
	byFile := map[fk]*run{}
	var runs []*run
	taken := map[int]bool{}
	for i := range ds.Len() {
		view := ds.View(i)
		kind := ""
		switch string(view.Name.Base()) {
		case solveName:
			kind = "solve"
		case maeName:
			kind = "mae"
		case edaxName:
			kind = "edax"
		default:
			continue
		}
		taken[i] = true
		res := ds.Result(i)
		f := res.GetConfig(".file")
		k := fk{f, nameKey(res, "set"), nameKey(res, "bottom")}
		u := byFile[k]
		if u == nil {
			u = &run{kind: kind, file: f, machine: stats.CPUOf(res), set: k.set, eval: or(res.GetConfig("eval"), "unknown"),
				idx: fileIdx[f], date: res.GetConfig("date")}
			if kind == "edax" {
				u.bottom, u.pgo = nameKey(res, "bottom"), res.GetConfig("pgo")
			}
			byFile[k] = u
			runs = append(runs, u)
		}
		u.res = append(u.res, res)
	}
	ds.Keep(func(i int) bool { return !taken[i] })
	return runs
}

// newestRuns keeps the newest solve run per machine, set and evaluation
// setting (files are read in date order within a machine), the newest
// Edax comparison per machine, set, bottom and PGO setting, and the
// newest MAE run per evaluation setting over every machine (the error
// does not depend on the machine; by date, then file order). A run of an
// interrupted session (its file in incomplete) never replaces a complete
// one.
func newestRuns(runs []*run, incomplete map[string]string) []*run {
	type key struct{ kind, machine, set, eval, bottom, pgo string }
	keyOf := func(u *run) key {
		switch u.kind {
		case "mae":
			return key{kind: u.kind, eval: u.eval}
		case "edax":
			return key{kind: u.kind, machine: u.machine, set: u.set, bottom: u.bottom, pgo: u.pgo}
		}
		return key{kind: u.kind, machine: u.machine, set: u.set, eval: u.eval}
	}
	newer := func(u, n *run) bool {
		_, ui := incomplete[u.file]
		_, ni := incomplete[n.file]
		if ui != ni {
			return ni
		}
		if u.kind == "mae" && u.date != n.date {
			return u.date > n.date
		}
		return u.idx > n.idx
	}
	newest := map[key]*run{}
	for _, u := range runs {
		k := keyOf(u)
		if n := newest[k]; n == nil || newer(u, n) {
			newest[k] = u
		}
	}
	var out []*run
	for _, u := range runs {
		if newest[keyOf(u)] == u {
			out = append(out, u)
		}
	}
	return out
}

// evalOrder sorts evaluation settings: default first, files by name,
// none last (the base of the comparisons).
func evalOrder(a, b string) int {
	rank := func(e string) int {
		switch e {
		case "default":
			return 0
		case "none":
			return 2
		}
		return 1
	}
	if c := rank(a) - rank(b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// value returns the value of a unit (as benchfmt tidies it) in a result.
func value(res *benchfmt.Result, unit string) (float64, bool) {
	for _, v := range res.Values {
		if v.Unit == unit {
			return v.Value, true
		}
	}
	return 0, false
}

// position is one position of a solve run, over its runs.
type position struct {
	name, id                      string
	empties, score, best, nodes   float64
	hasEmpties, hasScore, hasBest bool
	hasNodes, nodesVary           bool
	secs                          []float64         // sec/op, per run
	time                          benchmath.Summary // of secs
	sec                           float64           // time.Center
}

// positions summarises a solve run per position, in the order of the
// file: nodes (the same every run), the time's figure with its interval.
func (r *Report) positions(u *run) []*position {
	var out []*position
	byName := map[string]*position{}
	for _, res := range u.res {
		name := string(res.Name.Full())
		p := byName[name]
		if p == nil {
			p = &position{name: name, id: nameKey(res, "id")}
			if p.id == "" {
				p.id = nameKey(res, "board")
			}
			byName[name] = p
			out = append(out, p)
		}
		if v, ok := value(res, "sec/op"); ok { // benchfmt reads ns/op as sec/op
			p.secs = append(p.secs, v)
		}
		if v, ok := value(res, "nodes/op"); ok {
			if p.hasNodes && v != p.nodes {
				p.nodesVary = true
			}
			p.nodes, p.hasNodes = v, true
		}
		if v, ok := value(res, "empties"); ok {
			p.empties, p.hasEmpties = v, true
		}
		if v, ok := value(res, "score"); ok {
			p.score, p.hasScore = v, true
		}
		if v, ok := value(res, "best-square"); ok {
			p.best, p.hasBest = v, true
		}
	}
	for _, p := range out {
		if len(p.secs) > 0 {
			p.time = r.summary(p.secs)
			p.sec = p.time.Center
		}
	}
	return out
}

// runsOf returns the runs of a kind ("solve", "mae"), in order.
func (r *Report) runsOf(kind string) []*run {
	var us []*run
	for _, u := range r.runs {
		if u.kind == kind {
			us = append(us, u)
		}
	}
	return us
}

// section starts the section titled title if there are runs of kind, and
// returns them.
func (r *Report) section(kind, title string) []*run {
	us := r.runsOf(kind)
	if len(us) > 0 {
		r.p("## %s\n\n", title)
	}
	return us
}

// solverRuns writes, per machine and set, the comparison of the
// evaluation settings and each run's per-position table.
func (r *Report) solverRuns() {
	solves := r.section("solve", "Solver runs")
	if len(solves) == 0 {
		return
	}
	r.p("`flipbench solve -save` on one thread: per position the exact score, the best move, the nodes searched ")
	r.p("(the same on every run and for every variant set with the same weights) and the time (the %s when the ", stats.FigureLabel)
	r.p("file has several runs, with its %s interval); per machine and set the newest run of each evaluation ", pctLabel(r.opts.Confidence))
	r.p("setting (`-eval`). The evaluation orders moves and drives the selective searches before the exact one: ")
	r.p("`none` orders moves without it and has no selective searches, and the ratio of nodes ")
	r.p("to `none`'s measures what the weights are worth to the search.\n\n")
	type ms struct{ machine, set string }
	var keys []ms
	for _, m := range r.Machines {
		for _, u := range solves {
			if u.machine == m.ID && !slices.Contains(keys, ms{u.machine, u.set}) {
				keys = append(keys, ms{u.machine, u.set})
			}
		}
	}
	for _, k := range keys {
		var us []*run
		for _, u := range solves {
			if u.machine == k.machine && u.set == k.set {
				us = append(us, u)
			}
		}
		slices.SortStableFunc(us, func(a, b *run) int { return evalOrder(a.eval, b.eval) })
		r.p("### %s on %s\n\n", k.set, r.machineLabel(k.machine))
		if len(us) > 1 {
			r.evalComparison(us)
		}
		for _, u := range us {
			r.positionTable(u)
		}
	}
}

func (r *Report) machineLabel(id string) string {
	if m := r.byID[id]; m != nil {
		return m.Label()
	}
	return id
}

// weightsLabel names a run's weights by their checksum.
func weightsLabel(u *run) string {
	c := strings.TrimPrefix(u.config("eval-checksum"), "sha256:")
	if len(c) > 8 {
		c = c[:8]
	}
	return c
}

// totals of a run over the positions in only (all if nil).
func totals(ps []*position, only map[string]bool) (n int, nodes, sec float64) {
	for _, p := range ps {
		if only != nil && !only[p.name] {
			continue
		}
		n++
		nodes += p.nodes
		sec += p.sec
	}
	return
}

func fmtMnps(nodes, sec float64) string {
	if sec <= 0 {
		return ""
	}
	return fmt.Sprintf("%.1f", nodes/sec/1e6)
}

// evalComparison is one row per evaluation setting: totals, and the
// ratio to eval none's over the positions both solved.
func (r *Report) evalComparison(us []*run) {
	pos := map[*run][]*position{}
	for _, u := range us {
		pos[u] = r.positions(u)
	}
	var none *run
	for _, u := range us {
		if u.eval == "none" {
			none = u
		}
	}
	head := []string{"eval", "weights", "positions", "nodes", "time", "Mnps", "nodes ÷ none's", "time ÷ none's"}
	var rows [][]string
	variantSets := map[string]bool{}
	partial := false
	for _, u := range us {
		variantSets[u.config("variants")] = true
		n, nodes, sec := totals(pos[u], nil)
		line := []string{u.eval, or(weightsLabel(u), "—"), strconv.Itoa(n), fmt.Sprintf("%.0f", nodes), fmtTime(sec), fmtMnps(nodes, sec), "", ""}
		if none != nil && u != none {
			common := map[string]bool{}
			in := map[string]bool{}
			for _, p := range pos[none] {
				in[p.name] = true
			}
			for _, p := range pos[u] {
				if in[p.name] {
					common[p.name] = true
				}
			}
			if len(common) != len(pos[u]) || len(common) != len(pos[none]) {
				partial = true
			}
			_, un, usec := totals(pos[u], common)
			_, nn, nsec := totals(pos[none], common)
			if nn > 0 {
				line[6] = fmt.Sprintf("%.3f", un/nn)
			}
			if nsec > 0 {
				line[7] = fmt.Sprintf("%.3f", usec/nsec)
			}
		}
		if u == none {
			line[6], line[7] = "1", "1"
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(&r.md, head, rows)
	if none == nil {
		r.p("\n> note: no run with `-eval none` to compare with\n")
	}
	if partial {
		r.p("\n> note: the runs did not solve the same positions (an interrupted run?): the ratios are over the positions both solved\n")
	}
	if len(variantSets) > 1 {
		r.p("\n> note: the runs used different variant sets: their times are not comparable, their node counts are\n")
	}
	r.p("\n")
}

// positionTable is one run: a row per position and the total.
func (r *Report) positionTable(u *run) {
	ps := r.positions(u)
	r.p("**eval %s", u.eval)
	if w := weightsLabel(u); w != "" {
		r.p(" (weights %s)", w)
	}
	r.p("**, [%s](%s)", shortFile(u.file), r.link(u.file))
	runs := 0
	for _, p := range ps {
		runs = max(runs, len(p.secs))
	}
	var facts []string
	if runs > 1 {
		facts = append(facts, fmt.Sprintf("%d runs per position", runs))
	}
	if h := u.config("hash-bits"); h != "" {
		facts = append(facts, "hash "+h)
	}
	if c := bench.ShortCommit(u.config("commit")); c != "" {
		facts = append(facts, "commit "+c)
	}
	if len(facts) > 0 {
		r.p(": %s", strings.Join(facts, ", "))
	}
	r.p("\n\n")
	if v := u.config("variants"); v != "" {
		r.p("variants: `%s`\n\n", v)
	}
	head := []string{"#", "empties", "score", "best", "nodes", "time", "Mnps"}
	var rows [][]string
	vary := false
	for _, p := range ps {
		line := []string{p.id, "?", "?", "", "?", "?", ""}
		if p.hasEmpties {
			line[1] = fmt.Sprintf("%.0f", p.empties)
		}
		if p.hasScore {
			line[2] = fmt.Sprintf("%+.0f", p.score)
		}
		if p.hasBest {
			line[3] = kernels.SquareName(int(p.best))
		}
		if p.hasNodes {
			line[4] = fmt.Sprintf("%.0f", p.nodes)
			vary = vary || p.nodesVary
		}
		if len(p.secs) > 0 {
			line[5] = fmtTime(p.sec)
			if len(p.secs) > 1 {
				line[5] += " " + stats.FormatCI(p.time)
			}
			if p.hasNodes {
				line[6] = fmtMnps(p.nodes, p.sec)
			}
		}
		rows = append(rows, line)
	}
	n, nodes, sec := totals(ps, nil)
	rows = append(rows, []string{fmt.Sprintf("**total** (%d)", n), "", "", "", fmt.Sprintf("**%.0f**", nodes), "**" + fmtTime(sec) + "**", fmtMnps(nodes, sec)})
	stats.WriteMarkdownTable(&r.md, head, rows)
	if vary {
		r.p("\n> note: the node count of some positions differs between runs: the search is not deterministic\n")
	}
	r.p("\n")
}

func shortFile(f string) string {
	i := strings.LastIndexAny(f, `/\`)
	return f[i+1:]
}

// maeCell is one evaluation's error at one empties count.
type maeCell struct {
	n              int
	mae, bias, rms float64
}

// evalError writes the evaluation's error against exact scores per
// empties count, a column per evaluation setting.
func (r *Report) evalError() {
	us := r.section("mae", "Evaluation error")
	if len(us) == 0 {
		return
	}
	slices.SortStableFunc(us, func(a, b *run) int { return evalOrder(a.eval, b.eval) })
	r.p("`flipbench train -eval-mae -save`: the evaluation of held-out positions (from games of a seed no training ")
	r.p("uses) against their exact scores, in discs: mean absolute error, and in brackets the mean error (bias, ")
	r.p("evaluation minus exact) and the root mean square error. `none` is the zero evaluation. The newest run of ")
	r.p("each evaluation setting.\n\n")
	cells := map[*run]map[int]maeCell{}
	var empties []int
	for _, u := range us {
		cells[u] = map[int]maeCell{}
		for _, res := range u.res {
			e, err := strconv.Atoi(nameKey(res, "empties"))
			if err != nil {
				continue
			}
			mae, ok := value(res, "discs")
			if !ok {
				continue
			}
			bias, _ := value(res, "bias-discs")
			rms, _ := value(res, "rms-discs")
			cells[u][e] = maeCell{n: res.Iters, mae: mae, bias: bias, rms: rms}
			if !slices.Contains(empties, e) {
				empties = append(empties, e)
			}
		}
	}
	slices.Sort(empties)
	head := []string{"empties"}
	for _, u := range us {
		h := u.eval
		if w := weightsLabel(u); w != "" {
			h += " (" + w + ")"
		}
		head = append(head, h)
	}
	fmtCell := func(c maeCell) string {
		return fmt.Sprintf("%.2f (%+.2f, %.2f) n=%d", c.mae, c.bias, c.rms, c.n)
	}
	var rows [][]string
	all := map[*run]*maeCell{}
	for _, e := range empties {
		line := []string{strconv.Itoa(e)}
		for _, u := range us {
			c, ok := cells[u][e]
			if !ok {
				line = append(line, "")
				continue
			}
			line = append(line, fmtCell(c))
			a := all[u]
			if a == nil {
				a = &maeCell{}
				all[u] = a
			}
			// back to sums over the positions, to weigh each count by its positions
			a.n += c.n
			a.mae += c.mae * float64(c.n)
			a.bias += c.bias * float64(c.n)
			a.rms += c.rms * c.rms * float64(c.n)
		}
		rows = append(rows, line)
	}
	if len(empties) > 1 {
		line := []string{"**all**"}
		for _, u := range us {
			a := all[u]
			if a == nil || a.n == 0 {
				line = append(line, "")
				continue
			}
			n := float64(a.n)
			line = append(line, fmtCell(maeCell{n: a.n, mae: a.mae / n, bias: a.bias / n, rms: math.Sqrt(a.rms / n)}))
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(&r.md, head, rows)
	heldOut := map[string]bool{}
	for _, u := range us {
		heldOut[u.config("mae-seed")+" "+u.config("mae-n")+" "+u.config("mae-empties")] = true
	}
	if len(heldOut) > 1 {
		r.p("\n> note: the columns were measured on different held-out positions (their seed, number or empties range differ): compare them with care\n")
	}
	r.p("\n")
	for _, u := range us {
		r.p("- %s: ", u.eval)
		if c := u.config("eval-checksum"); c != "" {
			r.p("weights %s, ", c)
		}
		if n := u.config("eval-note"); n != "" {
			r.p("%q, ", n)
		}
		if s := u.config("mae-seed"); s != "" {
			r.p("seed %s, ", s)
		}
		if n, e := u.config("mae-n"), u.config("mae-empties"); n != "" && e != "" {
			r.p("%s positions per empties count at %s empties, ", n, e)
		}
		r.p("[%s](%s) on %s\n", shortFile(u.file), r.link(u.file), r.machineLabel(u.machine))
	}
	r.p("\n")
}

// summary is the figure of xs (stats.Figure) with its interval at the
// report's confidence.
func (r *Report) summary(xs []float64) benchmath.Summary {
	return stats.Figure(xs, r.opts.Confidence)
}
