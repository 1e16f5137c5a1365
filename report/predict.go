package report

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/stats"
)

// predicted writes the sections of predictions (Options.Predicted): per
// kernel, predicted cycles of every variant on the models of the
// microarchitectures no machine here measured, each table headed by how
// well the same predictions matched the machines that were measured. The
// x86-64 models (predict.Models) predict this build's code; the aarch64
// ones (predict.ARM64Models) an arm64 build's, in a section of their own
// (predictedARM64).
func (r *Report) predicted() string {
	preds := r.preds
	if len(preds) == 0 {
		return ""
	}
	b := new(md)
	acc := predict.Validate(preds, predict.MeasuredFigures(r.ds))
	measured := map[string]bool{} // models of a measured microarchitecture
	for _, m := range r.Machines {
		if model, ok := predict.ModelOf(m.Uarch); ok {
			measured[model.MCPU] = true
		}
	}
	// the tables' columns, in the models' order
	columns := func(all []predict.Model) []predict.Model {
		var models []predict.Model
		for _, m := range all {
			if !measured[m.MCPU] && slices.ContainsFunc(preds, func(p *predict.Predicted) bool { return p.MCPU == m.MCPU }) {
				models = append(models, m)
			}
		}
		return models
	}
	x86Preds, armPreds := byArch(preds, func(p *predict.Predicted) string { return p.MCPU })
	x86Acc, armAcc := byArch(acc, func(a predict.Accuracy) string { return a.MCPU })
	if len(x86Preds) > 0 {
		r.predictedX86(b, x86Preds, columns(predict.Models), x86Acc)
	}
	if len(armPreds) > 0 {
		r.predictedARM64(b, armPreds, columns(predict.ARM64Models), armAcc, len(x86Preds) > 0 && len(x86Acc) > 0)
	}
	return b.String()
}

// readPredictions reads Options.Predicted, if any.
func (r *Report) readPredictions() error {
	if r.opts.Predicted == nil {
		return nil
	}
	preds, err := predict.Read(r.opts.Predicted, "results/"+predict.Dir+"/")
	r.preds = preds
	return err
}

// isARM64 reports whether -mcpu names an aarch64 model.
func isARM64(mcpu string) bool {
	return slices.ContainsFunc(predict.ARM64Models, func(m predict.Model) bool { return m.MCPU == mcpu })
}

// byArch parts xs by their model (mcpu of each) into x86-64's (and any
// model predict does not know, which no table shows) and aarch64's.
func byArch[T any](xs []T, mcpu func(T) string) (x86, arm []T) {
	for _, x := range xs {
		if isARM64(mcpu(x)) {
			arm = append(arm, x)
		} else {
			x86 = append(x86, x)
		}
	}
	return x86, arm
}

// predictedX86 writes the x86-64 models' section: this build's code.
func (r *Report) predictedX86(b *md, preds []*predict.Predicted, models []predict.Model, acc []predict.Accuracy) {
	llvm := preds[0].LLVM
	b.p("## Predicted: microarchitectures nobody here measured\n\n")
	b.p("Not measurements: what llvm-mca %s's scheduling model of each microarchitecture predicts for the machine code of ", llvm)
	b.p("this build's variants (`flipbench predict`, [results/predicted/](results/predicted/)). ")
	b.p("A cell is predicted cycles per operation (per call: one pass over the function from its entry to its return, ")
	b.p("its arguments loaded as a caller would; batched: one element of its loop), `#N` its rank among that model's figures ")
	b.p("and `N×` its cycles over the model's fastest. No figure is given where a straight-line model cannot say what runs: ")
	b.p("*branchy (N)* marks code with N branches that depend on the data (a loop's own back edge and exit, and branches to code ")
	b.p("that only panics or grows the stack, excepted), *calls* code that calls other functions; an empty cell is a variant the CPU cannot run. ")
	b.p("llvm-mca models the core alone: every load hits the L1 cache, no branch is mispredicted, no clock changes with 512-bit code, ")
	b.p("and a call costs what its instructions do (the measured tables above include the call floor). ")
	b.p("How far to trust a column is measured: the same predictions against the CPUs measured here, below, and in each table's heading.\n\n")
	r.predictedAccuracy(b, acc)
	t := predictedTable{models: models, acc: acc, heading: "predicted",
		head: func(m predict.Model) string { return m.Label + " (" + m.MCPU + ")" }}
	for _, k := range predictedKernels(preds) {
		r.predictedKernel(b, k, preds, t)
	}
}

