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
}

// DefaultCompare puts machines (their identities) in columns and
// benchmarks in rows.
var DefaultCompare = CompareOptions{Table: "", Row: ".fullname", Col: "cpu-id", Confidence: 0.95}

// Cell is the sample of one row and column.
type Cell struct {
	Values  []float64
	Sample  *benchmath.Sample
	Summary benchmath.Summary
	// Cmp compares the base column's cell of the row with this one; nil
	// in the base column or when the base cell is missing.
	Cmp *benchmath.Comparison
	// Delta is this center over the base's, minus 1.
	Delta float64

	residues map[benchproc.Key]bool
}

// Significant reports whether the comparison with the base column passes
// its alpha threshold.
func (c *Cell) Significant() bool { return c.Cmp != nil && c.Cmp.P < c.Cmp.Alpha }

// Table is one comparison table: one unit, rows x columns.
type Table struct {
	Key         benchproc.Key // the table projection's values (unit excluded)
	Unit        string        // tidied unit (sec/op, GB/s, ...)
	Better      int           // +1 higher is better, -1 lower is better, 0 unknown
	Assumption  benchmath.Assumption
	Rows, Cols  []benchproc.Key
	RowFields   []*benchproc.Field
	ColFields   []*benchproc.Field
	Base        int // index of the base column
	Cells       map[[2]benchproc.Key]*Cell
	Differences []string // configuration fields that differ inside cells
	Confidence  float64  // asked of the intervals
}

// Cell returns the cell of a row and a column, or nil.
func (t *Table) Cell(row, col benchproc.Key) *Cell { return t.Cells[[2]benchproc.Key{row, col}] }

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
// the files combined in one cell.
var ignoredDifferences = map[string]bool{".file": true, "date": true, "count": true, "benchtime": true}

// MaxCells bounds the size of the tables BuildTables makes (rows times
// columns, over every table), so that no projection of any input makes
// tables out of proportion with its results.
const MaxCells = 1 << 20

