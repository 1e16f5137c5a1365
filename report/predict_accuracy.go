package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/stats"
)

// predictedAccuracy is the table of every kernel's accuracy per measured
// CPU and form.
func (r *Report) predictedAccuracy(b *md, acc []predict.Accuracy) {
	cpus := accuracyCPUs(acc)
	if len(cpus) == 0 {
		b.p("No CPU measured here has a model to check the predictions against.\n\n")
		return
	}
	b.p("### How the predictions match the CPUs measured\n\n")
	b.p("Per kernel, form and measured CPU (against its microarchitecture's model), over the variants with both a predicted figure ")
	b.p("and a measured time (the newest complete run's figure): ρ is Spearman's rank correlation (1: the model orders the variants ")
	b.p("as the CPU does; 0: no better than chance), *ratio error* the median of |p/m − 1| where p is a variant's predicted cycles ")
	b.p("over the fastest predicted and m its measured time over the fastest measured (how far the model's \"N× slower\" is off), ")
	b.p("n the variants compared. Kernels with fewer than %d such variants are not checked.\n\n", predict.MinVariants)
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
	stats.WriteMarkdownTable(b, head, rows)
	for _, c := range cpus {
		if m, err := predict.ModelByName(accuracyModel(acc, c)); err == nil && m.Note != "" {
			b.p("\n%s: %s (-mcpu=%s).\n", r.cpuModelLabel(c, acc), m.Note, m.MCPU)
		}
	}
	b.p("\n")
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
