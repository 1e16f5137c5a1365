package stats

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"strconv"
)

// JSONTable is a table as compare -format json writes it.
type JSONTable struct {
	Title      string      `json:"title"`
	Unit       string      `json:"unit"`
	Better     string      `json:"better"` // "lower" or "higher"
	Figure     string      `json:"figure"` // what a cell's value is: FigureLabel
	Confidence float64     `json:"confidence"`
	Margin     float64     `json:"margin"`
	Base       string      `json:"base"`
	Cells      []JSONCell  `json:"cells"`
	Fastest    []JSONFirst `json:"fastest,omitempty"`
}

// JSONCell is one row and column: its figure with its interval, and its
// comparison with the base column.
type JSONCell struct {
	Row    string          `json:"row"`
	Col    string          `json:"col"`
	Value  float64         `json:"value"`
	Lo     *float64        `json:"lo"` // null: no interval (too few runs)
	Hi     *float64        `json:"hi"`
	N      int             `json:"n"`
	VsBase *JSONComparison `json:"vs_base,omitempty"`
}

// JSONComparison is a Comparison: ratio = this over the base.
type JSONComparison struct {
	Ratio      float64  `json:"ratio"`
	Lo         *float64 `json:"lo"`
	Hi         *float64 `json:"hi"`
	Confidence float64  `json:"confidence"`
	Verdict    string   `json:"verdict"`
	Paired     bool     `json:"paired"`
	N          int      `json:"n"`
	Units      int      `json:"units,omitempty"` // processes the interval is over (0: the pairs are)
	P          float64  `json:"p"`
	Detectable *float64 `json:"detectable"` // the smallest change this comparison could tell
}

// JSONFirst is a FastestRow.
type JSONFirst struct {
	Col      string          `json:"col"`
	Group    string          `json:"group,omitempty"`
	Variant  string          `json:"variant"`
	Value    float64         `json:"value"`
	RunnerUp string          `json:"runner_up,omitempty"`
	Vs       *JSONComparison `json:"runner_up_vs_fastest,omitempty"`
}

func finitePtr(v float64) *float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return nil
	}
	return &v
}

// JSONOf is a Comparison for JSON.
func JSONOf(c *Comparison) *JSONComparison {
	if c == nil {
		return nil
	}
	return &JSONComparison{Ratio: c.Ratio, Lo: finitePtr(c.Lo), Hi: finitePtr(c.Hi), Confidence: c.Confidence, Verdict: c.Verdict.String(),
		Paired: c.Paired, N: c.N, Units: c.Units, P: c.P, Detectable: finitePtr(c.Detectable)}
}

// TablesJSON is the tables as JSON values.
func TablesJSON(tables []*Table) []JSONTable {
	var out []JSONTable
	for _, t := range tables {
		jt := JSONTable{Title: t.Title(), Unit: t.Unit, Better: "lower", Figure: FigureLabel, Confidence: t.Confidence, Margin: t.Margin}
		if t.Better > 0 {
			jt.Better = "higher"
		}
		if len(t.Cols) > 0 {
			jt.Base = label(t.Cols[t.Base])
		}
		for _, r := range t.Rows {
			for _, col := range t.Cols {
				c := t.Cell(r, col)
				if c == nil {
					continue
				}
				jt.Cells = append(jt.Cells, JSONCell{Row: label(r), Col: label(col), Value: c.Summary.Center,
					Lo: finitePtr(c.Summary.Lo), Hi: finitePtr(c.Summary.Hi), N: len(c.Runs), VsBase: JSONOf(c.Cmp)})
			}
		}
		for _, f := range t.Fastest() {
			jf := JSONFirst{Col: label(f.Col), Group: f.Group, Variant: FieldValue(f.Rows[0], "/variant"),
				Value: t.Cell(f.Rows[0], f.Col).Summary.Center, Vs: JSONOf(f.Cmp)}
			if len(f.Rows) > 1 {
				jf.RunnerUp = FieldValue(f.Rows[1], "/variant")
			}
			jt.Fastest = append(jt.Fastest, jf)
		}
		out = append(out, jt)
	}
	return out
}

// WriteJSON writes the tables as one JSON array (TablesJSON).
func WriteJSON(w io.Writer, tables []*Table) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(TablesJSON(tables))
}

// CSVHeader is the first line WriteCSV writes.
var CSVHeader = []string{"table", "unit", "row", "col", "value", "lo", "hi", "n", "vs_base_ratio", "vs_base_lo", "vs_base_hi", "verdict", "paired", "detectable"}

// WriteCSV writes one line per cell: its figure with its interval, and
// its comparison with the base column (empty in the base column).
func WriteCSV(w io.Writer, tables []*Table) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	num := func(v float64) string {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return ""
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	for _, t := range tables {
		for _, r := range t.Rows {
			for _, col := range t.Cols {
				c := t.Cell(r, col)
				if c == nil {
					continue
				}
				line := []string{t.Title(), t.Unit, label(r), label(col), num(c.Summary.Center), num(c.Summary.Lo), num(c.Summary.Hi), strconv.Itoa(len(c.Runs))}
				if c.Cmp != nil {
					line = append(line, num(c.Cmp.Ratio), num(c.Cmp.Lo), num(c.Cmp.Hi), c.Cmp.Verdict.String(), strconv.FormatBool(c.Cmp.Paired), num(c.Cmp.Detectable))
				} else {
					line = append(line, "", "", "", "", "", "")
				}
				if err := cw.Write(line); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
