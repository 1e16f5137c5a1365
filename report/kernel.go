package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// section is a kernel's section: its table of variants x machines per
// slice length and its chart, or a whole-table kernel's throughput.
func (kd *kernelData) section(r *Report) string {
	if kd.wholeTable {
		return r.throughputSection(kd.name)
	}
	if len(kd.lens) == 0 {
		return ""
	}
	b := new(md)
	b.p("## %s\n\n", kd.name)
	for _, lt := range kd.lens {
		if lt.len != "" {
			b.p("Slices of %s words per call.\n\n", lt.len)
		}
		r.variantTable(b, kd.name, lt)
	}
	b.p("![%s: time per operation of every variant on every CPU](%s/%s.svg)\n\n", kd.name, r.opts.ChartsLink, kd.name)
	return b.String()
}

// kindCell: "Go", "asm", "gosimd", "C (gcc 12.2.0)".
func (r *Report) kindCell(kernel, variant string) string {
	k := r.kindOf(kernel, variant)
	s := stats.KindLabel(k)
	if cs := r.compiler[kernel+"/"+variant]; k == variants.KindC && len(cs) > 0 {
		s += " (" + strings.Join(cs, "; ") + ")"
	}
	return s
}

// variantTable writes rows of variants (per call, then batched; C rows
// after the flipbench variants of each form) and a column per machine:
// absolute time, rank and ratio to the fastest of that CPU; then per
// machine the winner, its margin and how sure it is, and the best of each
// kind, from lt's rankings.
func (r *Report) variantTable(b *md, k string, lt lenTable) {
	t, ranks := lt.t, lt.ranks
	head := []string{"variant", "kind"}
	for _, c := range t.Cols {
		head = append(head, r.colLabel(c))
	}
	var rows [][]string
	used := map[string]bool{}
	for _, form := range kernelForms {
		var ordered []benchproc.Key
		for _, c := range []bool{false, true} {
			var part []benchproc.Key
			for _, row := range t.Rows {
				if stats.FieldValue(row, "/form") == form && (r.kindOf(k, stats.FieldValue(row, "/variant")) == variants.KindC) == c {
					part = append(part, row)
				}
			}
			slices.SortStableFunc(part, func(a, b benchproc.Key) int { return byRank(a, b, t, form, ranks) })
			ordered = append(ordered, part...)
		}
		for _, row := range ordered {
			v := stats.FieldValue(row, "/variant")
			isC := r.kindOf(k, v) == variants.KindC
			name := v
			if isC {
				name = "*" + v + "*"
			}
			if form != "call" {
				name += " · " + form
			}
			line := []string{name, r.kindCell(k, v)}
			for _, col := range t.Cols {
				c := t.Cell(row, col)
				if c == nil {
					line = append(line, "")
					continue
				}
				rk := ranks[[2]string{col.StringValues(), form}]
				s := fmtTime(c.Summary.Center) + " " + stats.FormatCI(c.Summary) + r.marks(col.StringValues(), k, c, used)
				var best *stats.Cell
				if len(rk.rows) > 0 {
					best = t.Cell(rk.rows[0], col)
				}
				switch pos := rk.pos[row]; {
				case pos == 1:
					s = "**" + s + " #1**"
				case pos > 1:
					s += fmt.Sprintf(" #%d %s", pos, times(c.Summary.Center/best.Summary.Center))
				case best != nil: // a C row: beside the flipbench variants, not among them
					s += " " + times(c.Summary.Center/best.Summary.Center)
				}
				line = append(line, s)
			}
			rows = append(rows, line)
		}
	}
	stats.WriteMarkdownTable(b, head, rows)
	b.p("\n")
	r.legend(b, used)

	for _, col := range t.Cols {
		for _, form := range kernelForms {
			rk := ranks[[2]string{col.StringValues(), form}]
			if len(rk.rows) == 0 {
				continue
			}
			w := winnerOf(t, rk, col)
			s := fmt.Sprintf("- %s, %s: fastest **%s** %s", r.colLabel(col), formLabel(form), w.variant, fmtTime(w.cell.Summary.Center))
			if w.cmp != nil {
				s += fmt.Sprintf("; %s (runner-up over fastest %s; could tell %s)%s", stats.WinnerVerdict(w.second, w.cmp), w.cmp.Detail(), w.cmp.Detect(), w.disagree())
			}
			b.p("%s.%s\n", s, r.bestOfKinds(k, t, col, form, w.cell))
		}
	}
	r.notes(b, t)
	b.p("\n")
}

// The marks of a cell whose figure or verdicts need care.
const (
	markTwin   = "†" // its group's A/A twin differs in its session
	markOld    = "‡" // its session used the older method
	markSpread = "~" // its interval is wider than ±10%
)

// marks is a cell's marks (" †~"), recorded in used for the legend.
func (r *Report) marks(machine, kernel string, c *stats.Cell, used map[string]bool) string {
	m := r.byID[machine]
	var s string
	if m != nil && slices.ContainsFunc(m.Twins, func(tc TwinCheck) bool {
		return strings.HasPrefix(tc.Case, kernel+" ") && (tc.Cmp.Verdict == stats.Faster || tc.Cmp.Verdict == stats.Slower)
	}) {
		s += markTwin
	}
	if m != nil && m.OldMethod {
		s += markOld
	}
	if ctr := c.Summary.Center; ctr > 0 && (math.IsInf(c.Summary.Hi, 1) || max(ctr-c.Summary.Lo, c.Summary.Hi-ctr)/ctr > 0.10) {
		s += markSpread
	}
	for _, mk := range []string{markTwin, markOld, markSpread} {
		if strings.Contains(s, mk) {
			used[mk] = true
		}
	}
	if s == "" {
		return ""
	}
	return " " + s
}

