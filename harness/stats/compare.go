package stats

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
	"golang.org/x/perf/benchunit"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
)

// CompareOptions chooses a comparison's tables, rows and columns by key,
// with benchproc's projection and filter syntax.
type CompareOptions struct {
	Table  string // projection splitting tables (each unit is its own table too)
	Row    string // projection of rows
	Col    string // projection of columns
	Filter string // benchproc filter; "" for everything
	// Base is the column the others are compared with (its values joined
	// by spaces, as Key.StringValues); "" for the first.
	Base       string
	Confidence float64 // of the intervals; 0 for 0.95
	Margin     float64 // of the verdicts' equivalence; 0 for DefaultMargin
}

// DefaultCompare puts machines (their identities) in columns and
// benchmarks in rows.
var DefaultCompare = CompareOptions{Table: "", Row: ".fullname", Col: resultsfile.KeyCPUID, Confidence: 0.95}

// Cell is the sample of one row and column.
type Cell struct {
	Runs    []Run             // in reading order
	Summary benchmath.Summary // the figure (Figure) and its interval
	// Cmp compares this cell with the base column's cell of the row: paired
	// where both were measured in the same session; nil in the base column
	// or when the base cell is missing.
	Cmp *Comparison
	// Delta is this figure over the base's, minus 1.
	Delta float64

	residues map[benchproc.Key]bool
}

// Values is the cell's values, in reading order.
func (c *Cell) Values() []float64 { return values(c.Runs) }

// Significant reports whether the comparison with the base column found
// a difference beyond the margin (faster or slower).
func (c *Cell) Significant() bool {
	return c.Cmp != nil && (c.Cmp.Verdict == Faster || c.Cmp.Verdict == Slower)
}

// Table is one comparison table: one unit, rows x columns.
type Table struct {
	Key         benchproc.Key // the table projection's values (unit excluded)
	Unit        string        // tidied unit (sec/op, GB/s, ...)
	Better      int           // +1 higher is better, -1 lower is better
	Rows, Cols  []benchproc.Key
	RowFields   []*benchproc.Field
	ColFields   []*benchproc.Field
	Base        int // index of the base column
	Cells       map[[2]benchproc.Key]*Cell
	Differences []string // configuration fields that differ inside cells
	Confidence  float64  // asked of the intervals
	Margin      float64  // of the verdicts
}

// Cell returns the cell of a row and a column, or nil.
func (t *Table) Cell(row, col benchproc.Key) *Cell { return t.Cells[[2]benchproc.Key{row, col}] }

// Compare compares cell c with cell base of this table (c over base).
func (t *Table) Compare(base, c *Cell) Comparison {
	return CompareRuns(base.Runs, c.Runs, t.Better, t.Margin, t.Confidence)
}

// FieldValue returns the value of the named field of a row or column key
// ("" if the projection has no such field).
func FieldValue(k benchproc.Key, name string) string {
	if k.IsZero() {
		return ""
	}
	for _, f := range k.Projection().Fields() {
		if f.Name == name {
			return k.Get(f)
		}
	}
	return ""
}

// ignoredDifferences are configuration keys expected to differ between
// the files combined in one cell, or between the runs of one file; the
// format's version says how a file is written, not what it measured.
var ignoredDifferences = map[string]bool{resultsfile.KeyFile: true, resultsfile.KeyDate: true, resultsfile.KeyCount: true, resultsfile.KeyBenchtime: true,
	resultsfile.KeySeed: true, resultsfile.KeyImpl: true, resultsfile.KeyLeadIn: true, resultsfile.KeyFormat: true}

// MaxCells bounds the size of the tables BuildTables makes (rows times
// columns, over every table), so that no projection of any input makes
// tables out of proportion with its results.
const MaxCells = 1 << 20

