package report

import (
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"slices"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// Whole solves beside Edax-AVX: what flipbench anchor imported from the
// anchors kit's edax-vs.sh (EdaxVs/set=S/bottom=B/engine=flipbench|edax,
// one pair of results per run, flipbench's first: the two programs solved
// the set in turn). The project never runs Edax; these files are the text
// the kit printed.

// bottomOrder is the order of the rows.
var bottomOrder = variants.BottomNames

// edaxCell is one imported comparison: a machine, set, bottom and PGO
// setting.
type edaxCell struct {
	u                 *run
	fb, edax          benchmath.Summary // search times (sec/op), per run
	ratio             benchmath.Summary // of the per-run ratios flipbench / Edax
	wallFB, wallEdax  float64           // medians, 0 if the file has none
	nodesFB, nodesEd  []float64
	runs, unpaired    int // pairs; results left without a partner
	binary, hashBits  string
	goexperiment, pgo string
}

// edaxPairs reads a comparison's file: run i of flipbench against run i
// of Edax, in the file's order.
func (r *Report) edaxPairs(u *run) *edaxCell {
	c := &edaxCell{u: u, binary: or(u.config(resultsfile.KeyEdax), "?"), hashBits: u.config(resultsfile.KeyHashBits), goexperiment: u.config(resultsfile.KeyGOEXPERIMENT), pgo: u.pgo}
	// one engine's values in the file's order
	type engine struct{ secs, walls, nodes []float64 }
	var fb, ed engine
	for _, res := range u.res {
		sec, ok := value(res, "sec/op") // benchfmt reads ns/op as sec/op
		if !ok {
			continue
		}
		var e *engine
		switch nameKey(res, "engine") {
		case "flipbench":
			e = &fb
		case "edax":
			e = &ed
		default:
			continue
		}
		e.secs = append(e.secs, sec)
		if wall, ok := value(res, "wall-sec/op"); ok {
			e.walls = append(e.walls, wall)
		}
		if nodes, ok := value(res, "nodes/op"); ok {
			e.nodes = append(e.nodes, nodes)
		}
	}
	c.nodesFB, c.nodesEd = fb.nodes, ed.nodes
	c.runs = min(len(fb.secs), len(ed.secs))
	c.unpaired = len(fb.secs) + len(ed.secs) - 2*c.runs
	if c.runs == 0 {
		return c
	}
	var ratios []float64
	for i := range c.runs {
		ratios = append(ratios, fb.secs[i]/ed.secs[i])
	}
	c.fb, c.edax, c.ratio = r.summary(fb.secs[:c.runs]), r.summary(ed.secs[:c.runs]), r.summary(ratios)
	if len(fb.walls) > 0 && len(ed.walls) > 0 {
		c.wallFB, c.wallEdax = r.summary(fb.walls).Center, r.summary(ed.walls).Center
	}
	return c
}

// edaxRowLabel: "asm", "gosimd (PGO off)", as the Solve table's rows.
func edaxRowLabel(bottom, pgo string) string {
	if pgo == "off" {
		return bottom + " (PGO off)"
	}
	return bottom
}

// fmtNodes: the count when every run has the same, else its range.
func fmtNodes(ns []float64) string {
	if len(ns) == 0 {
		return "?"
	}
	lo, hi := slices.Min(ns), slices.Max(ns)
	if lo == hi {
		return fmt.Sprintf("%.0f", lo)
	}
	return fmt.Sprintf("%.0f–%.0f", lo, hi)
}

// edaxVs writes, per set, flipbench's whole solves beside Edax-AVX's: a
// row per bottom and PGO setting, a column per machine.
func (r *Report) edaxVs() string {
	b := new(md)
	us := r.section(b, "edax", "Whole solves beside Edax-AVX")
	if len(us) == 0 {
		return ""
	}
	b.p("flipbench's solver and the C engine Edax-AVX solving the same positions in turn on the same machine, ")
	b.p("one thread each, with the same evaluation weights and the same hash table size: measured with ")
	b.p("`../shared/anchors/edax-vs.sh`, a measuring kit outside the project (the project never runs, ships or copies Edax), ")
	b.p("and imported by `flipbench anchor`. Search time only: each program's own total, start-up and weights loading left out. ")
	b.p("A cell is flipbench's median search time / Edax's, then the ratio flipbench / Edax, the median of the runs' ratios ")
	b.p("(each run of flipbench against the run of Edax right after it) with its interval, and the Edax binary; ")
	b.p("below 1, flipbench is faster. A row is the bottom flipbench searched on (asm: assembly; gosimd: Go on simd/archsimd, a GOEXPERIMENT=simd build; ")
	b.p("go), \"(PGO off)\" a flipbench built without the PGO profile; the newest import of each machine, set, bottom and PGO setting. ")
	b.p("The node counts below each cell are each program's own and count different things: the kit's Edax also counts ")
	b.p("every child its transposition cutoff probes and every move its fast ordering scores (Edax's `COUNT_NODES` 7), flipbench ")
	b.p("only the positions its searches enter or evaluate (Edax's 3); counted alike, and per call on the same positions, in ")
	b.p("[docs/notes/2026-11-29-per-node.md](docs/notes/2026-11-29-per-node.md). ")
	b.p("From the project root:\n\n")
	b.p("```sh\n")
	b.p("mkdir -p tmp && ../shared/anchors/edax-vs.sh ffo20-39 | tee tmp/vs.txt\n")
	b.p("go run ./cmd/flipbench anchor tmp/vs.txt\n")
	b.p("```\n\n")
	b.p("Other rows: `-bottom gosimd` after the set and to `anchor`, and `GOEXPERIMENT=simd` and `GOFLAGS=-pgo=off` in the environment of both commands ")
	b.p("(the transcript does not say how flipbench was built: `anchor` records its own build unless told).\n\n")

	var sets []string
	for _, u := range us {
		addOnce(&sets, u.set)
	}
	slices.Sort(sets)
	for _, set := range sets {
		r.edaxSet(b, set, us)
	}
	return b.String()
}

// edaxRow is a row of an Edax table: a bottom and PGO setting.
type edaxRow struct{ bottom, pgo string }

// edaxSet writes one set's table of the Edax comparisons us, and a line
// per cell on its file.
func (r *Report) edaxSet(b *md, set string, us []*run) {
	rank := func(b string) int {
		if i := slices.Index(bottomOrder, b); i >= 0 {
			return i
		}
		return len(bottomOrder)
	}
	cells := map[edaxRow]map[string]*edaxCell{}
	var rows []edaxRow
	var ms []*Machine
	for _, m := range r.Machines {
		for _, u := range us {
			if u.set != set || u.machine != m.ID {
				continue
			}
			if !slices.Contains(ms, m) {
				ms = append(ms, m)
			}
			k := edaxRow{u.bottom, u.pgo}
			if cells[k] == nil {
				cells[k] = map[string]*edaxCell{}
				rows = append(rows, k)
			}
			cells[k][m.ID] = r.edaxPairs(u)
		}
	}
	slices.SortFunc(rows, func(a, b edaxRow) int {
		if d := rank(a.bottom) - rank(b.bottom); d != 0 {
			return d
		}
		if a.bottom != b.bottom {
			return strings.Compare(a.bottom, b.bottom)
		}
		return strings.Compare(a.pgo, b.pgo) // "" (PGO on) before "off"
	})
	b.p("**%s**\n\n", or(set, "(no set)"))
	head := []string{"bottom"}
	for _, m := range ms {
		head = append(head, m.Label())
	}
	var lines [][]string
	var notes []string
	for _, k := range rows {
		line := []string{edaxRowLabel(k.bottom, k.pgo)}
		for _, m := range ms {
			c := cells[k][m.ID]
			switch {
			case c == nil:
				line = append(line, "")
			case c.runs == 0:
				line = append(line, "no run")
			default:
				line = append(line, fmt.Sprintf("%s / %s = **%.3f** %s (%s)", fmtTime(c.fb.Center), fmtTime(c.edax.Center),
					c.ratio.Center, stats.FormatCI(c.ratio), c.binary))
				for _, w := range c.ratio.Warnings {
					addOnce(&notes, w.Error())
				}
			}
		}
		lines = append(lines, line)
	}
	stats.WriteMarkdownTable(b, head, lines)
	slices.Sort(notes)
	for _, n := range notes {
		b.p("\n> note: %s\n", n)
	}
	b.p("\n")
	for _, k := range rows {
		for _, m := range ms {
			c := cells[k][m.ID]
			if c == nil {
				continue
			}
			b.p("- %s, %s: [%s](%s): ", edaxRowLabel(k.bottom, k.pgo), m.Label(), shortFile(c.u.file), r.link(c.u.file))
			facts := []string{fmt.Sprintf("%d runs", c.runs)}
			if c.hashBits != "" {
				facts = append(facts, "hash 2^"+c.hashBits)
			}
			facts = append(facts, "nodes "+fmtNodes(c.nodesFB)+" / "+fmtNodes(c.nodesEd))
			if c.wallFB > 0 {
				facts = append(facts, "wall "+fmtTime(c.wallFB)+" / "+fmtTime(c.wallEdax))
			}
			if c.goexperiment != "" {
				facts = append(facts, "GOEXPERIMENT="+c.goexperiment)
			}
			if cm := bench.ShortCommit(c.u.config(resultsfile.KeyCommit)); cm != "" {
				facts = append(facts, "imported at commit "+cm)
			}
			if c.unpaired > 0 {
				facts = append(facts, fmt.Sprintf("%d results without a partner left out (an edited file?)", c.unpaired))
			}
			b.p("%s\n", strings.Join(facts, ", "))
		}
	}
	b.p("\n")
}
