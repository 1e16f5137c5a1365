package report

import (
	"fmt"
	"slices"

	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
)

// solve writes the whole-solver tables: rows variants, columns machines,
// the time of the whole set.
func (r *Report) solve() string {
	b := new(md)
	ts := r.build(".name:Solve .unit:ns/op", "/variant", machineKey)
	if len(ts) == 0 {
		return ""
	}
	// one table per set and kernel
	type sk struct{ set, kernel string }
	var keys []sk
	for _, res := range r.ds.Views() {
		if string(res.Name.Base()) == "Solve" && nameKey(res, bench.TwinKey) == "" {
			k := sk{nameKey(res, "set"), nameKey(res, "kernel")}
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	b.p("## Whole solves\n\n")
	b.p("The full endgame solver on a whole set, once per run, with each variant of one kernel (every other kernel ")
	b.p("at its default); time for the whole set, %s with its interval, and per CPU the fastest against the runner-up, ", stats.FigureLabel)
	b.p("compared solve by solve within a session. The node count is the same for every variant (checked while measuring).\n\n")
	for _, k := range keys {
		t := unitTable(r.build(fmt.Sprintf(".name:Solve /set:%q /kernel:%q .unit:ns/op", k.set, k.kernel), "/variant", machineKey), "sec/op")
		if t == nil {
			continue
		}
		b.p("**%s, per %s variant**\n\n", k.set, k.kernel)
		head := []string{k.kernel}
		for _, c := range t.Cols {
			head = append(head, r.colLabel(c))
		}
		fastest := map[benchproc.Key]benchproc.Key{}
		var verdicts []string
		for _, col := range t.Cols {
			rk := r.rank(k.kernel, t, col, "")
			if len(rk.rows) == 0 {
				continue
			}
			fastest[col] = rk.rows[0]
			if w := winnerOf(t, rk, col); w.cmp != nil {
				verdicts = append(verdicts, fmt.Sprintf("- %s: fastest **%s** %s, %s (runner-up over fastest %s)", r.colLabel(col), w.variant,
					fmtTime(w.cell.Summary.Center), stats.WinnerVerdict(w.second, w.cmp), w.cmp.Detail()))
			}
		}
		r.cellTable(b, t, head, func(row benchproc.Key) string { return stats.FieldValue(row, "/variant") }, "N/A", func(row, col benchproc.Key, c *stats.Cell) string {
			s := fmt.Sprintf("%.3f s %s", c.Summary.Center, stats.FormatCI(c.Summary))
			if fastest[col] == row && len(t.Rows) > 1 {
				s = "**" + s + "**"
			}
			return s
		})
		for _, v := range verdicts {
			b.p("%s\n", v)
		}
		if len(verdicts) > 0 {
			b.p("\n")
		}
	}
	return b.String()
}

// footer is how to reproduce the page, then Options.Recipe.
func (r *Report) footer() string {
	b := new(md)
	b.p("## Reproduce\n\n")
	b.p("On your own machine, from a clone of this repository:\n\n")
	b.p("```sh\n")
	d := bench.DefaultOptions
	b.p("go run ./cmd/flipbench bench              # every kernel and variant: %d rounds of %d runs of %v each, in %d fresh processes -> results/<cpu-id>/\n",
		d.Count, d.Runs, d.BenchTime, bench.DefaultProcesses)
	b.p("go run ./cmd/flipbench bench -solve ffo20-39   # whole solves per score_1 variant, round by round (-solve-kernel K for another kernel)\n")
	b.p("go run ./cmd/flipbench solve -set ffo20-39 -save               # solver run per position, embedded weights -> results/<cpu-id>/\n")
	b.p("go run ./cmd/flipbench solve -set ffo20-39 -eval none -save    # the same without evaluation: the nodes ratio\n")
	b.p("go run ./cmd/flipbench train -eval-mae -save                   # evaluation error at 20-24 empties (-eval none: the zero evaluation)\n")
	b.p("mkdir -p tmp && ../shared/anchors/edax-vs.sh ffo20-39 | tee tmp/vs.txt   # beside Edax-AVX: a measuring kit outside the project\n")
	b.p("go run ./cmd/flipbench anchor tmp/vs.txt   # imports that transcript -> results/<cpu-id>/ (-bottom, -pgo: how flipbench ran)\n")
	b.p("go run ./cmd/flipbench report             # this file and docs/charts/*.svg\n")
	b.p("go run ./cmd/flipbench pick               # the fastest variant per kernel on your CPU, as its profile\n")
	b.p("```\n\n")
	b.p("Options: `-kernel flip,moves` for some kernels, `-cpu 1` to pin to one CPU, `-count` (rounds: fewer than %d give no paired verdicts), `-benchtime`; ", stats.MinPairs)
	b.p("Ctrl-C keeps every finished result, in a file marked incomplete that never replaces a complete run ")
	b.p("(a solve keeps the positions solved). `solve` takes `-variants`, `-hash`, ")
	b.p("`-count` and `-eval FILE` (our weights or an Edax eval.dat). ")
	b.p("The same cases run under `go test -bench /kernel=flip/ ./harness`.\n\n")
	b.p("Every kernel's variants on every CPU, absolute times side by side, with flipbench or with stock benchstat ")
	b.p("(the `cpu-id` configuration line names the CPU; benchstat pools every file it is given, flipbench takes the newest complete run of each CPU):\n\n")
	b.p("```sh\n")
	b.p("go run ./cmd/flipbench compare -table /kernel -row /variant,/len,/size -col cpu-id -filter '.name:Kernel /form:call'\n")
	b.p("go run golang.org/x/perf/cmd/benchstat@latest -table /kernel -row /variant,/len,/size -col cpu-id -filter '.name:Kernel /form:call' results/*/*-kernels*.txt\n")
	b.p("```\n")
	b.WriteString(r.opts.Recipe)
	return b.String()
}
