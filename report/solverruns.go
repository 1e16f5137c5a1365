package report

import (
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/kernels"
)

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

// solverRuns writes, per machine and set, the comparison of the
// evaluation settings and each run's per-position table.
func (r *Report) solverRuns() string {
	b := new(md)
	solves := r.section(b, "solve", "Solver runs")
	if len(solves) == 0 {
		return ""
	}
	b.p("`flipbench solve -save` on one thread: per position the exact score, the best move, the nodes searched ")
	b.p("(the same on every run and for every variant set with the same weights) and the time (the %s when the ", stats.FigureLabel)
	b.p("file has several runs, with its %s interval); per machine and set the newest run of each evaluation ", pctLabel(r.opts.Confidence))
	b.p("setting (`-eval`). The evaluation orders moves and drives the selective searches before the exact one: ")
	b.p("`none` orders moves without it and has no selective searches, and the ratio of nodes ")
	b.p("to `none`'s measures what the weights are worth to the search.\n\n")
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
		b.p("### %s on %s\n\n", k.set, r.machineLabel(k.machine))
		if len(us) > 1 {
			r.evalComparison(b, us)
		}
		for _, u := range us {
			r.positionTable(b, u)
		}
	}
	return b.String()
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
func (r *Report) evalComparison(b *md, us []*run) {
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
		variantSets[u.config(resultsfile.KeyVariants)] = true
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
	stats.WriteMarkdownTable(b, head, rows)
	if none == nil {
		b.p("\n> note: no run with `-eval none` to compare with\n")
	}
	if partial {
		b.p("\n> note: the runs did not solve the same positions (an interrupted run?): the ratios are over the positions both solved\n")
	}
	if len(variantSets) > 1 {
		b.p("\n> note: the runs used different variant sets: their times are not comparable, their node counts are\n")
	}
	b.p("\n")
}

// positionTable is one run: a row per position and the total.
func (r *Report) positionTable(b *md, u *run) {
	ps := r.positions(u)
	b.p("**eval %s", u.eval)
	if w := weightsLabel(u); w != "" {
		b.p(" (weights %s)", w)
	}
	b.p("**, [%s](%s)", shortFile(u.file), r.link(u.file))
	runs := 0
	for _, p := range ps {
		runs = max(runs, len(p.secs))
	}
	var facts []string
	if runs > 1 {
		facts = append(facts, fmt.Sprintf("%d runs per position", runs))
	}
	if h := u.config(resultsfile.KeyHashBits); h != "" {
		facts = append(facts, "hash "+h)
	}
	if c := bench.ShortCommit(u.config(resultsfile.KeyCommit)); c != "" {
		facts = append(facts, "commit "+c)
	}
	if len(facts) > 0 {
		b.p(": %s", strings.Join(facts, ", "))
	}
	b.p("\n\n")
	if v := u.config(resultsfile.KeyVariants); v != "" {
		b.p("variants: `%s`\n\n", v)
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
	stats.WriteMarkdownTable(b, head, rows)
	if vary {
		b.p("\n> note: the node count of some positions differs between runs: the search is not deterministic\n")
	}
	b.p("\n")
}
