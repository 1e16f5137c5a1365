package report

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/stats"
)

// predicted writes the section of predictions (Options.Predicted): per
// kernel, predicted cycles of every variant on the models of the
// microarchitectures no machine here measured, each table headed by how
// well the same predictions matched the machines that were measured.
func (r *Report) predicted() error {
	if r.opts.Predicted == nil {
		return nil
	}
	preds, err := predict.Read(r.opts.Predicted, "results/"+predict.Dir+"/")
	if err != nil || len(preds) == 0 {
		return err
	}
	acc := predict.Validate(preds, predict.MeasuredFigures(r.ds))
	measured := map[string]bool{} // models of a measured microarchitecture
	for _, m := range r.Machines {
		if model, ok := predict.ModelOf(m.Uarch); ok {
			measured[model.MCPU] = true
		}
	}
	var models []predict.Model // the table's columns, in Models' order
	for _, m := range predict.Models {
		if !measured[m.MCPU] && slices.ContainsFunc(preds, func(p *predict.Predicted) bool { return p.MCPU == m.MCPU }) {
			models = append(models, m)
		}
	}
	llvm := preds[0].LLVM
	r.p("## Predicted: microarchitectures nobody here measured\n\n")
	r.p("Not measurements: what llvm-mca %s's scheduling model of each microarchitecture predicts for the machine code of ", llvm)
	r.p("this build's variants (`flipbench predict`, [results/predicted/](results/predicted/)). ")
	r.p("A cell is predicted cycles per operation (per call: one pass over the function from its entry to its return, ")
	r.p("its arguments loaded as a caller would; batched: one element of its loop), `#N` its rank among that model's figures ")
	r.p("and `N×` its cycles over the model's fastest. No figure is given where a straight-line model cannot say what runs: ")
	r.p("*branchy (N)* marks code with N branches that depend on the data (a loop's own back edge and exit, and branches to code ")
	r.p("that only panics or grows the stack, excepted), *calls* code that calls other functions; an empty cell is a variant the CPU cannot run. ")
	r.p("llvm-mca models the core alone: every load hits the L1 cache, no branch is mispredicted, no clock changes with 512-bit code, ")
	r.p("and a call costs what its instructions do (the measured tables above include the call floor). ")
	r.p("How far to trust a column is measured: the same predictions against the CPUs measured here, below, and in each table's heading.\n\n")
	r.predictedAccuracy(acc)
	for _, k := range predictedKernels(preds) {
		r.predictedKernel(k, preds, models, acc)
	}
	return nil
}

// predictedKernels lists the kernels predicted, in name order.
func predictedKernels(preds []*predict.Predicted) []string {
	var ks []string
	for _, p := range preds {
		if !slices.Contains(ks, p.Kernel) {
			ks = append(ks, p.Kernel)
		}
	}
	slices.Sort(ks)
	return ks
}

// predictedAccuracy is the table of every kernel's accuracy per measured
// CPU and form.
func (r *Report) predictedAccuracy(acc []predict.Accuracy) {
	cpus := accuracyCPUs(acc)
	if len(cpus) == 0 {
		r.p("No CPU measured here has a model to check the predictions against.\n\n")
		return
	}
	r.p("### How the predictions match the CPUs measured\n\n")
	r.p("Per kernel, form and measured CPU (against its microarchitecture's model), over the variants with both a predicted figure ")
	r.p("and a measured time (the newest complete run's figure): ρ is Spearman's rank correlation (1: the model orders the variants ")
	r.p("as the CPU does; 0: no better than chance), *ratio error* the median of |p/m − 1| where p is a variant's predicted cycles ")
	r.p("over the fastest predicted and m its measured time over the fastest measured (how far the model's \"N× slower\" is off), ")
	r.p("n the variants compared. Kernels with fewer than %d such variants are not checked.\n\n", predict.MinVariants)
	head := []string{"kernel", "form"}
	for _, c := range cpus {
		head = append(head, r.cpuModelLabel(c, acc)+" ρ", "ratio error", "n")
	}
	var rows [][]string
	for _, k := range distinct(acc, func(a predict.Accuracy) string { return a.Kernel }) {
		for _, form := range []string{predict.FormCall, predict.FormBatch} {
			row := []string{k, formLabel(form)}
			have := false
			for _, c := range cpus {
				a := findAccuracy(acc, c, k, form)
				if a == nil {
					row = append(row, "", "", "")
					continue
				}
				have = true
				row = append(row, predict.FormatRho(a.Spearman), predict.FormatRatioError(a.RatioError), fmt.Sprint(len(a.Variants)))
			}
			if have {
				rows = append(rows, row)
			}
		}
	}
	var b bytes.Buffer
	stats.WriteMarkdownTable(&b, head, rows)
	r.md.Write(b.Bytes())
	for _, c := range cpus {
		if m, err := predict.ModelByName(accuracyModel(acc, c)); err == nil && m.Note != "" {
			r.p("\n%s: %s (-mcpu=%s).\n", r.cpuModelLabel(c, acc), m.Note, m.MCPU)
		}
	}
	r.p("\n")
}

// cpuModelLabel names a measured CPU and its model: "AMD EPYC (Zen 4), znver4".
func (r *Report) cpuModelLabel(cpu string, acc []predict.Accuracy) string {
	l := cpu
	if m := r.byID[cpu]; m != nil {
		l = m.Label()
	}
	return l + ", " + accuracyModel(acc, cpu)
}

