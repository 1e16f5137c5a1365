// Package report turns the results files under results/ into
// BENCHMARKS.md: per-kernel tables of every variant on every CPU measured
// (per call and batched), hash_clear throughput against the machine's
// write bandwidth, the whole-solver table, the per-position solver runs
// per evaluation setting and the evaluation's error, and SVG charts of each
// variant's speed relative to the reference. Statistics are benchstat's
// (golang.org/x/perf benchproc and benchmath), through stats.BuildTables.
package report

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flipbench/flipbench/internal/atomicfile"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/weights"
	"github.com/flipbench/flipbench/weights/train"
)

// Options says where the report reads and writes.
type Options struct {
	ResultsDir string // results/ (read)
	Output     string // BENCHMARKS.md
	ChartsDir  string // SVG charts (docs/charts)
	// ChartsLink is ChartsDir as the Markdown links it, relative to
	// Output's directory; "" computes it.
	ChartsLink string
	Confidence float64
	// FileLink, if set, is where the report links a results file ("" for
	// the default): a perfdata server's page of it, when the files came
	// from a server (harness/store). By default the file, relative to
	// Output.
	FileLink func(path string) string
}

// Machine is one CPU column.
type Machine struct {
	Slug, Brand, Uarch, Level, Go, Features string
	Commits, Dates, Files, Runs             []string
}

// Label is the machine's column header.
func (m *Machine) Label() string {
	l := m.Brand
	if m.Uarch != "" && m.Uarch != "unknown" {
		l += " (" + m.Uarch + ")"
	}
	if l == "" {
		return m.Slug
	}
	return l
}

// Report is the data behind BENCHMARKS.md.
type Report struct {
	opts     Options
	ds       *stats.Dataset
	Machines []*Machine
	byslug   map[string]*Machine
	Problems []string
	Charts   []string // files written
	runs     []*run   // solver and MAE runs shown whole (runs.go)
	md       bytes.Buffer
}

// machineKey is the configuration key the report adds to every result to
// put machines in columns, whatever their files say.
const machineKey = "machine"

// Load reads every results file under dir (the newest file's results per
// machine and benchmark).
func Load(o Options) (*Report, error) {
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	files, err := stats.ResultsFiles(o.ResultsDir)
	if err != nil {
		return nil, err
	}
	ds, err := stats.ReadResults(files...)
	if err != nil {
		return nil, err
	}
	runs := takeRuns(ds)
	ds.KeepLatest()
	r := &Report{opts: o, ds: ds, byslug: map[string]*Machine{}, Problems: ds.Problems, runs: newestRuns(runs)}
	all := slices.Clone(ds.Results)
	for _, u := range r.runs {
		all = append(all, u.res...)
	}
	for _, res := range all {
		slug := stats.CPUOf(res)
		res.SetConfig(machineKey, slug)
		m := r.byslug[slug]
		if m == nil {
			m = &Machine{Slug: slug, Brand: res.GetConfig("cpu"), Uarch: res.GetConfig("uarch"),
				Level: res.GetConfig("x64level"), Go: res.GetConfig("go"), Features: res.GetConfig("cpu-features")}
			r.byslug[slug] = m
			r.Machines = append(r.Machines, m)
		}
		addOnce(&m.Commits, short(res.GetConfig("commit")))
		addOnce(&m.Dates, res.GetConfig("date"))
		f := res.GetConfig(".file")
		addOnce(&m.Files, f)
		if c, bt := res.GetConfig("count"), res.GetConfig("benchtime"); c != "" {
			addOnce(&m.Runs, "-count "+c+" -benchtime "+bt)
		}
	}
	slices.SortFunc(r.Machines, func(a, b *Machine) int { return strings.Compare(a.Label()+a.Slug, b.Label()+b.Slug) })
	return r, nil
}

func addOnce(s *[]string, v string) {
	if v != "" && !slices.Contains(*s, v) {
		*s = append(*s, v)
	}
}

// short abbreviates a commit hash, keeping a "-dirty" mark.
func short(commit string) string {
	base, dirty := strings.CutSuffix(commit, "-dirty")
	if len(base) > 12 {
		base = base[:12]
	}
	if dirty {
		base += "-dirty"
	}
	return base
}