// BuildTables groups the results by the options' projections and computes
// every cell's median, confidence interval and comparison with the base
// column, with benchmath (benchstat's statistics).
func BuildTables(ds *Dataset, o CompareOptions) ([]*Table, error) {
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	fq := o.Filter
	if strings.TrimSpace(fq) == "" {
		fq = "*"
	}
	filter, err := benchproc.NewFilter(fq)
	if err != nil {
		return nil, fmt.Errorf("filter: %v", err)
	}
	var parser benchproc.ProjectionParser
	tableBy, unitField, err := parser.ParseWithUnit(o.Table, filter)
	if err != nil {
		return nil, fmt.Errorf("table: %v", err)
	}
	rowBy, err := parser.Parse(o.Row, filter)
	if err != nil {
		return nil, fmt.Errorf("row: %v", err)
	}
	colBy, err := parser.Parse(o.Col, filter)
	if err != nil {
		return nil, fmt.Errorf("col: %v", err)
	}
	residue := parser.Residue()

	tables := map[benchproc.Key]*Table{}
	var order []benchproc.Key
	type seenKey struct {
		t *Table
		k benchproc.Key
	}
	seen, seenCol := map[seenKey]bool{}, map[seenKey]bool{} // rows and columns of each table
	for _, r0 := range ds.Results {
		r := r0.Clone()
		if ok, _ := filter.Apply(r); !ok {
			continue
		}
		tks := tableBy.ProjectValues(r)
		rk, ck, res := rowBy.Project(r), colBy.Project(r), residue.Project(r)
		for i, v := range r.Values {
			tk := tks[i]
			t := tables[tk]
			if t == nil {
				unit := tk.Get(unitField)
				t = &Table{Key: tk, Unit: unit, Cells: map[[2]benchproc.Key]*Cell{},
					Better: better(ds.Units, unit), Assumption: ds.Units.GetAssumption(unit)}
				tables[tk] = t
				order = append(order, tk)
			}
			c := t.Cells[[2]benchproc.Key{rk, ck}]
			if c == nil {
				c = &Cell{residues: map[benchproc.Key]bool{}}
				t.Cells[[2]benchproc.Key{rk, ck}] = c
				if !seen[seenKey{t, rk}] {
					seen[seenKey{t, rk}] = true
					t.Rows = append(t.Rows, rk)
				}
				if !seenCol[seenKey{t, ck}] {
					seenCol[seenKey{t, ck}] = true
					t.Cols = append(t.Cols, ck)
				}
			}
			c.Values = append(c.Values, v.Value)
			c.residues[res] = true
		}
	}
	cells := 0
	for _, t := range tables {
		cells += len(t.Rows) * len(t.Cols)
	}
	if cells > MaxCells {
		return nil, fmt.Errorf("the tables would have %d cells (more than %d): choose rows, columns or a filter that narrow them", cells, MaxCells)
	}
	benchproc.SortKeys(order)
	var out []*Table
	for _, tk := range order {
		t := tables[tk]
		benchproc.SortKeys(t.Rows)
		benchproc.SortKeys(t.Cols)
		t.RowFields, t.ColFields = rowBy.Fields(), colBy.Fields()
		t.Base = 0
		if o.Base != "" {
			t.Base = -1
			for i, c := range t.Cols {
				if c.StringValues() == o.Base {
					t.Base = i
				}
			}
			if t.Base < 0 {
				var have []string
				for _, c := range t.Cols {
					have = append(have, c.StringValues())
				}
				return nil, fmt.Errorf("base column %q not found (columns: %s)", o.Base, strings.Join(have, ", "))
			}
		}
		t.Confidence = o.Confidence
		t.finish(o.Confidence)
		out = append(out, t)
	}
	return out, nil
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

// Summarize is benchmath's median and confidence interval; a sample too
// small for the asked confidence (AssumeNothing needs 6 values for 95%)
// gets the widest interval it can have, [min, max], whose real confidence
// the Summary states (93.75% for 5 values).
func Summarize(a benchmath.Assumption, s *benchmath.Sample, confidence float64) benchmath.Summary {
	sum := a.Summary(s, confidence)
	if (math.IsInf(sum.Lo, 0) || math.IsInf(sum.Hi, 0)) && len(s.Values) >= 3 {
		for c := confidence - 0.05; c >= 0.70; c -= 0.05 {
			if t := a.Summary(s, c); !math.IsInf(t.Lo, 0) && !math.IsInf(t.Hi, 0) {
				t.Warnings = append(t.Warnings, fmt.Errorf("%d runs: interval at %.1f%%, not %.0f%% (run 6 or more)", len(s.Values), 100*t.Confidence, 100*confidence))
				return t
			}
		}
	}
	return sum
}

func (t *Table) finish(confidence float64) {
	var resid []benchproc.Key
	for _, c := range t.Cells {
		c.Sample = benchmath.NewSample(c.Values, &benchmath.DefaultThresholds)
		c.Summary = Summarize(t.Assumption, c.Sample, confidence)
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
			cmp := t.Assumption.Compare(b.Sample, c.Sample)
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

// FormatCenter is the cell's median in the table's scale with its unit's
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

// FormatDelta is the change against the base column, "~" when not
// significant, with its p-value: "-12.34% (p=0.000 n=10)".
func FormatDelta(base, c *Cell) string {
	if c.Cmp == nil {
		return ""
	}
	return fmt.Sprintf("%s (%s)", c.Cmp.FormatDelta(base.Summary.Center, c.Summary.Center), c.Cmp)
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
			fmt.Fprintf(w, "**%s** (median ± %s confidence interval; columns: %s)\n\n", t.Title(), confidenceLabel(t), fieldNames(t.ColFields))
			WriteMarkdownTable(w, head, rows)
		} else {
			fmt.Fprintf(w, "%s (median ± %s CI; columns: %s)\n", t.Title(), confidenceLabel(t), fieldNames(t.ColFields))
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
			for _, r := range rows {
				fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
			}
			tw.Flush()
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

// CompareCells compares two cells of a table (base first) with the
// table's assumption (Mann-Whitney U for AssumeNothing).
func CompareCells(t *Table, base, c *Cell) benchmath.Comparison {
	return t.Assumption.Compare(base.Sample, c.Sample)
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