// distinct lists the sorted values of one field of the accuracies.
func distinct(acc []predict.Accuracy, field func(predict.Accuracy) string) []string {
	var out []string
	for _, a := range acc {
		if v := field(a); !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

func accuracyCPUs(acc []predict.Accuracy) []string {
	return distinct(acc, func(a predict.Accuracy) string { return a.CPU })
}

func accuracyModel(acc []predict.Accuracy, cpu string) string {
	for _, a := range acc {
		if a.CPU == cpu {
			return a.MCPU
		}
	}
	return ""
}

func findAccuracy(acc []predict.Accuracy, cpu, kernel, form string) *predict.Accuracy {
	for i, a := range acc {
		if a.CPU == cpu && a.Kernel == kernel && a.Form == form {
			return &acc[i]
		}
	}
	return nil
}

// predictedKernel writes one kernel's predicted table (variants per call
// and batched x models), headed by its accuracy on the measured CPUs.
func (r *Report) predictedKernel(k string, preds []*predict.Predicted, models []predict.Model, acc []predict.Accuracy) {
	type row struct{ variant, form string }
	var rows []row
	cell := map[row]map[string]*predict.Predicted{}
	for _, p := range preds {
		if p.Kernel != k || !slices.ContainsFunc(models, func(m predict.Model) bool { return m.MCPU == p.MCPU }) {
			continue
		}
		rw := row{p.Variant, p.Form}
		if cell[rw] == nil {
			cell[rw] = map[string]*predict.Predicted{}
			rows = append(rows, rw)
		}
		cell[rw][p.MCPU] = p
	}
	if len(rows) == 0 {
		return
	}
	r.p("### %s (predicted)\n\n", k)
	r.p("%s\n\n", r.kernelAccuracy(k, acc))
	figures := false
	for _, c := range cell {
		for _, p := range c {
			figures = figures || p.HasFigure()
		}
	}
	if !figures {
		r.p("No variant of %s is a straight line on any model (each has data-dependent branches or calls): no figure.\n\n", k)
		return
	}
	// per call first, then batched, each in the order predict wrote them
	batched := func(rw row) int {
		if rw.form == predict.FormCall {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(rows, func(a, b row) int { return batched(a) - batched(b) })
	// the fastest and the rank of each model's figures, per form
	rank := map[row]map[string]int{}
	fastest := map[string]float64{}
	for _, m := range models {
		for _, form := range []string{predict.FormCall, predict.FormBatch} {
			var rs []row
			for _, rw := range rows {
				if p := cell[rw][m.MCPU]; rw.form == form && p != nil && p.HasFigure() {
					rs = append(rs, rw)
				}
			}
			slices.SortStableFunc(rs, func(a, b row) int { return cmp.Compare(cell[a][m.MCPU].Cycles, cell[b][m.MCPU].Cycles) })
			for i, rw := range rs {
				if rank[rw] == nil {
					rank[rw] = map[string]int{}
				}
				rank[rw][m.MCPU] = i + 1
			}
			if len(rs) > 0 {
				fastest[m.MCPU+"/"+form] = cell[rs[0]][m.MCPU].Cycles
			}
		}
	}
	head := []string{"variant", "kind"}
	for _, m := range models {
		head = append(head, m.Label+" ("+m.MCPU+")")
	}
	var out [][]string
	for _, rw := range rows {
		name := rw.variant
		if rw.form == predict.FormBatch {
			name += " · batch"
		}
		var kind string
		line := []string{name, ""}
		for _, m := range models {
			p := cell[rw][m.MCPU]
			switch {
			case p == nil:
				line = append(line, "")
				continue
			case !p.HasFigure():
				line = append(line, noFigure(p))
			default:
				c := fmt.Sprintf("%s #%d", stats.Sig3(p.Cycles), rank[rw][m.MCPU])
				if f := fastest[m.MCPU+"/"+rw.form]; rank[rw][m.MCPU] == 1 {
					c = "**" + c + "**"
				} else {
					c += " " + times(p.Cycles/f)
				}
				line = append(line, c)
			}
			kind = p.Kind
		}
		line[1] = stats.KindLabel(kind)
		out = append(out, line)
	}
	var b bytes.Buffer
	stats.WriteMarkdownTable(&b, head, out)
	r.md.Write(b.Bytes())
	r.p("\n")
}

// kernelAccuracy is a kernel's table heading: its accuracy on each CPU
// measured.
func (r *Report) kernelAccuracy(k string, acc []predict.Accuracy) string {
	var parts []string
	for _, c := range accuracyCPUs(acc) {
		var forms []string
		for _, form := range []string{predict.FormCall, predict.FormBatch} {
			if a := findAccuracy(acc, c, k, form); a != nil {
				forms = append(forms, fmt.Sprintf("%s ρ = %s, ratio error %s (n = %d)", formLabel(form), predict.FormatRho(a.Spearman), predict.FormatRatioError(a.RatioError), len(a.Variants)))
			}
		}
		if len(forms) > 0 {
			parts = append(parts, r.cpuModelLabel(c, acc)+": "+strings.Join(forms, "; "))
		}
	}
	if len(parts) == 0 {
		return fmt.Sprintf("Accuracy: not checked (fewer than %d variants with both a predicted figure and a measured time on a CPU measured here).", predict.MinVariants)
	}
	return "Accuracy against the CPUs measured: " + strings.Join(parts, ". ") + "."
}

// noFigure is the cell of a prediction without cycles.
func noFigure(p *predict.Predicted) string {
	switch {
	case p.Branches > 0:
		return fmt.Sprintf("*branchy (%d)*", p.Branches)
	case strings.HasPrefix(p.Why, "calls "):
		return "*calls*"
	}
	return "*no figure*"
}