// BuildTables groups the results by the options' projections and computes
// every cell's figure and interval and its comparison with the base
// column: paired, round by round, where both cells were measured in one
// session. A twin's results (bench.TwinKey) are left out unless the
// filter names the twin key.
func BuildTables(ds *Dataset, o CompareOptions) ([]*Table, error) {
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	if o.Margin == 0 {
		o.Margin = DefaultMargin
	}
	b, err := newTableBuilder(ds, o)
	if err != nil {
		return nil, err
	}
	// two passes: the first makes the cells and counts their runs, the
	// second fills them, each cell's runs allocated once
	for pass := 0; pass < 2; pass++ {
		for i := range ds.recs {
			if err := b.add(ds.recs[i], pass); err != nil {
				return nil, err
			}
		}
	}
	return b.tablesOut()
}

// tableBuilder is BuildTables's state: the projections, and the tables
// made so far.
type tableBuilder struct {
	ds                    *Dataset
	o                     CompareOptions
	filter                *benchproc.Filter
	twins                 bool // the twins' results are kept
	tableBy               *benchproc.Projection
	unitField             *benchproc.Field
	rowBy, colBy, residue *benchproc.Projection
	fileIdx               map[string]uint32
	projs                 map[projKey]*proj
	tables                map[benchproc.Key]*Table
	order                 []benchproc.Key
	seen, seenCol         map[seenKey]bool
	cells                 int
	count                 map[*Cell]int // each cell's runs, counted in the first pass
}

// proj are the projections of a benchmark key (name, configuration,
// file) and the units of its values, computed once per key.
type proj struct {
	keep       []bool
	tks        []benchproc.Key
	rk, ck, rs benchproc.Key
	file       uint32
}

type seenKey struct {
	t *Table
	k benchproc.Key
}

func newTableBuilder(ds *Dataset, o CompareOptions) (*tableBuilder, error) {
	fq := o.Filter
	if strings.TrimSpace(fq) == "" {
		fq = "*"
	}
	filter, err := benchproc.NewFilter(fq)
	if err != nil {
		return nil, fmt.Errorf("filter: %v", err)
	}
	b := &tableBuilder{ds: ds, o: o, filter: filter,
		twins:  strings.Contains(fq+" "+o.Row+" "+o.Col+" "+o.Table, "/"+bench.TwinKey),
		projs:  map[projKey]*proj{},
		tables: map[benchproc.Key]*Table{},
		seen:   map[seenKey]bool{}, seenCol: map[seenKey]bool{},
		count: map[*Cell]int{},
	}
	var parser benchproc.ProjectionParser
	if b.tableBy, b.unitField, err = parser.ParseWithUnit(o.Table, filter); err != nil {
		return nil, fmt.Errorf("table: %v", err)
	}
	if b.rowBy, err = parser.Parse(o.Row, filter); err != nil {
		return nil, fmt.Errorf("row: %v", err)
	}
	if b.colBy, err = parser.Parse(o.Col, filter); err != nil {
		return nil, fmt.Errorf("col: %v", err)
	}
	b.residue = parser.Residue()
	b.fileIdx = map[string]uint32{}
	for i, f := range ds.Files {
		b.fileIdx[f] = uint32(i)
	}
	return b, nil
}

// project is the projections of rec's key and units.
func (b *tableBuilder) project(rec record) *proj {
	ds := b.ds
	pk := projKey{rec.key, ds.unitSig(rec)}
	if p := b.projs[pk]; p != nil {
		return p
	}
	r := ds.views[rec.key].Clone()
	for j := rec.off; j < rec.off+uint32(rec.n); j++ {
		r.Values = append(r.Values, ds.value(j))
	}
	p := &proj{file: b.fileIdx[r.GetConfig(resultsfile.KeyFile)]}
	if b.twins || nameKeys(r.Name)[bench.TwinKey] == "" {
		if m, err := b.filter.Match(r); err == nil && m.Any() {
			p.keep = make([]bool, len(r.Values))
			for j := range r.Values {
				p.keep[j] = m.Test(j)
			}
			p.tks = b.tableBy.ProjectValues(r)
			p.rk, p.ck, p.rs = b.rowBy.Project(r), b.colBy.Project(r), b.residue.Project(r)
		}
	}
	b.projs[pk] = p
	return p
}

