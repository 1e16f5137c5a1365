package report

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"github.com/flipbench/flipbench/internal/atomicfile"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/flipbench/flipbench/harness/stats"
)

// The charts show speed relative to the reference on a log scale: a bar
// of length log10(reference time / variant time), so that 2x faster and
// 2x slower are bars of the same length on either side of the 1x line.
// Bars are horizontal, one per variant and machine (a colour per machine).

// palette is colour-blind safe (Okabe-Ito).
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{0, 158, 115, 255},   // green
	color.RGBA{204, 121, 167, 255}, // purple
	color.RGBA{86, 180, 233, 255},  // sky
	color.RGBA{213, 94, 0, 255},    // vermilion
	color.RGBA{240, 228, 66, 255},  // yellow
	color.RGBA{0, 0, 0, 255},
}

// ratioTicks labels a log10 axis with ratios: 0.5x, 1x, 2x, 5x, 10x...
type ratioTicks struct{}

func (ratioTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(min) - 1; e <= math.Ceil(max)+1; e++ {
		for _, m := range []float64{1, 2, 5} {
			v := math.Log10(m) + e
			if v < min-1e-9 || v > max+1e-9 {
				continue
			}
			r := math.Pow(10, v)
			label := fmt.Sprintf("%gx", roundSig(r))
			ts = append(ts, plot.Tick{Value: v, Label: label})
		}
	}
	return ts
}

func roundSig(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v))-1)
	return math.Round(v/p) * p
}

// series is one machine's bars.
type series struct {
	label  string
	values []float64 // log10 speed-ups, NaN where not measured
}

// barChart draws horizontal grouped bars: one group per category (top to
// bottom in the given order), one bar per series.
func barChart(path, title, xlabel string, cats []string, ss []series) error {
	plot.DefaultFont.Variant = "Sans"
	p := plot.New()
	p.Title.Text = title
	if len(ss) == 1 {
		p.Title.Text += " on " + ss[0].label
	}
	p.X.Label.Text = xlabel
	p.X.Tick.Marker = ratioTicks{}
	p.Legend.Top = true
	p.Legend.Left = false
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	// categories top to bottom: the plot's Y grows upwards
	rev := make([]string, len(cats))
	for i, c := range cats {
		rev[len(cats)-1-i] = c
	}
	p.NominalY(rev...)
	barW := vg.Points(min(14, 40/float64(max(len(ss), 1))))
	lo, hi := 0.0, 0.0
	for si, s := range ss {
		vals := make(plotter.Values, len(cats))
		for i := range cats {
			v := s.values[i]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				v = 0
			}
			vals[len(cats)-1-i] = v
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		b, err := plotter.NewBarChart(vals, barW)
		if err != nil {
			return err
		}
		b.Horizontal = true
		b.Color = palette[si%len(palette)]
		b.LineStyle.Width = 0
		b.Offset = barW * vg.Length(float64(len(ss)-1)/2-float64(si))
		p.Add(b)
		if len(ss) > 1 {
			p.Legend.Add(s.label, b)
		}
		// the ratio written at the end of each bar
		var xys plotter.XYs
		var texts []string
		for i, v := range vals {
			if v == 0 && math.IsNaN(s.values[len(cats)-1-i]) {
				continue
			}
			xys = append(xys, plotter.XY{X: math.Max(v, 0), Y: float64(i)})
			texts = append(texts, fmt.Sprintf("%.3gx", math.Pow(10, v)))
		}
		if len(xys) > 0 {
			l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
			if err != nil {
				return err
			}
			for i := range l.TextStyle {
				l.TextStyle[i].Font.Size = vg.Points(7)
				l.TextStyle[i].Font.Variant = "Sans"
			}
			l.Offset = vg.Point{X: vg.Points(3), Y: b.Offset - vg.Points(3)}
			p.Add(l)
		}
	}
	p.Add(plotter.NewGrid())
	one, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(cats)) - 0.5}})
	if err != nil {
		return err
	}
	one.LineStyle.Width = vg.Points(1)
	one.LineStyle.Color = color.Gray{Y: 60}
	p.Add(one)
	p.X.Min = math.Min(lo, 0) - 0.1
	p.X.Max = math.Max(hi, math.Log10(2))*1.12 + 0.15 // room for the labels
	height := vg.Length(90+len(cats)*max(len(ss), 1)*16) * vg.Points(1)
	if len(ss) > 1 {
		// room above the bars for the legend, one line per machine
		room := float64(len(ss)*13+8) / float64(len(ss)*16)
		p.Y.Min, p.Y.Max = -0.5, float64(len(cats))-0.5+room
		height += vg.Points(float64(len(ss)*13 + 8))
	}
	return saveSVG(p, path, 7*vg.Inch, height)
}

