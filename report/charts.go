package report

import (
	"cmp"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/flipbench/flipbench/internal/atomicfile"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/variants"
)

// The charts show absolute times per operation on a log scale (one
// decade is as long at 1 ns as at 1 µs), so that CPUs compare: a dot per
// variant (or kernel) and machine at its figure, a bar across its
// confidence interval, the time written beside it. Rows are categories
// top to bottom; a colour per machine.

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

// timeTicks labels a log axis of seconds: 1, 2, 5 × 10^k with ns, µs,
// ms, s, fewer where the axis spans more decades than its width gives
// room for (a label is about 40 points wide, 1 to 2 is 0.3 decade).
type timeTicks struct{ width vg.Length }

func (tt timeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	decades := math.Log10(hi / lo)
	perDecade := float64(tt.width) / vg.Points(1).Points() / max(decades, 0.1) // points per decade
	ms := []float64{1, 2, 5}
	switch {
	case perDecade < 60:
		ms = []float64{1}
	case perDecade < 160:
		ms = []float64{1, 3}
	}
	for e := math.Floor(math.Log10(lo)) - 1; e <= math.Ceil(math.Log10(hi))+1; e++ {
		for _, m := range ms {
			v := m * math.Pow(10, e)
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			ts = append(ts, plot.Tick{Value: v, Label: tickLabel(v)})
		}
	}
	if len(ts) < 2 { // a narrow range: its ends
		ts = []plot.Tick{{Value: lo, Label: tickLabel(lo)}, {Value: hi, Label: tickLabel(hi)}}
	}
	return ts
}

// tickLabel is a short time: "5 ns", "20 ns", "1.5 µs" (fmtTime's three
// digits make every label "10.0 ns" wide).
func tickLabel(sec float64) string {
	for _, u := range []struct {
		scale float64
		unit  string
	}{{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}} {
		if sec >= u.scale*0.9995 || u.unit == "ns" {
			return strconv.FormatFloat(sec/u.scale, 'g', 3, 64) + " " + u.unit
		}
	}
	return ""
}

// dot is one figure (seconds) with its interval (0 where it has none)
// and the text beside it.
type dot struct {
	ok             bool
	center, lo, hi float64
	text           string
}

// series is one machine's dots, one per category.
type series struct {
	label string
	dots  []dot
}

// dotsXY are a series' dots as gonum's XYer and XErrorer.
type dotsXY struct {
	xys  plotter.XYs
	errs plotter.XErrors
}

func (d dotsXY) Len() int                        { return len(d.xys) }
func (d dotsXY) XY(i int) (float64, float64)     { return d.xys[i].X, d.xys[i].Y }
func (d dotsXY) XError(i int) (float64, float64) { return d.errs[i].Low, d.errs[i].High }

// dotChart draws the categories top to bottom, a row of dots per
// category (one per series, offset vertically), on a log scale of time.
func dotChart(path, title string, cats []string, ss []series) error {
	plot.DefaultFont.Variant = "Sans"
	p := plot.New()
	p.Title.Text = title
	if len(ss) == 1 {
		p.Title.Text += " on " + ss[0].label
	}
	p.X.Label.Text = "time per operation (log scale; left is faster)"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = timeTicks{width: chartWidth - chartLeft - vg.Points(120)}
	// top left, in the room above the rows: a legend on the right runs
	// out of the picture where the viewer's font is wider than gonum's
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.XOffs = vg.Points(4)
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	rev := make([]string, len(cats))
	for i, c := range cats {
		rev[len(cats)-1-i] = c
	}
	p.NominalY(rev...)
	lo, hi := math.Inf(1), math.Inf(-1)
	step := 0.7 / float64(max(len(ss), 1))
	for si, s := range ss {
		off := step * (float64(len(ss)-1)/2 - float64(si))
		var d dotsXY
		var texts []string
		var at plotter.XYs // where the texts go: right of the interval
		for i, dt := range s.dots {
			if !dt.ok || !(dt.center > 0) || math.IsInf(dt.center, 0) {
				continue
			}
			y := float64(len(cats)-1-i) + off
			l, h := dt.center-dt.lo, dt.hi-dt.center
			if !(dt.lo > 0) || !(dt.hi >= dt.center) || math.IsInf(dt.hi, 0) {
				l, h = 0, 0
			}
			d.xys = append(d.xys, plotter.XY{X: dt.center, Y: y})
			d.errs = append(d.errs, struct{ Low, High float64 }{l, h})
			texts = append(texts, dt.text)
			at = append(at, plotter.XY{X: dt.center + h, Y: y})
			lo, hi = math.Min(lo, dt.center-l), math.Max(hi, dt.center+h)
		}
		if len(d.xys) == 0 {
			continue
		}
		col := palette[si%len(palette)]
		sc, err := plotter.NewScatter(d.xys)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = col
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		sc.GlyphStyle.Radius = vg.Points(3)
		p.Add(sc)
		if len(ss) > 1 {
			p.Legend.Add(s.label, sc)
		}
		eb, err := plotter.NewXErrorBars(d)
		if err != nil {
			return err
		}
		eb.LineStyle.Color = col
		eb.LineStyle.Width = vg.Points(1)
		eb.CapWidth = vg.Points(4)
		p.Add(eb)
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: texts})
		if err != nil {
			return err
		}
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font.Size = vg.Points(7)
			lb.TextStyle[i].Font.Variant = "Sans"
			lb.TextStyle[i].Color = col
		}
		lb.Offset = vg.Point{X: vg.Points(6), Y: -vg.Points(3)}
		p.Add(lb)
	}
	if math.IsInf(lo, 0) { // nothing measured
		lo, hi = 1e-9, 1e-8
	}
	p.Add(plotter.NewGrid())
	p.X.Min = lo / 1.5
	p.X.Max = hi * 4 // room for the texts
	height := vg.Length(90+len(cats)*max(len(ss), 1)*14) * vg.Points(1)
	if len(ss) > 1 {
		room := float64(len(ss)*13+8) / float64(len(ss)*14)
		p.Y.Min, p.Y.Max = -0.5, float64(len(cats))-0.5+room
		height += vg.Points(float64(len(ss)*13 + 8))
	}
	return saveSVG(p, path, chartWidth, height)
}