// add counts (pass 0) or adds (pass 1) rec's values to their cells.
func (b *tableBuilder) add(rec record, pass int) error {
	p := b.project(rec)
	if p.keep == nil {
		return nil
	}
	for j := 0; j < int(rec.n); j++ {
		if !p.keep[j] {
			continue
		}
		c, err := b.cell(p.tks[j], p.rk, p.ck)
		if err != nil {
			return err
		}
		if pass == 0 {
			b.count[c]++
			c.residues[p.rs] = true
			continue
		}
		if c.Runs == nil {
			c.Runs = make([]Run, 0, b.count[c])
		}
		c.Runs = append(c.Runs, Run{Value: b.ds.vals[rec.off+uint32(j)], File: p.file, Round: rec.round, Pass: rec.pass, Proc: b.ds.proc(rec)})
	}
	return nil
}

// cell is the cell of row rk and column ck in table tk, made (and its
// table, row and column) if new.
func (b *tableBuilder) cell(tk, rk, ck benchproc.Key) (*Cell, error) {
	t := b.tables[tk]
	if t == nil {
		unit := tk.Get(b.unitField)
		t = &Table{Key: tk, Unit: unit, Cells: map[[2]benchproc.Key]*Cell{}, Better: better(b.ds.Units, unit)}
		b.tables[tk] = t
		b.order = append(b.order, tk)
	}
	c := t.Cells[[2]benchproc.Key{rk, ck}]
	if c != nil {
		return c, nil
	}
	if b.cells++; b.cells > MaxCells {
		return nil, fmt.Errorf("the tables would have more than %d cells: choose rows, columns or a filter that narrow them", MaxCells)
	}
	c = &Cell{residues: map[benchproc.Key]bool{}}
	t.Cells[[2]benchproc.Key{rk, ck}] = c
	if !b.seen[seenKey{t, rk}] {
		b.seen[seenKey{t, rk}] = true
		t.Rows = append(t.Rows, rk)
	}
	if !b.seenCol[seenKey{t, ck}] {
		b.seenCol[seenKey{t, ck}] = true
		t.Cols = append(t.Cols, ck)
	}
	return c, nil
}

// tablesOut sorts the tables, their rows and columns, finds their base
// column and computes their cells.
func (b *tableBuilder) tablesOut() ([]*Table, error) {
	total := 0
	for _, t := range b.tables {
		total += len(t.Rows) * len(t.Cols)
	}
	if total > MaxCells {
		return nil, fmt.Errorf("the tables would have %d cells (more than %d): choose rows, columns or a filter that narrow them", total, MaxCells)
	}
	benchproc.SortKeys(b.order)
	var out []*Table
	for _, tk := range b.order {
		t := b.tables[tk]
		benchproc.SortKeys(t.Rows)
		benchproc.SortKeys(t.Cols)
		t.RowFields, t.ColFields = b.rowBy.Fields(), b.colBy.Fields()
		if err := t.setBase(b.o.Base); err != nil {
			return nil, err
		}
		t.Confidence, t.Margin = b.o.Confidence, b.o.Margin
		t.finish()
		out = append(out, t)
	}
	return out, nil
}

// setBase sets the base column: the one whose values are base, the first
// if base is "".
func (t *Table) setBase(base string) error {
	t.Base = 0
	if base == "" {
		return nil
	}
	t.Base = -1
	for i, c := range t.Cols {
		if c.StringValues() == base {
			t.Base = i
		}
	}
	if t.Base < 0 {
		var have []string
		for _, c := range t.Cols {
			have = append(have, c.StringValues())
		}
		return fmt.Errorf("base column %q not found (columns: %s)", base, strings.Join(have, ", "))
	}
	return nil
}

// projKey is a benchmark key and the units of a result's values.
type projKey struct {
	key   uint32
	units string
}