// predictedARM64 writes the aarch64 models' section: an arm64 build's
// code (predict -binary), read by the same straight-line model, which
// on arm64 misses the SVE variants' vector-length loops too. x86Checked
// says whether the x86-64 section above has its accuracy against the
// CPUs measured.
func (r *Report) predictedARM64(b *md, preds []*predict.Predicted, models []predict.Model, acc []predict.Accuracy, x86Checked bool) {
	llvm := preds[0].LLVM
	b.p("## Predicted on aarch64: the arm64 build\n\n")
	b.p("Not measurements either: what llvm-mca %s (`-mtriple=aarch64`) predicts for the machine code of an arm64 build's variants, ", llvm)
	b.p("the Go ones as the arm64 compiler writes them and the generated assembly, scalar, NEON and SVE: ")
	b.p("`GOARCH=arm64 go build -o fb-arm64 ./cmd/flipbench && go run ./cmd/flipbench predict -binary fb-arm64`, written to [results/predicted/](results/predicted/). ")
	b.p("The columns are Arm's Neoverse cores, named with the chips built on them (Ampere Altra's cores are Neoverse N1s too), and AmpereOne. ")
	b.p("A cell reads as in the x86-64 tables: predicted cycles per operation (per call or one element of a batch), `#N` its rank among the model's figures, ")
	b.p("`N×` its cycles over the model's fastest; an empty cell is a variant the CPU cannot run: %s. ", sveModels(models))
	b.p("What the straight-line model cannot see on arm64:\n\n")
	b.p("- **Branches.** Code with branches that depend on the data (*branchy (N)*) or that calls other functions (*calls*) gets no figure; ")
	b.p("the results files' `why:` lines, listed under each table, say which branches (their instruction and offset in the function).\n")
	b.p("- **The SVE variants' vector-length loops.** An SVE variant walks its lanes in a loop (WHILELO sets the lanes left to do; B.EQ, that is B.NONE, leaves when none is) ")
	b.p("whose passes depend on the vector length (and on the input's length where it is a slice), not on the data's values: fewer on a wider vector. llvm-mca follows one pass of straight-line code ")
	b.p("and cannot count them, so they get no figure either (*VL loop*).\n")
	b.p("- **Memory.** Every load hits the L1 cache (the ray tables, the evaluation's weights), no branch is mispredicted, ")
	b.p("and a call costs what its instructions do.\n")
	b.p("- **Gathers.** NEON has no gather %s\n\n", evalSumARM64(preds))
	if len(acc) == 0 {
		b.p("No arm64 CPU has been measured here, so nothing checks these columns")
		if x86Checked {
			b.p(": the x86-64 predictions' match with the CPUs measured, above, is the nearest guide to how far to trust llvm-mca")
		}
		b.p(". ")
	}
	b.p("LLVM 19's apple-* models are not used: every one of them, apple-m1 to apple-m4 included, schedules with the model of Cyclone, the Apple A7 of 2013.\n\n")
	if len(acc) > 0 {
		r.predictedAccuracy(b, acc)
	}
	t := predictedTable{models: models, acc: acc, heading: "predicted, aarch64", arm64: true,
		head: func(m predict.Model) string { return m.Title() + ", " + m.MCPU }}
	for _, k := range predictedKernels(preds) {
		r.predictedKernel(b, k, preds, t)
	}
}