func saveSVG(p *plot.Plot, path string, w, h vg.Length) error {
	c := vgsvg.NewWith(vgsvg.UseWH(w, h), vgsvg.EmbedFonts(false))
	p.Draw(draw.New(c))
	return atomicfile.WriteWith(path, func(w io.Writer) error {
		_, err := c.WriteTo(w)
		return err
	})
}

// kernelChart: every variant (per call, and batched where measured) of a
// kernel, speed relative to the reference per call on each machine.
func kernelChart(path, kernel string, t *stats.Table, machines []*Machine) error {
	var cats []string
	type rc struct{ variant, form, len string }
	var rows []rc
	for _, row := range t.Rows {
		x := rc{stats.FieldValue(row, "/variant"), stats.FieldValue(row, "/form"), stats.FieldValue(row, "/len")}
		if lens := values(t.Rows, "/len"); x.len != "" && x.len != lens[0] {
			continue // popcount: the short slices only
		}
		name := x.variant
		if x.form != "call" {
			name += " (" + x.form + ")"
		}
		cats = append(cats, name)
		rows = append(rows, x)
	}
	var ss []series
	for _, m := range machines {
		var col *int
		for i, c := range t.Cols {
			if c.StringValues() == m.Slug {
				col = &i
			}
		}
		if col == nil {
			continue
		}
		ref := math.NaN()
		for _, row := range t.Rows {
			if stats.FieldValue(row, "/variant") == "reference" && stats.FieldValue(row, "/form") == "call" {
				if c := t.Cell(row, t.Cols[*col]); c != nil {
					ref = c.Summary.Center
				}
			}
		}
		s := series{label: m.Label()}
		for _, x := range rows {
			v := math.NaN()
			for _, row := range t.Rows {
				if stats.FieldValue(row, "/variant") == x.variant && stats.FieldValue(row, "/form") == x.form &&
					stats.FieldValue(row, "/len") == x.len {
					if c := t.Cell(row, t.Cols[*col]); c != nil && c.Summary.Center > 0 {
						v = math.Log10(ref / c.Summary.Center)
					}
				}
			}
			s.values = append(s.values, v)
		}
		ss = append(ss, s)
	}
	return barChart(path, kernel+": speed relative to the reference (per call)", "speed-up (log scale; right of 1x is faster)", cats, ss)
}

// summaryChart: per kernel, the fastest variant per call relative to the
// reference, on each machine.
func summaryChart(path string, kernels []string, best map[string]map[string]float64, machines []*Machine) error {
	var cats []string
	for _, k := range kernels {
		if _, ok := best[k]; ok {
			cats = append(cats, k)
		}
	}
	var ss []series
	for _, m := range machines {
		s := series{label: m.Label()}
		any := false
		for _, k := range cats {
			v := math.NaN()
			if b, ok := best[k][m.Slug]; ok && b > 0 {
				v, any = math.Log10(b), true
			}
			s.values = append(s.values, v)
		}
		if any {
			ss = append(ss, s)
		}
	}
	return barChart(path, "Fastest variant per kernel, speed relative to the reference", "speed-up per call (log scale)", cats, ss)
}