// unitSig names the units of a record's values (most records of a key
// share them).
func (ds *Dataset) unitSig(r record) string {
	if r.n == 1 {
		return ds.unit[ds.units[r.off]]
	}
	var b strings.Builder
	for j := r.off; j < r.off+uint32(r.n); j++ {
		b.WriteString(ds.unit[ds.units[j]])
		b.WriteByte(0)
	}
	return b.String()
}

func better(units benchfmt.UnitMetadataMap, unit string) int {
	if b := units.GetBetter(unit); b != 0 {
		return b
	}
	if strings.HasSuffix(unit, "/s") {
		return 1
	}
	return -1 // times, and per-op counts
}

// Summarize is a sample's figure and interval (Figure).
func Summarize(values []float64, confidence float64) benchmath.Summary {
	return Figure(values, confidence)
}

func (t *Table) finish() {
	var resid []benchproc.Key
	for _, c := range t.Cells {
		c.Summary = quantileSummary(c.Values(), figureQuantile(len(c.Runs)), t.Confidence) // a copy, sorted in place
		if len(c.residues) > 1 {
			for k := range c.residues {
				resid = append(resid, k)
			}
		}
	}
	for _, f := range benchproc.NonSingularFields(resid) {
		if !ignoredDifferences[f.Name] {
			t.Differences = append(t.Differences, f.Name)
		}
	}
	slices.Sort(t.Differences)
	if len(t.Cols) == 0 {
		return
	}
	base := t.Cols[t.Base]
	for _, r := range t.Rows {
		b := t.Cell(r, base)
		if b == nil {
			continue
		}
		for i, col := range t.Cols {
			c := t.Cell(r, col)
			if i == t.Base || c == nil {
				continue
			}
			cmp := t.Compare(b, c)
			c.Cmp = &cmp
			c.Delta = math.NaN()
			if b.Summary.Center != 0 {
				c.Delta = c.Summary.Center/b.Summary.Center - 1
			}
		}
	}
}

// RowScaler returns a common scale for the values of a row (benchstat's
// choice: values side by side read at a glance).
func (t *Table) RowScaler(row benchproc.Key) benchunit.Scaler {
	var vals []float64
	for _, col := range t.Cols {
		if c := t.Cell(row, col); c != nil {
			vals = append(vals, c.Summary.Center)
		}
	}
	return benchunit.CommonScale(vals, benchunit.ClassOf(t.Unit))
}

// FormatCenter is the cell's figure in the table's scale with its unit's
// short form ("2.345ns", "41.2 GB/s").
func (t *Table) FormatCenter(s benchunit.Scaler, v float64) string {
	return formatUnit(s.Format(v), t.Unit)
}

func formatUnit(num, unit string) string {
	// seconds, also under another name (wall-sec/op: benchfmt reads
	// wall-ns/op so)
	if base, _, _ := strings.Cut(unit, "/"); base == "sec" || strings.HasSuffix(base, "-sec") {
		return num + "s"
	}
	if unit == "GB/s" {
		return num + " GB/s"
	}
	return num
}

// UnitLabel names the unit in headers.
func (t *Table) UnitLabel() string {
	if t.Unit == "sec/op" {
		return "time/op"
	}
	return t.Unit
}

// Title names the table: its key (other than the unit) and its unit.
func (t *Table) Title() string {
	var parts []string
	for _, f := range t.Key.Projection().Fields() {
		if f.Name == ".unit" {
			continue
		}
		if v := t.Key.Get(f); v != "" {
			parts = append(parts, f.Name+"="+v)
		}
	}
	parts = append(parts, t.UnitLabel())
	return strings.Join(parts, " ")
}

// FormatCI is "±3%" (or "±∞" when the sample has no interval).
func FormatCI(s benchmath.Summary) string {
	r := s.PctRangeString()
	if r == "∞" {
		return "±∞"
	}
	return "±" + r
}