// sveModels says which models run the SVE variants, with their vector
// lengths: "the SVE ones run only on Neoverse V1 (256-bit vectors) and
// Neoverse N2 (128-bit)".
func sveModels(models []predict.Model) string {
	var out []string
	for _, m := range models {
		if m.CPU.SVEBits > 0 {
			unit := "-bit"
			if len(out) == 0 {
				unit += " vectors"
			}
			out = append(out, fmt.Sprintf("%s (%d%s)", m.Label, m.CPU.SVEBits, unit))
		}
	}
	switch len(out) {
	case 0:
		return "the SVE ones run on none of these models"
	case 1:
		return "the SVE ones run only on " + out[0]
	}
	return "the SVE ones run only on " + strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// evalSumARM64 says what eval_sum runs on arm64, where NEON cannot gather
// the weights as x86-64's AVX2 and AVX-512 variants do.
func evalSumARM64(preds []*predict.Predicted) string {
	const x86 = "x86-64's eval_sum variants gather the weights with AVX2 or AVX-512"
	var kinds []string
	for _, p := range preds {
		if p.Kernel == "eval_sum" && !slices.Contains(kinds, p.Kind) {
			kinds = append(kinds, p.Kind)
		}
	}
	switch {
	case len(kinds) == 0:
		return "(" + x86 + "); no eval_sum was predicted on arm64."
	case len(kinds) == 1 && kinds[0] == "go":
		return "(" + x86 + "), and no arm64 eval_sum assembly exists yet, so on arm64 eval_sum is Go only (each weight loaded on its own), " +
			"predicted where the Go code is a straight line."
	}
	return "(" + x86 + "): the arm64 assembly loads each weight on its own, its index clamped to the table as the gathers clamp it; " +
		"its loop and the call from the Go wrapper leave it without a figure."
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

// predictedTable is how one section's kernel tables are written.
type predictedTable struct {
	models  []predict.Model // the columns
	acc     []predict.Accuracy
	heading string                     // after the kernel's name: "flip (predicted)"
	head    func(predict.Model) string // a column's name
	// arm64: the aarch64 tables, which list the why lines of the cells
	// without a figure under them, and have no accuracy line while no
	// arm64 CPU is measured (the section's introduction says so).
	arm64 bool
}

// predictedKernel writes one kernel's predicted table (variants per call
// and batched x models), headed by its accuracy on the measured CPUs.
func (r *Report) predictedKernel(b *md, k string, preds []*predict.Predicted, t predictedTable) {
	models, acc := t.models, t.acc
	type row = predictedRow
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
	b.p("### %s (%s)\n\n", k, t.heading)
	if !t.arm64 || len(acc) > 0 {
		b.p("%s\n\n", r.kernelAccuracy(k, acc))
	}
	figures := false
	for _, c := range cell {
		for _, p := range c {
			figures = figures || p.HasFigure()
		}
	}
	// per call first, then batched, each in the order predict wrote them
	batched := func(rw row) int {
		if rw.form == predict.FormCall {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(rows, func(a, b row) int { return batched(a) - batched(b) })
	if !figures {
		if t.arm64 {
			b.p("No variant of %s is a straight line on any model: no figure.\n\n", k)
			r.predictedWhy(b, rows, cell, models)
			return
		}
		b.p("No variant of %s is a straight line on any model (each has data-dependent branches or calls): no figure.\n\n", k)
		return
	}
	rank, fastest := predictedRanks(rows, cell, models)
	head := []string{"variant", "kind"}
	for _, m := range models {
		head = append(head, t.head(m))
	}
	var out [][]string
	for _, rw := range rows {
		var kind string
		line := []string{rowName(rw), ""}
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
	stats.WriteMarkdownTable(b, head, out)
	b.p("\n")
	if t.arm64 {
		r.predictedWhy(b, rows, cell, models)
	}
}

// predictedRanks ranks each model's figures per form: every row's rank
// by model, and each model's fastest cycles by model and form
// ("znver4/call").
func predictedRanks(rows []predictedRow, cell map[predictedRow]map[string]*predict.Predicted, models []predict.Model) (map[predictedRow]map[string]int, map[string]float64) {
	type row = predictedRow
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
	return rank, fastest
}

// predictedWhy lists under an aarch64 table the why line of every row
// with a cell without a figure, as its results files give it (the same
// for every model, the code being one build's, unless a model's differ:
// then each with the models it is theirs), and what a VL loop is.
func (r *Report) predictedWhy(b *md, rows []predictedRow, cell map[predictedRow]map[string]*predict.Predicted, models []predict.Model) {
	var lines []string
	for _, rw := range rows {
		type why struct {
			text   string
			models []string
			vl     bool
		}
		var whys []*why
		for _, m := range models {
			p := cell[rw][m.MCPU]
			if p == nil || p.HasFigure() {
				continue
			}
			i := slices.IndexFunc(whys, func(w *why) bool { return w.text == p.Why })
			if i < 0 {
				whys = append(whys, &why{text: p.Why, vl: vectorLengthLoop(p)})
				i = len(whys) - 1
			}
			whys[i].models = append(whys[i].models, m.Label)
		}
		if len(whys) == 0 {
			continue
		}
		var parts []string
		for _, w := range whys {
			part := "`" + w.text + "`"
			if len(whys) > 1 {
				part += " (" + strings.Join(w.models, ", ") + ")"
			}
			if w.vl {
				part += ", *VL loop*: the exit and the back edge of the loop over the vector's lanes, not branches on the data's values"
			}
			parts = append(parts, part)
		}
		lines = append(lines, fmt.Sprintf("- %s: %s", rowName(rw), strings.Join(parts, "; ")))
	}
	if len(lines) == 0 {
		return
	}
	b.p("Why no figure (the `why:` lines of the results files):\n\n%s\n\n", strings.Join(lines, "\n"))
}

// predictedRow is a row of a predicted table: a variant in a form.
type predictedRow struct{ variant, form string }

// rowName is a row's first cell: the variant, "· batch" after it for
// the batched form.
func rowName(rw predictedRow) string {
	if rw.form == predict.FormBatch {
		return rw.variant + " · batch"
	}
	return rw.variant
}

// noFigure is the cell of a prediction without cycles.
func noFigure(p *predict.Predicted) string {
	switch {
	case vectorLengthLoop(p):
		return "*VL loop*"
	case p.Branches > 0:
		return fmt.Sprintf("*branchy (%d)*", p.Branches)
	case strings.HasPrefix(p.Why, "calls "):
		return "*calls*"
	}
	return "*no figure*"
}

// llvmDecoded finds in a decoded line the number of instructions only
// LLVM decoded ("arm64asm 12, llvm 25, argument loads 0": 25).
var llvmDecoded = regexp.MustCompile(`(?:^|, )llvm (\d+)(?:,|$)`)

// vectorLengthLoop reports whether an aarch64 prediction without a
// figure is an SVE variant's loop over its lanes: code of which LLVM
// alone decoded some (SVE: x/arch's arm64asm has none of it), whose only
// data-dependent branches are one loop's exit and its back edge (predict
// says "2 data-dependent branches (b.eq at +0x44, a loop back to
// +0x40)"), and that calls nothing. Predict takes the loop's exit for a
// branch on the data; it is on the lanes left, which the vector length
// sets.
func vectorLengthLoop(p *predict.Predicted) bool {
	if p.HasFigure() || !isARM64(p.MCPU) || p.Branches != 2 || !strings.Contains(p.Why, "a loop back to") || strings.Contains(p.Why, "calls ") {
		return false
	}
	m := llvmDecoded.FindStringSubmatch(p.Decoded)
	if m == nil {
		return false
	}
	n, err := strconv.Atoi(m[1])
	return err == nil && n > 0
}