// build runs one table query.
func (r *Report) build(filter, row, col string) []*stats.Table {
	ts, err := stats.BuildTables(r.ds, stats.CompareOptions{Filter: filter, Row: row, Col: col, Confidence: r.opts.Confidence})
	if err != nil {
		panic(fmt.Sprintf("report: bad query %q: %v", filter, err)) // the queries are ours
	}
	return ts
}

func unitTable(ts []*stats.Table, unit string) *stats.Table {
	for _, t := range ts {
		if t.Unit == unit {
			return t
		}
	}
	return nil
}

// names of the values of one field over keys, in key order, deduplicated
func values(keys []benchproc.Key, field string) []string {
	var out []string
	for _, k := range keys {
		addOnce(&out, stats.FieldValue(k, field))
	}
	return out
}

// kernelsInResults lists the kernels with results, in the order first met.
func (r *Report) kernels() []string {
	var out []string
	for _, res := range r.ds.Results {
		if string(res.Name.Base()) == "Kernel" {
			addOnce(&out, nameKey(res, "kernel"))
		}
	}
	return out
}

func nameKey(res *benchfmt.Result, key string) string {
	_, parts := res.Name.Parts()
	for _, p := range parts {
		if k, v, ok := strings.Cut(strings.TrimPrefix(string(p), "/"), "="); ok && k == key {
			return v
		}
	}
	return ""
}

// Write generates the Markdown and the charts.
func (r *Report) Write() error {
	if r.opts.ChartsLink == "" {
		r.opts.ChartsLink = filepath.ToSlash(relTo(filepath.Dir(r.opts.Output), r.opts.ChartsDir))
	}
	if err := os.MkdirAll(r.opts.ChartsDir, 0o755); err != nil {
		return err
	}
	r.header()
	kernels := r.kernels()
	speedups := map[string]map[string]float64{} // kernel -> machine -> best speed-up per call
	for _, k := range kernels {
		if k == "hash_clear" {
			r.hashClear()
			continue
		}
		s, err := r.kernel(k)
		if err != nil {
			return err
		}
		speedups[k] = s
	}
	r.solve()
	r.solverRuns()
	r.evalError()
	if len(speedups) > 0 {
		f := filepath.Join(r.opts.ChartsDir, "summary.svg")
		if err := summaryChart(f, kernels, speedups, r.Machines); err != nil {
			return err
		}
		r.Charts = append(r.Charts, f)
	}
	r.footer()
	return atomicfile.Write(r.opts.Output, r.md.Bytes())
}

func (r *Report) p(format string, a ...any) { fmt.Fprintf(&r.md, format, a...) }

func (r *Report) header() {
	r.p("# Benchmarks\n\n")
	r.p("<!-- Generated by `flipbench report` from the files under results/. Do not edit: re-run the command. -->\n\n")
	r.p("Every variant of every kernel, measured by `flipbench bench` on each CPU that has results in ")
	r.p("[results/](results/): median time per operation with its %s confidence interval (benchstat's ", pctLabel(r.opts.Confidence))
	r.p("statistics, golang.org/x/perf), runs interleaved across variants. One operation is one kernel call on one input, ")
	r.p("taken from a fixed set of positions of random legal games (per call: a Go loop calling the variant's function value; ")
	r.p("batched: one call looping over a slice inside the variant, which shows what the call costs: Go assembly is never inlined). ")
	r.p("The fastest variant of each column is in bold; ×N is its speed relative to the reference per call ")
	r.p("(×2.00 = twice as fast). Results from another CPU dropped into results/<cpu>/ become new columns.\n\n")
	if len(r.Machines) == 0 {
		r.p("No results yet: run `go run ./cmd/flipbench bench` and then `go run ./cmd/flipbench report`.\n\n")
		return
	}
	r.p("## Machines\n\n")
	r.p("| CPU | uarch | x86-64 | Go | commit | date | runs | files |\n|---|---|---|---|---|---|---|---|\n")
	for _, m := range r.Machines {
		var files []string
		for _, f := range m.Files {
			files = append(files, fmt.Sprintf("[%s](%s)", filepath.Base(f), r.link(f)))
		}
		r.p("| %s | %s | %s | %s | %s | %s | %s | %s |\n", m.Label(), or(m.Uarch, "?"), or(m.Level, "?"), or(m.Go, "?"),
			strings.Join(m.Commits, ", "), strings.Join(m.Dates, ", "), strings.Join(m.Runs, "; "), strings.Join(files, " "))
	}
	r.p("\n")
	if len(r.Problems) > 0 {
		r.p("Lines of the results files that could not be read (skipped):\n\n")
		for _, p := range r.Problems {
			r.p("- `%s`\n", p)
		}
		r.p("\n")
	}
	if len(r.kernels()) > 0 {
		r.p("![best variant per kernel, speed relative to the reference](%s/summary.svg)\n\n", r.opts.ChartsLink)
	}
}