// FormatDelta is the change against the base column with its interval
// and verdict: "-12.3% [-13.0%, -11.5%] faster (paired, 80 pairs)".
func FormatDelta(base, c *Cell) string {
	if c.Cmp == nil {
		return ""
	}
	return c.Cmp.String()
}

func fieldNames(fs []*benchproc.Field) string {
	var s []string
	for _, f := range fs {
		s = append(s, strings.TrimPrefix(f.Name, "/"))
	}
	return strings.Join(s, ",")
}

func label(k benchproc.Key) string {
	if s := k.StringValues(); s != "" {
		return s
	}
	return "-"
}

// WriteTables prints the tables as text (aligned columns) or Markdown.
// Every column after the base has its delta against the base beside it.
func WriteTables(w io.Writer, tables []*Table, markdown bool) {
	for ti, t := range tables {
		if ti > 0 {
			fmt.Fprintln(w)
		}
		head := []string{fieldNames(t.RowFields)}
		for i, c := range t.Cols {
			head = append(head, label(c))
			if i != t.Base {
				head = append(head, "vs "+label(t.Cols[t.Base]))
			}
		}
		var rows [][]string
		for _, r := range t.Rows {
			row := []string{label(r)}
			sc := t.RowScaler(r)
			base := t.Cell(r, t.Cols[t.Base])
			for i, col := range t.Cols {
				c := t.Cell(r, col)
				switch {
				case c == nil:
					row = append(row, "-")
				default:
					row = append(row, t.FormatCenter(sc, c.Summary.Center)+" "+FormatCI(c.Summary))
				}
				if i != t.Base {
					if c == nil || base == nil {
						row = append(row, "")
					} else {
						row = append(row, FormatDelta(base, c))
					}
				}
			}
			rows = append(rows, row)
		}
		if markdown {
			fmt.Fprintf(w, "**%s** (%s ± %s confidence interval; columns: %s; %s)\n\n", t.Title(), FigureLabel, confidenceLabel(t), fieldNames(t.ColFields), t.rule())
			WriteMarkdownTable(w, head, rows)
		} else {
			fmt.Fprintf(w, "%s (%s ± %s CI; columns: %s; %s)\n", t.Title(), FigureLabel, confidenceLabel(t), fieldNames(t.ColFields), t.rule())
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
			for _, r := range rows {
				fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
			}
			tw.Flush()
		}
		if fs := t.Fastest(); len(fs) > 0 {
			fmt.Fprintln(w)
			for _, f := range fs {
				fmt.Fprintln(w, f.Line(t, markdown))
			}
		}
		if len(t.Differences) > 0 {
			fmt.Fprintf(w, "\nnote: cells combine results that differ in %s (choose rows, columns or a filter that separates them)\n", strings.Join(t.Differences, ", "))
		}
		for _, warn := range TableWarnings(t) {
			fmt.Fprintf(w, "\nnote: %s\n", warn)
		}
	}
}

// confidenceLabel is the confidence asked of the intervals ("95%"), and
// the lowest one given where samples were too small for it.
func confidenceLabel(t *Table) string {
	s := fmt.Sprintf("%.4g%%", 100*t.Confidence)
	lo := 1.0
	for _, c := range t.Cells {
		if !math.IsInf(c.Summary.Lo, 0) && c.Summary.Confidence < t.Confidence {
			lo = min(lo, c.Summary.Confidence)
		}
	}
	if lo < 1 {
		s += fmt.Sprintf(" (%.4g%% where fewer runs)", 100*lo)
	}
	return s
}

