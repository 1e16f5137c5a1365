package report

import (
	"fmt"
	"strings"

	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
)

// winnersSection is the answer most readers come for: per kernel and CPU,
// the fastest variant per call, its margin over the runner-up and how
// sure that is.
func (r *Report) winnersSection() string {
	if len(r.winners) == 0 {
		return ""
	}
	b := new(md)
	r.winnerTable(b)
	if cats, _ := summaryRows(r.kernels, r.winners); len(cats) > 0 {
		b.p("![the fastest variant of each kernel on each CPU: absolute time per call (hash_clear aside)](%s/summary.svg)\n\n", r.opts.ChartsLink)
	}
	return b.String()
}

// winnerTable is the winners section's table, with pick's choices and
// the notes on them.
func (r *Report) winnerTable(b *md) {
	var kernels []string
	for _, kd := range r.kernels {
		kernels = append(kernels, kd.name)
	}
	b.p("## Fastest variant per kernel and CPU\n\n")
	b.p("Per call (hash_clear: a whole table at the largest size every CPU measured). A cell is the fastest flipbench variant, ")
	b.p("its %s time, and its verdict against the runner-up, compared with the session's fresh processes as units (per process, the ratio of their %s over the runs they made side by side; ", stats.FigureLabel, stats.FigureLabel)
	b.p("the Hodges-Lehmann estimate over the processes, with its %s interval; a session in one process, over its pairs of runs): *ahead* where the runner-up is slower beyond ±%.3g%% and that interval excludes no change, ", pctLabel(r.opts.Confidence), 100*r.opts.Margin)
	b.p("*equal* where the %s interval (two one-sided tests at %s each) lies within ±%.3g%%, ", pctLabel(2*r.opts.Confidence-1), pctLabel(1-r.opts.Confidence), 100*r.opts.Margin)
	b.p("*undecided* otherwise (too few or too noisy rounds to say either); `flipbench compare` names the same fastest variant. ")
	b.p("Under it, *pick* is what `flipbench pick` chooses on that CPU from the same results by the same rule (its profile, made by ")
	b.p("`flipbench pick`, sets the defaults there): among the variants the built-in rules allow as a default, the fastest replaces the default only ")
	b.p("where it is faster beyond the margin, and whole solves decide only where their rounds are paired with a %s interval inside the margin. ", pctLabel(r.opts.Confidence))
	b.p("Where pick's choice is not the variant the cell names, a numbered note below the table says why.\n\n")
	var ms []*Machine
	for _, m := range r.Machines {
		for _, k := range kernels {
			if r.winners[k][m.ID] != nil {
				ms = append(ms, m)
				break
			}
		}
	}
	head := []string{"kernel"}
	for _, m := range ms {
		head = append(head, m.Label())
	}
	var rows [][]string
	var why []string
	used := map[string]bool{}
	for _, k := range kernels {
		ws := r.winners[k]
		if len(ws) == 0 {
			continue
		}
		label := k
		for _, w := range ws {
			label = w.label
		}
		line := []string{label}
		for _, m := range ms {
			w := ws[m.ID]
			if w == nil {
				line = append(line, "")
				continue
			}
			s := fmt.Sprintf("**%s** %s%s", w.variant, fmtTime(w.cell.Summary.Center), r.marks(m.ID, k, w.cell, used))
			if w.cmp != nil {
				s += ", " + stats.WinnerVerdict(w.second, w.cmp) + w.disagree()
				if !w.cmp.Paired {
					s += " (unpaired)"
				}
			}
			if kc, ok := r.Picks[m.ID][k]; ok {
				s += "<br>" + pickCell(kc)
				if kc.Choice != w.variant {
					why = append(why, fmt.Sprintf("%d. %s, %s: pick chooses %s, not %s: %s", len(why)+1, m.Label(), k, kc.Choice, w.variant, kc.Reason))
					s += fmt.Sprintf(" (%d)", len(why))
				}
			}
			line = append(line, s)
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(b, head, rows)
	b.p("\n")
	r.legend(b, used)
	for _, w := range why {
		b.p("%s\n", w)
	}
	if len(why) > 0 {
		b.p("\n")
	}
}

// pickCell is pick's choice in a winners cell: "pick: **sse** (default
// bmi2-pext)", "pick: **avx512** (the default), by whole solves of
// ffo20-39".
func pickCell(kc results.KernelChoice) string {
	s := "pick: **" + kc.Choice + "**"
	if kc.Choice == kc.Default {
		s += " (the default)"
	} else {
		s += " (default " + kc.Default + ")"
	}
	if kc.Evidence != "" && !strings.HasPrefix(kc.Evidence, "per call") {
		s += ", by " + kc.Evidence
	}
	return s
}

// throughputSection is a whole-table kernel's section (hash_clear's):
// per machine, GB/s per variant and size with the share of the write
// bandwidth measured the same way (Go's clear, zeros).
func (r *Report) throughputSection(k string) string {
	b := new(md)
	b.p("## %s\n\n", k)
	b.p("Clearing a whole transposition table of 24-byte entries to Edax's empty pattern (not zeros), ")
	b.p("at sizes from L2-resident to far beyond the last-level cache: GB/s (higher is better) with the ")
	b.p("%s interval, and in brackets the share of this machine's write bandwidth, measured the same way ", pctLabel(r.opts.Confidence))
	b.p("over the same memory by Go's `clear` streaming zeros (row %s). The logical clear (generation counter) ", bench.BaselineVariant)
	b.p("writes almost nothing, so its figure is not a bandwidth.\n\n")
	for _, m := range r.Machines {
		filter := fmt.Sprintf(".name:Kernel /kernel:%q %s:%q .unit:GB/s", k, machineKey, m.ID)
		t := unitTable(r.build(filter, "/variant", "/size@num"), "GB/s")
		if t == nil {
			continue
		}
		b.p("**%s**\n\n", m.Label())
		head := []string{"variant"}
		for _, c := range t.Cols {
			head = append(head, c.StringValues())
		}
		var baseRow *benchproc.Key
		for i, row := range t.Rows {
			if stats.FieldValue(row, "/variant") == bench.BaselineVariant {
				baseRow = &t.Rows[i]
			}
		}
		bestAt := map[benchproc.Key]benchproc.Key{}
		for _, col := range t.Cols {
			var bv float64
			for _, row := range t.Rows {
				if c := t.Cell(row, col); c != nil && stats.FieldValue(row, "/variant") != bench.BaselineVariant && c.Summary.Center > bv {
					bv, bestAt[col] = c.Summary.Center, row
				}
			}
		}
		label := func(row benchproc.Key) string {
			v := stats.FieldValue(row, "/variant")
			if v == bench.BaselineVariant {
				return v + " (Go clear, zeros)"
			}
			return v
		}
		r.cellTable(b, t, head, label, "", func(row, col benchproc.Key, c *stats.Cell) string {
			s := fmt.Sprintf("%.3g GB/s %s", c.Summary.Center, stats.FormatCI(c.Summary))
			if baseRow != nil && stats.FieldValue(row, "/variant") != bench.BaselineVariant {
				if base := t.Cell(*baseRow, col); base != nil && base.Summary.Center > 0 {
					s += fmt.Sprintf(" (%.0f%%)", 100*c.Summary.Center/base.Summary.Center)
				}
			}
			if bestAt[col] == row {
				s = "**" + s + "**"
			}
			return s
		})
	}
	return b.String()
}