// link makes a results file path relative to the report.
func (r *Report) link(f string) string {
	if r.opts.FileLink != nil {
		if l := r.opts.FileLink(f); l != "" {
			return l
		}
	}
	return filepath.ToSlash(relTo(filepath.Dir(r.opts.Output), f))
}

// relTo is path relative to dir (both made absolute first), or path.
func relTo(dir, path string) string {
	ad, err1 := filepath.Abs(dir)
	ap, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return path
	}
	if rel, err := filepath.Rel(ad, ap); err == nil {
		return rel
	}
	return path
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func pctLabel(c float64) string { return fmt.Sprintf("%.4g%%", 100*c) }

// kernel writes one kernel's section: variants (per call, batched) x
// machines, and its chart. It returns the best per-call speed-up per
// machine.
func (r *Report) kernel(k string) (map[string]float64, error) {
	filter := fmt.Sprintf(".name:Kernel /kernel:%q .unit:ns/op", k)
	row := "/variant,/form@(call batch)"
	ts := r.build(filter, row+",/len@num", machineKey)
	t := unitTable(ts, "sec/op")
	if t == nil {
		return nil, nil
	}
	r.p("## %s\n\n", k)
	lens := values(t.Rows, "/len")
	if len(lens) == 0 {
		lens = []string{""}
	}
	best := map[string]float64{}
	for _, l := range lens {
		sub := t
		if l != "" {
			r.p("Slices of %s words per call.\n\n", l)
			sub = unitTable(r.build(filter+" /len:"+l, row, machineKey), "sec/op")
		}
		b := r.variantTable(sub)
		if l == "" || l == lens[0] {
			for m, v := range b {
				best[m] = v
			}
		}
	}
	f := filepath.Join(r.opts.ChartsDir, k+".svg")
	if err := kernelChart(f, k, t, r.Machines); err != nil {
		return nil, err
	}
	r.Charts = append(r.Charts, f)
	r.p("![%s: speed relative to the reference](%s/%s.svg)\n\n", k, r.opts.ChartsLink, k)
	return best, nil
}