// TableWarnings lists the statistics' warnings of a table once each.
func TableWarnings(t *Table) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range t.Cells {
		ws := c.Summary.Warnings
		if c.Cmp != nil {
			ws = append(ws, c.Cmp.Warnings...)
		}
		for _, w := range ws {
			if s := w.Error(); !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}

// WriteMarkdownTable writes a Markdown table: the first column left
// aligned, the others (figures) right aligned.
func WriteMarkdownTable(w io.Writer, head []string, rows [][]string) {
	esc := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	fmt.Fprint(w, "|")
	for _, h := range head {
		fmt.Fprintf(w, " %s |", esc(h))
	}
	fmt.Fprint(w, "\n|")
	for i := range head {
		if i == 0 {
			fmt.Fprint(w, "---|")
		} else {
			fmt.Fprint(w, "---:|")
		}
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		fmt.Fprint(w, "|")
		for _, c := range r {
			fmt.Fprintf(w, " %s |", esc(c))
		}
		fmt.Fprintln(w)
	}
}

// A FastestRow is the best row of a table in one column, among rows that
// differ only in /variant (the same size, length or form): the answer to
// "which variant is fastest" that compare gives, by the same rule as the
// report and pick (Fastest).
type FastestRow struct {
	Col   benchproc.Key
	Group string          // the other row fields' values, "" if none
	Rows  []benchproc.Key // best first
	Cmp   *Comparison     // the runner-up over the best
}

// Fastest ranks the rows of each column (by /variant, within each value
// of the other row fields) where rows name variants; nil where they do
// not.
func (t *Table) Fastest() []FastestRow {
	hasVariant := false
	for _, f := range t.RowFields {
		hasVariant = hasVariant || f.Name == "/variant"
	}
	if !hasVariant || len(t.Rows) < 2 {
		return nil
	}
	group := func(r benchproc.Key) string {
		var parts []string
		for _, f := range t.RowFields {
			if f.Name != "/variant" {
				if v := r.Get(f); v != "" {
					parts = append(parts, strings.TrimPrefix(f.Name, "/")+"="+v)
				}
			}
		}
		return strings.Join(parts, " ")
	}
	var out []FastestRow
	for _, col := range t.Cols {
		var groups []string
		byGroup := map[string][]benchproc.Key{}
		for _, r := range t.Rows {
			if t.Cell(r, col) == nil {
				continue
			}
			g := group(r)
			if _, ok := byGroup[g]; !ok {
				groups = append(groups, g)
			}
			byGroup[g] = append(byGroup[g], r)
		}
		for _, g := range groups {
			rows := byGroup[g]
			cand := make([]Ranked, len(rows))
			for i, r := range rows {
				cand[i] = Ranked{Variant: FieldValue(r, "/variant"), Ref: i, Runs: t.Cell(r, col).Runs}
			}
			cand, c := Fastest(cand, t.Better, t.Margin, t.Confidence)
			f := FastestRow{Col: col, Group: g, Cmp: c}
			for _, x := range cand {
				f.Rows = append(f.Rows, rows[x.Ref])
			}
			out = append(out, f)
		}
	}
	return out
}

// rule states the verdicts' rule: "equal: 90% interval within ±1%".
func (t *Table) rule() string {
	return fmt.Sprintf("equal: %.0f%% interval within ±%.3g%%", 100*(2*t.Confidence-1), 100*t.Margin)
}

// Line: "fastest in amd-zen5-f1a-m02-s1: avx512-lzcnt 3.61ns, equal to
// avx512cd-zmm (90% interval within ±1%) (runner-up over fastest +0.3%
// [-0.1%, +0.6%] (90%), paired, 80 pairs)".
func (f FastestRow) Line(t *Table, markdown bool) string {
	where := label(f.Col)
	if f.Group != "" {
		where += ", " + f.Group
	}
	best := FieldValue(f.Rows[0], "/variant")
	if markdown {
		best = "**" + best + "**"
	}
	c := t.Cell(f.Rows[0], f.Col)
	s := fmt.Sprintf("fastest in %s: %s %s", where, best, t.FormatCenter(t.RowScaler(f.Rows[0]), c.Summary.Center))
	if f.Cmp != nil {
		s += ", " + WinnerVerdict(FieldValue(f.Rows[1], "/variant"), f.Cmp) + " (runner-up over fastest " + f.Cmp.Detail() + ")"
	}
	if markdown {
		s = "- " + s
	}
	return s
}