// legend explains the marks a table used.
func (r *Report) legend(b *md, used map[string]bool) {
	var parts []string
	if used[markTwin] {
		parts = append(parts, markTwin+" its group's A/A twin differs in that session: the group's verdicts there are not to be trusted")
	}
	if used[markOld] {
		parts = append(parts, markOld+" measured by the older method (all rounds in one process, no A/A twin): placement may bias it")
	}
	if used[markSpread] {
		parts = append(parts, markSpread+" its interval is wider than ±10%: a noisy figure")
	}
	if len(parts) > 0 {
		b.p("%s.\n\n", strings.Join(parts, "; "))
	}
}

// byRank orders two rows of one form by rank in the first column (in the
// page's column order) that ranks either, a ranked row before one that is
// not; rows no column ranks (C rows), by time in the first column that
// has both, then by name.
func byRank(a, b benchproc.Key, t *stats.Table, form string, ranks map[[2]string]ranked) int {
	for _, col := range t.Cols {
		rk := ranks[[2]string{col.StringValues(), form}]
		pa, pb := rk.pos[a], rk.pos[b]
		switch {
		case pa > 0 && pb > 0:
			return cmp.Compare(pa, pb)
		case pa > 0:
			return -1
		case pb > 0:
			return 1
		}
	}
	for _, col := range t.Cols {
		if ca, cb := t.Cell(a, col), t.Cell(b, col); ca != nil && cb != nil {
			if c := cmp.Compare(ca.Summary.Center, cb.Summary.Center); c != 0 {
				return c
			}
		}
	}
	return cmp.Compare(stats.FieldValue(a, "/variant"), stats.FieldValue(b, "/variant"))
}

// bestOfKinds: " Best of each kind: Go carry 9.16 ns (2.09×); asm ...",
// when more than one kind was measured.
func (r *Report) bestOfKinds(k string, t *stats.Table, col benchproc.Key, form string, fastest *stats.Cell) string {
	best := map[string]benchproc.Key{}
	for _, row := range t.Rows {
		if stats.FieldValue(row, "/form") != form {
			continue
		}
		c := t.Cell(row, col)
		if c == nil {
			continue
		}
		kind := r.kindOf(k, stats.FieldValue(row, "/variant"))
		if b, ok := best[kind]; !ok || c.Summary.Center < t.Cell(b, col).Summary.Center {
			best[kind] = row
		}
	}
	if len(best) < 2 {
		return ""
	}
	var parts []string
	for _, kind := range []string{variants.KindGo, variants.KindGoSIMD, variants.KindAsm, variants.KindC} {
		row, ok := best[kind]
		if !ok {
			continue
		}
		c := t.Cell(row, col)
		p := fmt.Sprintf("%s %s %s", stats.KindLabel(kind), stats.FieldValue(row, "/variant"), fmtTime(c.Summary.Center))
		if ratio := c.Summary.Center / fastest.Summary.Center; math.Abs(ratio-1) > 0.0005 {
			p += " (" + times(ratio) + ")"
		}
		parts = append(parts, p)
	}
	return " Best of each kind: " + strings.Join(parts, "; ") + "."
}

// times writes a ratio of times: "1.57×".
func times(ratio float64) string {
	if ratio >= 10 {
		return fmt.Sprintf("%.1f×", ratio)
	}
	return fmt.Sprintf("%.2f×", ratio)
}

// slower says how much slower a ratio of times (>= 1) is.
func slower(ratio float64) string {
	if ratio >= 2 {
		return fmt.Sprintf("%.2f× slower", ratio)
	}
	return fmt.Sprintf("%+.1f%%", 100*(ratio-1))
}

func formLabel(f string) string {
	if f == "batch" {
		return "batched"
	}
	return "per call"
}

func (r *Report) colLabel(k benchproc.Key) string {
	if m := r.byID[k.StringValues()]; m != nil {
		return m.Label()
	}
	return k.StringValues()
}

// notes lists warnings (small samples, mixed configurations) once.
func (r *Report) notes(b *md, t *stats.Table) {
	var ws []string
	for _, w := range stats.TableWarnings(t) {
		ws = append(ws, w)
	}
	if len(t.Differences) > 0 {
		ws = append(ws, "cells combine results that differ in "+strings.Join(t.Differences, ", "))
	}
	for _, w := range ws {
		b.p("\n> note: %s\n", w)
	}
}

func fmtTime(sec float64) string { return stats.FormatTime(sec) }

// cellTable writes t as a markdown table under head, then its notes: a
// line per row led by label(row), a column per column of t with cell's
// text of each measured cell (missing where there is none).
func (r *Report) cellTable(b *md, t *stats.Table, head []string, label func(row benchproc.Key) string, missing string, cell func(row, col benchproc.Key, c *stats.Cell) string) {
	var rows [][]string
	for _, row := range t.Rows {
		line := []string{label(row)}
		for _, col := range t.Cols {
			c := t.Cell(row, col)
			if c == nil {
				line = append(line, missing)
				continue
			}
			line = append(line, cell(row, col, c))
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(b, head, rows)
	r.notes(b, t)
	b.p("\n")
}
