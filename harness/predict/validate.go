package predict

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Accuracy is how well one model's predictions of one kernel's form
// match what a CPU measured, over the variants that have both a
// predicted figure and a measurement.
type Accuracy struct {
	CPU, Uarch   string // the CPU measured
	MCPU         string // the model it is compared with
	Kernel, Form string
	Variants     []string
	// Spearman is the rank correlation of predicted cycles and measured
	// times (NaN with fewer than 3 variants, or where either side is all
	// ties): 1 when the model orders the variants as the CPU does.
	Spearman float64
	// RatioError is the median over the variants of |p/m - 1|, where p is
	// the variant's predicted cycles over the fastest predicted, m its
	// measured time over the fastest measured: how far the model's "N×
	// slower" is from the CPU's (NaN with fewer than 2 variants).
	RatioError float64
}

// MinVariants is the fewest variants an accuracy is computed on.
const MinVariants = 3

// Validate compares the predictions with the measurements: for each CPU
// measured whose microarchitecture has a model (ModelOf), each kernel and
// each form, the rank correlation and the ratio error over the variants
// both have, in that order (per call before batched). Kernels with fewer
// than MinVariants such variants are left out.
func Validate(preds []*Predicted, measured []Measured) []Accuracy {
	type key struct{ mcpu, kernel, variant, form string }
	pred := map[key]float64{}
	for _, p := range preds {
		if p.HasFigure() {
			pred[key{p.MCPU, p.Kernel, p.Variant, p.Form}] = p.Cycles
		}
	}
	type group struct{ cpu, kernel, form string }
	var order []group
	pairs := map[group][][2]float64{}
	names := map[group][]string{}
	models := map[string]Model{}
	uarchs := map[string]string{}
	for _, m := range measured {
		model, ok := ModelOf(m.Uarch)
		if !ok {
			continue
		}
		c, ok := pred[key{model.MCPU, m.Kernel, m.Variant, m.Form}]
		if !ok {
			continue
		}
		g := group{m.CPU, m.Kernel, m.Form}
		if pairs[g] == nil {
			order = append(order, g)
		}
		pairs[g] = append(pairs[g], [2]float64{c, m.Seconds})
		names[g] = append(names[g], m.Variant)
		models[m.CPU], uarchs[m.CPU] = model, m.Uarch
	}
	formRank := map[string]int{FormCall: 0, FormBatch: 1}
	slices.SortStableFunc(order, func(a, b group) int {
		return cmp.Or(cmp.Compare(a.cpu, b.cpu), cmp.Compare(a.kernel, b.kernel), cmp.Compare(formRank[a.form], formRank[b.form]))
	})
	var out []Accuracy
	for _, g := range order {
		ps := pairs[g]
		if len(ps) < MinVariants {
			continue
		}
		p, m := make([]float64, len(ps)), make([]float64, len(ps))
		for i, x := range ps {
			p[i], m[i] = x[0], x[1]
		}
		out = append(out, Accuracy{CPU: g.cpu, Uarch: uarchs[g.cpu], MCPU: models[g.cpu].MCPU, Kernel: g.kernel, Form: g.form,
			Variants: names[g], Spearman: Spearman(p, m), RatioError: RatioError(p, m)})
	}
	return out
}

// FormatRho writes a correlation: "0.87", "—" where there is none.
func FormatRho(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return fmt.Sprintf("%.2f", v)
}

// FormatRatioError writes a ratio error as a percentage: "15%", "—" where
// there is none.
func FormatRatioError(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return fmt.Sprintf("%.0f%%", 100*v)
}

// Spearman is the rank correlation of x and y: the Pearson correlation
// of their ranks, ties sharing their mean rank. NaN for fewer than 3
// pairs or a constant side.
func Spearman(x, y []float64) float64 {
	if len(x) < 3 || len(x) != len(y) {
		return math.NaN()
	}
	return stat.Correlation(ranks(x), ranks(y), nil)
}

// ranks are the 1-based ranks of xs, ties given their mean rank.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// RatioError is the median over i of |(p[i]/min p) / (m[i]/min m) - 1|.
func RatioError(p, m []float64) float64 {
	if len(p) < 2 || len(p) != len(m) {
		return math.NaN()
	}
	p0, m0 := slices.Min(p), slices.Min(m)
	errs := make([]float64, len(p))
	for i := range p {
		errs[i] = math.Abs((p[i]/p0)/(m[i]/m0) - 1)
	}
	return median(errs)
}

// median is the middle value of xs, the mean of the two middle ones for
// an even count.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