// The charts' width, and the margin left of the plot for the row labels
// where the viewer's font is wider than gonum's metrics (the fonts are
// not embedded).
const (
	chartWidth = 7 * vg.Inch
	chartLeft  = 36 * vg.Millimeter / 4
)

func saveSVG(p *plot.Plot, path string, w, h vg.Length) error {
	c := vgsvg.NewWith(vgsvg.UseWH(w, h), vgsvg.EmbedFonts(false))
	p.Draw(draw.Crop(draw.New(c), chartLeft, -vg.Points(12), 0, 0))
	return atomicfile.WriteWith(path, func(w io.Writer) error {
		_, err := c.WriteTo(w)
		return err
	})
}

// dotOf is a cell's dot, with text.
func dotOf(c *stats.Cell, text string) dot {
	if c == nil {
		return dot{}
	}
	s := c.Summary
	return dot{ok: true, center: s.Center, lo: s.Lo, hi: s.Hi, text: text}
}

// kernelChart: every variant of a kernel (per call, and batched where
// measured; C kernels marked), its time on each machine.
func kernelChart(path, kernel string, t *stats.Table, machines []*Machine, kindOf func(kernel, variant string) string) error {
	var cats []string
	var rows []benchproc.Key
	// fastest first: by the time in the first machine's column that has
	// the row (the page's column order)
	first := func(row benchproc.Key) float64 {
		for _, m := range machines {
			for _, col := range t.Cols {
				if c := t.Cell(row, col); col.StringValues() == m.ID && c != nil {
					return c.Summary.Center
				}
			}
		}
		return math.Inf(1)
	}
	sorted := slices.Clone(t.Rows)
	slices.SortStableFunc(sorted, func(a, b benchproc.Key) int { return cmp.Compare(first(a), first(b)) })
	for _, form := range []string{"call", "batch"} {
		for _, c := range []bool{false, true} {
			for _, row := range sorted {
				v := stats.FieldValue(row, "/variant")
				if stats.FieldValue(row, "/form") != form || (kindOf(kernel, v) == variants.KindC) != c {
					continue
				}
				name := v
				if c {
					name += " [C]"
				}
				if form != "call" {
					name += " (" + form + ")"
				}
				cats = append(cats, name)
				rows = append(rows, row)
			}
		}
	}
	var ss []series
	for _, m := range machines {
		var col *benchproc.Key
		for i, c := range t.Cols {
			if c.StringValues() == m.ID {
				col = &t.Cols[i]
			}
		}
		if col == nil {
			continue
		}
		s := series{label: m.Label()}
		for _, row := range rows {
			c := t.Cell(row, *col)
			text := ""
			if c != nil {
				text = fmtTime(c.Summary.Center)
			}
			s.dots = append(s.dots, dotOf(c, text))
		}
		ss = append(ss, s)
	}
	return dotChart(path, kernel+": time per operation", cats, ss)
}

// writeCharts writes every kernel's chart and the summary chart, and
// lists them in r.Charts.
func (r *Report) writeCharts() error {
	if err := os.MkdirAll(r.opts.ChartsDir, 0o755); err != nil {
		return err
	}
	for _, kd := range r.kernels {
		if kd.wholeTable || len(kd.lens) == 0 {
			continue
		}
		f := filepath.Join(r.opts.ChartsDir, kd.name+".svg")
		if err := kernelChart(f, kd.name, kd.lens[0].t, r.Machines, r.kindOf); err != nil {
			return err
		}
		r.Charts = append(r.Charts, f)
	}
	cats, ks := summaryRows(r.kernels, r.winners)
	if len(cats) == 0 {
		return nil
	}
	f := filepath.Join(r.opts.ChartsDir, "summary.svg")
	if err := summaryChart(f, cats, ks, r.winners, r.Machines); err != nil {
		return err
	}
	r.Charts = append(r.Charts, f)
	return nil
}

// summaryRows are the summary chart's rows: per kernel with winners, its
// winners' label (cats) and its name (ks); whole-table kernels left out.
func summaryRows(kernels []*kernelData, wins map[string]map[string]*winner) (cats, ks []string) {
	for _, kd := range kernels {
		if ws := wins[kd.name]; len(ws) > 0 && !kd.wholeTable {
			for _, w := range ws {
				cats = append(cats, w.label)
				break
			}
			ks = append(ks, kd.name)
		}
	}
	return cats, ks
}

// summaryChart: per kernel (summaryRows), the fastest variant per call
// on each machine, at its absolute time.
func summaryChart(path string, cats, ks []string, wins map[string]map[string]*winner, machines []*Machine) error {
	var ss []series
	for _, m := range machines {
		s := series{label: m.Label()}
		any := false
		for _, k := range ks {
			w := wins[k][m.ID]
			if w == nil {
				s.dots = append(s.dots, dot{})
				continue
			}
			any = true
			s.dots = append(s.dots, dotOf(w.cell, w.variant+" "+fmtTime(w.cell.Summary.Center)))
		}
		if any {
			ss = append(ss, s)
		}
	}
	return dotChart(path, "Fastest variant per kernel, time per call", cats, ss)
}
