package report

import (
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"math"
	"slices"
	"strconv"

	"github.com/flipbench/flipbench/harness/stats"
)

// maeCell is one evaluation's error at one empties count.
type maeCell struct {
	n              int
	mae, bias, rms float64
}

// evalError writes the evaluation's error against exact scores per
// empties count, a column per evaluation setting.
func (r *Report) evalError() string {
	b := new(md)
	us := r.section(b, "mae", "Evaluation error")
	if len(us) == 0 {
		return ""
	}
	slices.SortStableFunc(us, func(a, b *run) int { return evalOrder(a.eval, b.eval) })
	b.p("`flipbench train -eval-mae -save`: the evaluation of held-out positions (from games of a seed no training ")
	b.p("uses) against their exact scores, in discs: mean absolute error, and in brackets the mean error (bias, ")
	b.p("evaluation minus exact) and the root mean square error. `none` is the zero evaluation. The newest run of ")
	b.p("each evaluation setting.\n\n")
	maeTable(b, us)
	heldOut := map[string]bool{}
	for _, u := range us {
		heldOut[u.config(resultsfile.KeyMAESeed)+" "+u.config(resultsfile.KeyMAEN)+" "+u.config(resultsfile.KeyMAEEmpties)] = true
	}
	if len(heldOut) > 1 {
		b.p("\n> note: the columns were measured on different held-out positions (their seed, number or empties range differ): compare them with care\n")
	}
	b.p("\n")
	for _, u := range us {
		b.p("- %s: ", u.eval)
		if c := u.config(resultsfile.KeyEvalChecksum); c != "" {
			b.p("weights %s, ", c)
		}
		if n := u.config(resultsfile.KeyEvalNote); n != "" {
			b.p("%q, ", n)
		}
		if s := u.config(resultsfile.KeyMAESeed); s != "" {
			b.p("seed %s, ", s)
		}
		if n, e := u.config(resultsfile.KeyMAEN), u.config(resultsfile.KeyMAEEmpties); n != "" && e != "" {
			b.p("%s positions per empties count at %s empties, ", n, e)
		}
		b.p("[%s](%s) on %s\n", shortFile(u.file), r.link(u.file), r.machineLabel(u.machine))
	}
	b.p("\n")
	return b.String()
}

// maeCells reads the MAE runs' cells by empties count, and the counts in
// order.
func maeCells(us []*run) (map[*run]map[int]maeCell, []int) {
	cells := map[*run]map[int]maeCell{}
	var empties []int
	for _, u := range us {
		cells[u] = map[int]maeCell{}
		for _, res := range u.res {
			e, err := strconv.Atoi(nameKey(res, "empties"))
			if err != nil {
				continue
			}
			mae, ok := value(res, "discs")
			if !ok {
				continue
			}
			bias, _ := value(res, "bias-discs")
			rms, _ := value(res, "rms-discs")
			cells[u][e] = maeCell{n: res.Iters, mae: mae, bias: bias, rms: rms}
			if !slices.Contains(empties, e) {
				empties = append(empties, e)
			}
		}
	}
	slices.Sort(empties)
	return cells, empties
}

// maeTable is a row per empties count, a column per run, and over every
// count the errors weighed by their positions.
func maeTable(b *md, us []*run) {
	cells, empties := maeCells(us)
	head := []string{"empties"}
	for _, u := range us {
		h := u.eval
		if w := weightsLabel(u); w != "" {
			h += " (" + w + ")"
		}
		head = append(head, h)
	}
	fmtCell := func(c maeCell) string {
		return fmt.Sprintf("%.2f (%+.2f, %.2f) n=%d", c.mae, c.bias, c.rms, c.n)
	}
	var rows [][]string
	all := map[*run]*maeCell{}
	for _, e := range empties {
		line := []string{strconv.Itoa(e)}
		for _, u := range us {
			c, ok := cells[u][e]
			if !ok {
				line = append(line, "")
				continue
			}
			line = append(line, fmtCell(c))
			a := all[u]
			if a == nil {
				a = &maeCell{}
				all[u] = a
			}
			// back to sums over the positions, to weigh each count by its positions
			a.n += c.n
			a.mae += c.mae * float64(c.n)
			a.bias += c.bias * float64(c.n)
			a.rms += c.rms * c.rms * float64(c.n)
		}
		rows = append(rows, line)
	}
	if len(empties) > 1 {
		line := []string{"**all**"}
		for _, u := range us {
			a := all[u]
			if a == nil || a.n == 0 {
				line = append(line, "")
				continue
			}
			n := float64(a.n)
			line = append(line, fmtCell(maeCell{n: a.n, mae: a.mae / n, bias: a.bias / n, rms: math.Sqrt(a.rms / n)}))
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(b, head, rows)
}
