package regress

import (
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
)

// Change is one benchmark's OLD against NEW comparison (benchstat's row).
type Change struct {
	Name, Unit string
	Old, New   benchmath.Summary
	Delta      float64 // new/old - 1 of the medians; NaN if not comparable
	P          float64 // Mann-Whitney U p-value
	Cmp        benchmath.Comparison
}

// Significant reports whether the difference passes the alpha threshold.
func (c Change) Significant() bool { return c.P < c.Cmp.Alpha && !math.IsNaN(c.Delta) }

// Slower reports whether a "lower is better" unit got worse by more than
// limit (a fraction), significantly; for throughputs (GB/s), a drop.
func (c Change) Slower(limit float64) bool {
	if !c.Significant() {
		return false
	}
	if higherIsBetter(c.Unit) {
		return c.Delta < -limit
	}
	return c.Delta > limit
}

func higherIsBetter(unit string) bool { return strings.HasSuffix(unit, "/s") }

// ReadSamples reads benchmark results from files in Go's benchmark format
// and groups the values by benchmark name and unit. Syntax errors are
// returned with file:line and reading goes on.
func ReadSamples(files ...string) (map[[2]string][]float64, []error, error) {
	out := map[[2]string][]float64{}
	var bad []error
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		r := benchfmt.NewReader(f, name)
		for r.Scan() {
			switch rec := r.Result().(type) {
			case *benchfmt.SyntaxError:
				bad = append(bad, rec)
			case *benchfmt.Result:
				for _, v := range rec.Values {
					unit := v.Unit
					val := v.Value
					if v.OrigUnit != "" {
						unit, val = v.OrigUnit, v.OrigValue
					}
					k := [2]string{string(rec.Name.Full()), unit}
					out[k] = append(out[k], val)
				}
			}
		}
		f.Close()
		if err := r.Err(); err != nil {
			return nil, nil, err
		}
	}
	return out, bad, nil
}

// CompareSamples compares every benchmark present on both sides with
// benchstat's statistics: medians with 95% confidence intervals and a
// Mann-Whitney U test (benchmath.AssumeNothing).
func CompareSamples(old, new map[[2]string][]float64) []Change {
	var out []Change
	for k, ov := range old {
		nv, ok := new[k]
		if !ok {
			continue
		}
		so := benchmath.NewSample(append([]float64(nil), ov...), &benchmath.DefaultThresholds)
		sn := benchmath.NewSample(append([]float64(nil), nv...), &benchmath.DefaultThresholds)
		c := Change{Name: k[0], Unit: k[1],
			Old: benchmath.AssumeNothing.Summary(so, 0.95),
			New: benchmath.AssumeNothing.Summary(sn, 0.95),
			Cmp: benchmath.AssumeNothing.Compare(so, sn)}
		c.P = c.Cmp.P
		c.Delta = math.NaN()
		if c.Old.Center != 0 {
			c.Delta = c.New.Center/c.Old.Center - 1
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Unit < out[j].Unit
	})
	return out
}

// WriteChanges prints a benchstat-style table; rows whose change is not
// significant show "~". limit marks slowdowns beyond it with "SLOWER".
func WriteChanges(w io.Writer, cs []Change, limit float64) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "benchmark\tunit\told\t\tnew\t\tdelta\t\t\t")
	for _, c := range cs {
		delta := "~"
		if c.Significant() {
			delta = fmt.Sprintf("%+.2f%%", 100*c.Delta)
		}
		flag := ""
		if c.Slower(limit) {
			flag = "SLOWER"
		} else if c.Significant() && (c.Delta < 0) != higherIsBetter(c.Unit) {
			flag = "faster"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t±%s\t%s\t±%s\t%s\t(%s)\t%s\t\n", c.Name, c.Unit,
			fmtValue(c.Old.Center), c.Old.PctRangeString(), fmtValue(c.New.Center), c.New.PctRangeString(),
			delta, c.Cmp, flag)
	}
	tw.Flush()
}

func fmtValue(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.3f", v)
}