// variantTable writes rows of variants (and forms) and a column per
// machine, marks the fastest per form, and says how sure the win is.
func (r *Report) variantTable(t *stats.Table) map[string]float64 {
	best := map[string]float64{}
	head := []string{"variant"}
	for _, c := range t.Cols {
		head = append(head, r.colLabel(c))
	}
	// per column: the reference's per-call median and the fastest row per form
	type fastest struct {
		row, second benchproc.Key
		c, c2       *stats.Cell
	}
	ref := map[benchproc.Key]float64{}
	fast := map[[2]string]*fastest{} // (col, form)
	for _, col := range t.Cols {
		for _, row := range t.Rows {
			c := t.Cell(row, col)
			if c == nil {
				continue
			}
			v, form := stats.FieldValue(row, "/variant"), stats.FieldValue(row, "/form")
			if v == "reference" && form == "call" {
				ref[col] = c.Summary.Center
			}
			k := [2]string{col.StringValues(), form}
			f := fast[k]
			switch {
			case f == nil:
				fast[k] = &fastest{row: row, c: c}
			case c.Summary.Center < f.c.Summary.Center:
				f.second, f.c2 = f.row, f.c
				f.row, f.c = row, c
			case f.c2 == nil || c.Summary.Center < f.c2.Summary.Center:
				f.second, f.c2 = row, c
			}
		}
	}
	var rows [][]string
	for _, row := range t.Rows {
		v, form := stats.FieldValue(row, "/variant"), stats.FieldValue(row, "/form")
		name := v
		if form != "call" {
			name += " · " + form
		}
		line := []string{name}
		for _, col := range t.Cols {
			c := t.Cell(row, col)
			if c == nil {
				line = append(line, "")
				continue
			}
			s := fmtTime(c.Summary.Center) + " " + stats.FormatCI(c.Summary)
			if rv, ok := ref[col]; ok && c.Summary.Center > 0 {
				s += fmt.Sprintf(" ×%.2f", rv/c.Summary.Center)
			}
			if f := fast[[2]string{col.StringValues(), form}]; f != nil && f.row == row && len(t.Rows) > 1 {
				s = "**" + s + "**"
			}
			line = append(line, s)
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(&r.md, head, rows)
	r.p("\n")
	// how sure: fastest vs runner-up per machine and form
	for _, col := range t.Cols {
		for _, form := range []string{"call", "batch"} {
			f := fast[[2]string{col.StringValues(), form}]
			if f == nil {
				continue
			}
			if form == "call" && ref[col] > 0 {
				best[col.StringValues()] = ref[col] / f.c.Summary.Center
			}
			if f.c2 == nil {
				continue
			}
			cmp := stats.CompareCells(t, f.c2, f.c)
			verdict := "the difference is significant"
			if cmp.P >= cmp.Alpha {
				verdict = "not a significant difference"
			}
			s := fmt.Sprintf("- %s, %s: fastest **%s**", r.colLabel(col), formLabel(form), stats.FieldValue(f.row, "/variant"))
			if rv := ref[col]; rv > 0 {
				s += fmt.Sprintf(" (×%.2f the reference per call)", rv/f.c.Summary.Center)
			}
			s += fmt.Sprintf("; runner-up %s %s (%s: %s)\n", stats.FieldValue(f.second, "/variant"),
				slower(f.c2.Summary.Center/f.c.Summary.Center), cmp, verdict)
			r.p("%s", s)
		}
	}
	r.notes(t)
	r.p("\n")
	return best
}

// slower says how much slower a ratio of times (>= 1) is.
func slower(ratio float64) string {
	if ratio >= 2 {
		return fmt.Sprintf("%.2f× slower", ratio)
	}
	return fmt.Sprintf("%+.1f%%", 100*(ratio-1))
}

func formLabel(f string) string {
	if f == "batch" {
		return "batched"
	}
	return "per call"
}

func (r *Report) colLabel(k benchproc.Key) string {
	if m := r.byslug[k.StringValues()]; m != nil {
		return m.Label()
	}
	return k.StringValues()
}

// notes lists warnings (small samples, mixed configurations) once.
func (r *Report) notes(t *stats.Table) {
	var ws []string
	for _, w := range stats.TableWarnings(t) {
		ws = append(ws, w)
	}
	if len(t.Differences) > 0 {
		ws = append(ws, "cells combine results that differ in "+strings.Join(t.Differences, ", "))
	}
	for _, w := range ws {
		r.p("\n> note: %s\n", w)
	}
}

func fmtTime(sec float64) string {
	ns := sec * 1e9
	switch {
	case sec >= 3600:
		return fmt.Sprintf("%dh%02dm", int(sec)/3600, int(sec)/60%60)
	case sec >= 100:
		return fmt.Sprintf("%dm%02ds", int(sec)/60, int(sec)%60)
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	}
	return fmt.Sprintf("%.3g ns", ns)
}

// hashClear writes, per machine, GB/s per variant and size with the share
// of the write bandwidth measured the same way (Go's clear, zeros).
func (r *Report) hashClear() {
	r.p("## hash_clear\n\n")
	r.p("Clearing a whole transposition table of 24-byte entries to Edax's empty pattern (not zeros), ")
	r.p("at sizes from L2-resident to far beyond the last-level cache: GB/s (higher is better) with the ")
	r.p("%s interval, and in brackets the share of this machine's write bandwidth, measured the same way ", pctLabel(r.opts.Confidence))
	r.p("over the same memory by Go's `clear` streaming zeros (row %s). The logical clear (generation counter) ", bench.BaselineVariant)
	r.p("writes almost nothing, so its figure is not a bandwidth.\n\n")
	for _, m := range r.Machines {
		filter := fmt.Sprintf(".name:Kernel /kernel:hash_clear %s:%q .unit:GB/s", machineKey, m.Slug)
		t := unitTable(r.build(filter, "/variant", "/size@num"), "GB/s")
		if t == nil {
			continue
		}
		r.p("**%s**\n\n", m.Label())
		head := []string{"variant"}
		for _, c := range t.Cols {
			head = append(head, c.StringValues())
		}
		var baseRow *benchproc.Key
		for i, row := range t.Rows {
			if stats.FieldValue(row, "/variant") == bench.BaselineVariant {
				baseRow = &t.Rows[i]
			}
		}
		bestAt := map[benchproc.Key]benchproc.Key{}
		for _, col := range t.Cols {
			var bv float64
			for _, row := range t.Rows {
				if c := t.Cell(row, col); c != nil && stats.FieldValue(row, "/variant") != bench.BaselineVariant && c.Summary.Center > bv {
					bv, bestAt[col] = c.Summary.Center, row
				}
			}
		}
		var rows [][]string
		for _, row := range t.Rows {
			v := stats.FieldValue(row, "/variant")
			line := []string{v}
			if v == bench.BaselineVariant {
				line[0] = v + " (Go clear, zeros)"
			}
			for _, col := range t.Cols {
				c := t.Cell(row, col)
				if c == nil {
					line = append(line, "")
					continue
				}
				s := fmt.Sprintf("%.3g GB/s %s", c.Summary.Center, stats.FormatCI(c.Summary))
				if baseRow != nil && v != bench.BaselineVariant {
					if b := t.Cell(*baseRow, col); b != nil && b.Summary.Center > 0 {
						s += fmt.Sprintf(" (%.0f%%)", 100*c.Summary.Center/b.Summary.Center)
					}
				}
				if bestAt[col] == row {
					s = "**" + s + "**"
				}
				line = append(line, s)
			}
			rows = append(rows, line)
		}
		stats.WriteMarkdownTable(&r.md, head, rows)
		r.notes(t)
		r.p("\n")
	}
}

// solve writes the whole-solver tables in the shape of seed 000's last-flip
// table: rows variants, columns machines, the time of the whole set.
func (r *Report) solve() {
	ts := r.build(".name:Solve .unit:ns/op", "/variant", machineKey)
	if len(ts) == 0 {
		return
	}
	// one table per set and kernel
	type sk struct{ set, kernel string }
	var keys []sk
	for _, res := range r.ds.Results {
		if string(res.Name.Base()) == "Solve" {
			k := sk{nameKey(res, "set"), nameKey(res, "kernel")}
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	r.p("## Whole solves\n\n")
	r.p("The full endgame solver on a whole set, once per run, with each variant of one kernel (every other kernel ")
	r.p("at its default); time for the whole set, median with its interval. The node count is the same for every ")
	r.p("variant (checked while measuring).\n\n")
	for _, k := range keys {
		t := unitTable(r.build(fmt.Sprintf(".name:Solve /set:%q /kernel:%q .unit:ns/op", k.set, k.kernel), "/variant", machineKey), "sec/op")
		if t == nil {
			continue
		}
		r.p("**%s, per %s variant**\n\n", k.set, k.kernel)
		head := []string{k.kernel}
		for _, c := range t.Cols {
			head = append(head, r.colLabel(c))
		}
		fastest := map[benchproc.Key]benchproc.Key{}
		for _, col := range t.Cols {
			bv := math.Inf(1)
			for _, row := range t.Rows {
				if c := t.Cell(row, col); c != nil && c.Summary.Center < bv {
					bv, fastest[col] = c.Summary.Center, row
				}
			}
		}
		var rows [][]string
		for _, row := range t.Rows {
			line := []string{stats.FieldValue(row, "/variant")}
			for _, col := range t.Cols {
				c := t.Cell(row, col)
				if c == nil {
					line = append(line, "N/A")
					continue
				}
				s := fmt.Sprintf("%.3f s %s", c.Summary.Center, stats.FormatCI(c.Summary))
				if fastest[col] == row && len(t.Rows) > 1 {
					s = "**" + s + "**"
				}
				line = append(line, s)
			}
			rows = append(rows, line)
		}
		stats.WriteMarkdownTable(&r.md, head, rows)
		r.notes(t)
		r.p("\n")
	}
}

func (r *Report) footer() {
	r.p("## Reproduce\n\n")
	r.p("On your own machine, from a clone of this repository:\n\n")
	r.p("```sh\n")
	r.p("go run ./cmd/flipbench bench              # every kernel and variant, 10 interleaved runs -> results/<your-cpu>/\n")
	r.p("go run ./cmd/flipbench bench -solve ffo20-39 -count 5   # whole solves per score_1 variant (-solve-kernel K for another kernel)\n")
	r.p("go run ./cmd/flipbench solve -set ffo20-39 -save               # solver run per position, embedded weights -> results/<your-cpu>/\n")
	r.p("go run ./cmd/flipbench solve -set ffo20-39 -eval none -save    # the same without evaluation: the nodes ratio\n")
	r.p("go run ./cmd/flipbench train -eval-mae -save                   # evaluation error at 20-24 empties (-eval none: the zero evaluation)\n")
	r.p("go run ./cmd/flipbench report             # this file and docs/charts/*.svg\n")
	r.p("go run ./cmd/flipbench pick               # the fastest variant per kernel on your CPU, as its profile\n")
	r.p("```\n\n")
	r.p("Options: `-kernel flip,moves` for some kernels, `-cpu 1` to pin to one CPU, `-count`, `-benchtime`; ")
	r.p("Ctrl-C keeps every finished result (a solve keeps the positions solved). `solve` takes `-variants`, `-hash`, ")
	r.p("`-count` and `-eval FILE` (our weights or an Edax eval.dat). Compare any files with ")
	r.p("`go run ./cmd/flipbench compare -row /variant -col cpu FILES`, or with benchstat. ")
	r.p("The same cases run under `go test -bench /kernel=flip/ ./harness`.\n")
	r.trainingRecipe()
}

// trainingRecipe says how the embedded weights were made, with the
// command that makes them again.
func (r *Report) trainingRecipe() {
	r.p("\n### The embedded weights\n\n")
	if set, err := weights.DefaultSet(); err == nil {
		r.p("`weights/default.fbw` (%q) is what `flipbench train` makes with its defaults ", set.Note)
	} else {
		r.p("`weights/default.fbw` is what `flipbench train` makes with its defaults ")
	}
	r.p("(seeded: the same command gives the same weights, with any number of workers):\n\n")
	r.p("```sh\n")
	r.p("go run ./cmd/flipbench train -dir ck -o default.fbw   # %s\n", trainingTime)
	r.p("```\n\n")
	d := train.DefaultConfig()
	r.p("It plays %d games (half random, half a fewest-replies heuristic after a random opening), ", d.Games)
	r.p("labels every position: exact scores to %d empties, depth-%d searches on the weights fitted so far above, ", d.ExactMax, d.Depth)
	r.p("fits one table per %d empties by ridge least squares (lambda %g), then fits each table again on the positions ", d.Group, d.Lambda)
	r.p("within %d empties of its group too (`-pool`). ", d.Pool)
	r.p("`-dir` makes a run resumable; `-edax-out eval.dat` also writes Edax's format; ")
	r.p("`flipbench train -info -eval FILE` prints a file's note; `-eval-mae` measures weights (above), ")
	r.p("and `-eval-mae -mae-depth D` a D-ply search on them (printed only).\n")
}

// trainingTime is how long the embedded weights' run took here.
const trainingTime = "69 min on the 2-core machine, shared with other training runs for most of it"
