package report

import (
	"github.com/flipbench/flipbench/harness/resultsfile"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/stats"
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
		f := res.GetConfig(resultsfile.KeyFile)
		k := fk{f, nameKey(res, "set"), nameKey(res, "bottom")}
		u := byFile[k]
		if u == nil {
			u = &run{kind: kind, file: f, machine: resultsfile.CPUOf(res), set: k.set, eval: or(res.GetConfig(resultsfile.KeyEval), "unknown"),
				idx: fileIdx[f], date: res.GetConfig(resultsfile.KeyDate)}
			if kind == "edax" {
				u.bottom, u.pgo = nameKey(res, "bottom"), res.GetConfig(resultsfile.KeyPGO)
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
func (r *Report) section(b *md, kind, title string) []*run {
	us := r.runsOf(kind)
	if len(us) > 0 {
		b.p("## %s\n\n", title)
	}
	return us
}

func (r *Report) machineLabel(id string) string {
	if m := r.byID[id]; m != nil {
		return m.Label()
	}
	return id
}

// weightsLabel names a run's weights by their checksum.
func weightsLabel(u *run) string {
	c := strings.TrimPrefix(u.config(resultsfile.KeyEvalChecksum), "sha256:")
	if len(c) > 8 {
		c = c[:8]
	}
	return c
}

func shortFile(f string) string {
	i := strings.LastIndexAny(f, `/\`)
	return f[i+1:]
}

// summary is the figure of xs (stats.Figure) with its interval at the
// report's confidence.
func (r *Report) summary(xs []float64) benchmath.Summary {
	return stats.Figure(xs, r.opts.Confidence)
}
