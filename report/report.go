// Package report turns the results files under results/ into
// BENCHMARKS.md: which variant wins each kernel on each CPU (with its
// margin and p-value), per-kernel tables of absolute times of every
// variant on every CPU measured (per call and batched; each cell's rank
// on its CPU and its time over that CPU's fastest; C kernels timed by
// cbench beside them, marked), hash_clear throughput against the
// machine's write bandwidth, the whole-solver table, whole solves beside
// Edax-AVX's (imported by flipbench anchor), the per-position
// solver runs per evaluation setting and the evaluation's error, and SVG
// charts of absolute times. Statistics are benchstat's (golang.org/x/perf
// benchproc and benchmath), through stats.BuildTables. CPUs are told apart
// by their identity (stats.CPUOf), never by their brand.
package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/flipbench/flipbench/internal/atomicfile"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// Options says where the report reads and writes.
type Options struct {
	ResultsDir string // results/ (read): one folder per CPU identity
	// NoEmbedded leaves out the results embedded in the binary (the
	// committed results/ it was built from), which otherwise stand in for
	// every CPU that ResultsDir does not have: an installed flipbench
	// compares the user's CPU with the known ones.
	NoEmbedded bool
	Output     string // BENCHMARKS.md
	ChartsDir  string // SVG charts (docs/charts)
	// ChartsLink is ChartsDir as the Markdown links it, relative to
	// Output's directory; "" computes it.
	ChartsLink string
	Confidence float64
	// Margin is the verdicts' equivalence margin (stats.DefaultMargin).
	Margin float64
	// Host is the identity of the CPU the report runs on: its column's
	// sessions are "this machine's".
	Host string
	// FileLink, if set, is where the report links a results file ("" for
	// the default): a perfdata server's page of it, when the files came
	// from a server (harness/store). By default the file, relative to
	// Output.
	FileLink func(path string) string
	// Predicted holds the predictions (flipbench predict) laid out as
	// results/predicted: <model>/<kernel>.txt; nil for none. They get a
	// section of their own, checked against the CPUs measured.
	Predicted fs.FS
	// Recipe is the Markdown that ends the page: how the embedded
	// weights were made (the command gives it; the report does not
	// import the trainer).
	Recipe string
}

// Machine is one column: one CPU identity and one build flavour
// (stats.Flavour: the default build, GOEXPERIMENT=simd, PGO off...).
type Machine struct {
	ID                                string // the column's key: the CPU identity, +flavour
	CPU                               string // the CPU identity
	Flavour                           string // "" for the default build
	Brand, Uarch, Level, Go, Features string
	Commits, Dates, Files, Runs       []string
	// States are the machine's states its kernel sessions recorded
	// (governor, boost, SMT, THP, load, hypervisor, kernel).
	States []string
	// OldMethod: a kernel session of its cells ran all its rounds in one
	// process, before the fresh processes and the A/A twins.
	OldMethod bool
	Embedded  bool // its results are the binary's, not ResultsDir's
	// Sessions are the kernel sessions its cells come from (the newest
	// complete one per benchmark), Replaced the older ones of the same
	// CPU and flavour that they replace.
	Sessions, Replaced []string
	// Twins are the A/A twins' comparisons of its sessions.
	Twins []TwinCheck
	label string
}

// A TwinCheck is one group's A/A twin against the variant it copies.
type TwinCheck struct {
	Case string // kernel/variant/form(/size)
	Cmp  stats.Comparison
}

// Label is the machine's column header: brand and microarchitecture (the
// identity too where two machines would share a label), and the flavour.
func (m *Machine) Label() string {
	if m.label != "" {
		return m.label
	}
	return m.baseLabel()
}

func (m *Machine) baseLabel() string {
	l := m.Brand
	if l == "" || l == "unknown" {
		l = m.CPU
	}
	if m.Uarch != "" && m.Uarch != "unknown" {
		l += " (" + m.Uarch + ")"
	}
	if m.Flavour != "" {
		l += " · " + m.Flavour
	}
	return l
}

// machineID is the column of a result: its CPU identity, and its flavour
// where it is not the default build.
func machineID(res *benchfmt.Result) string {
	id := stats.CPUOf(res)
	if f := stats.Flavour(res); f != "" {
		id += " " + f
	}
	return id
}

// Report is the data behind BENCHMARKS.md.
type Report struct {
	opts     Options
	ds       *stats.Dataset
	Machines []*Machine
	byID     map[string]*Machine
	Problems []string
	Stale    []string          // unfinished files no session writes
	Partial  map[string]string // interrupted sessions' files
	Charts   []string          // files written
	runs     []*run            // solver and MAE runs shown whole (runs.go)
	kinds    map[string]string // kernel/variant -> stats.KindOf
	compiler map[string][]string
	winners  map[string]map[string]*winner // kernel -> machine
	// Picks is what flipbench pick chooses per default-build column
	// (machine ID -> kernel -> choice), from the same results.
	Picks map[string]map[string]results.KernelChoice
	// FigurePairs counts the neighbours of the rankings whose figures
	// are apart beyond their intervals; Conflicts those whose verdict
	// points the other way (checkFigures).
	FigurePairs int
	Conflicts   []string
	// Verdicts counts the fastest-variant verdicts of the winners'
	// table: decided (faster or equal) and all.
	Decided, Verdicts int
	md                bytes.Buffer
}

// machineKey is the configuration key the report adds to every result to
// put machines in columns, whatever their files say.
const machineKey = "machine"

// EmbeddedPrefix names the results embedded in the binary.
const EmbeddedPrefix = "embedded:results/"

// Load reads every results file under dir (the newest complete file's
// results per machine, flavour and benchmark) and, unless NoEmbedded, the
// embedded results of every CPU dir does not have.
func Load(o Options) (*Report, error) {
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	if o.Margin == 0 {
		o.Margin = stats.DefaultMargin
	}
	ds, err := stats.ReadDir(o.ResultsDir)
	if err != nil {
		return nil, err
	}
	if !o.NoEmbedded {
		if err := addEmbedded(ds, o.ResultsDir); err != nil {
			return nil, err
		}
	}
	// what flipbench pick reads of the same files (the whole solves
	// included, which takeRuns takes for their own sections)
	pickDS := ds.Clone()
	pickDS.KeepLatest()
	runs := takeRuns(ds)
	kernelFiles := sessionsOf(ds)
	ds.KeepLatest()
	ds.SetConfig(machineKey, machineID)
	r := &Report{opts: o, ds: ds, byID: map[string]*Machine{}, Problems: ds.Problems, Stale: ds.Stale, Partial: ds.Incomplete,
		runs: newestRuns(runs, ds.Incomplete), kinds: map[string]string{}, compiler: map[string][]string{}, winners: map[string]map[string]*winner{}}
	all := ds.Views()
	for _, u := range r.runs {
		for _, res := range u.res {
			// solver runs, Edax comparisons and the evaluation's error
			// are per CPU: they say their own build (the bottom, PGO)
			res.SetConfig(machineKey, stats.CPUOf(res))
			all = append(all, res)
		}
	}
	for _, res := range all {
		r.addResult(res)
	}
	used := sessionsOf(ds)
	for _, m := range r.Machines {
		m.Sessions = used[m.ID]
		for _, f := range kernelFiles[m.ID] {
			if !slices.Contains(m.Sessions, f) {
				m.Replaced = append(m.Replaced, f)
			}
		}
	}
	r.twins()
	labels := map[string]int{}
	for _, m := range r.Machines {
		labels[m.baseLabel()]++
	}
	for _, m := range r.Machines {
		if labels[m.baseLabel()] > 1 {
			m.label = m.baseLabel() + " [" + m.CPU + "]"
		}
		slices.Sort(m.Dates)
		slices.Sort(m.Commits) // by date
	}
	// by CPU, each CPU's default build first, then its flavours
	slices.SortFunc(r.Machines, func(a, b *Machine) int {
		return cmp.Or(strings.Compare(strings.TrimSuffix(a.Label(), " · "+a.Flavour), strings.TrimSuffix(b.Label(), " · "+b.Flavour)),
			strings.Compare(a.CPU, b.CPU), strings.Compare(a.Flavour, b.Flavour))
	})
	r.picks(pickDS)
	return r, nil
}

// picks runs pick's rule (stats.Pick) on every default-build column, on
// the results pick reads for that CPU, judged by that CPU's features:
// the winners table shows what pick chooses there, and why where it is
// not the fastest the page names.
func (r *Report) picks(ds *stats.Dataset) {
	r.Picks = map[string]map[string]results.KernelChoice{}
	for _, m := range r.Machines {
		if m.Flavour != "" {
			continue
		}
		var cpu variants.CPUInfo
		found := false
		for _, v := range ds.Views() {
			if stats.CPUOf(v) == m.CPU {
				cpu, found = stats.CPUInfoOf(v)
				if found {
					break
				}
			}
		}
		if !found {
			continue
		}
		byKernel := map[string]results.KernelChoice{}
		for _, kc := range stats.Pick(ds, m.CPU, stats.PickOptions{Margin: r.opts.Margin, Confidence: r.opts.Confidence, CPU: cpu}) {
			byKernel[kc.Kernel] = kc
		}
		r.Picks[m.ID] = byKernel
	}
}

// addResult adds a result's machine, files, dates and kinds.
func (r *Report) addResult(res *benchfmt.Result) {
	id := res.GetConfig(machineKey)
	m := r.byID[id]
	if m == nil {
		m = &Machine{ID: id, CPU: stats.CPUOf(res), Flavour: stats.Flavour(res), Brand: res.GetConfig("cpu"), Uarch: res.GetConfig("uarch"),
			Level: res.GetConfig("x64level"), Go: res.GetConfig("go"), Features: res.GetConfig("cpu-features")}
		r.byID[id] = m
		r.Machines = append(r.Machines, m)
	}
	f := res.GetConfig(".file")
	m.Embedded = m.Embedded || strings.HasPrefix(f, EmbeddedPrefix)
	addOnce(&m.Files, f)
	if string(res.Name.Base()) == "Kernel" {
		kv := nameKey(res, "kernel") + "/" + nameKey(res, "variant")
		if _, ok := r.kinds[kv]; !ok {
			r.kinds[kv] = stats.KindOf(res)
		}
		if c := res.GetConfig("compiler"); c != "" && r.kinds[kv] == variants.KindC {
			cs := r.compiler[kv]
			addOnce(&cs, c)
			r.compiler[kv] = cs
		}
		if res.GetConfig("impl") == variants.KindC {
			return // cbench's runs: not the machine's flipbench runs
		}
	}
	addOnce(&m.Commits, res.GetConfig("date")+" "+bench.ShortCommit(res.GetConfig("commit")))
	addOnce(&m.Dates, res.GetConfig("date"))
	if c, bt := res.GetConfig("count"), res.GetConfig("benchtime"); c != "" {
		run := "-count " + c + " -benchtime " + bt
		if res.GetConfig("schedule") == bench.Schedule {
			run = c + " rounds of " + bt
		}
		addOnce(&m.Runs, run)
	}
	if string(res.Name.Base()) == "Kernel" {
		addOnce(&m.States, r.stateOf(res))
		m.OldMethod = m.OldMethod || res.GetConfig("processes") == ""
	}
}

// stateOf is the machine's state in a kernel session's file:
// "hypervisor KVMKVMKVM; governor none; boost unknown; SMT off; THP
// madvise; load 0.52; linux 6.1", or "not recorded" for a session before
// these lines. (The load at the session's end follows its last result in
// the file, where a perfdata server, which keeps results, does not keep
// it: the page shows the start's, the same from files and from a server.)
func (r *Report) stateOf(res *benchfmt.Result) string {
	if res.GetConfig(bench.GovernorKey) == "" {
		return "not recorded"
	}
	load, _, _ := strings.Cut(res.GetConfig(bench.LoadStartKey), " ")
	return fmt.Sprintf("hypervisor %s; governor %s; boost %s; SMT %s; THP %s; load %s; %s", res.GetConfig(bench.HypervisorKey), res.GetConfig(bench.GovernorKey),
		res.GetConfig(bench.BoostKey), res.GetConfig(bench.SMTKey), res.GetConfig(bench.THPKey), load, res.GetConfig(bench.KernelKey))
}

// sessionsOf lists, per machine column, the files holding its flipbench
// kernel results (cbench's left out), in read order.
func sessionsOf(ds *stats.Dataset) map[string][]string {
	out := map[string][]string{}
	for _, v := range ds.Views() {
		if string(v.Name.Base()) != "Kernel" || v.GetConfig("impl") == variants.KindC {
			continue
		}
		id := machineID(v)
		fs := out[id]
		addOnce(&fs, v.GetConfig(".file"))
		out[id] = fs
	}
	return out
}

// twins compares, per machine, every group's A/A twin with the variant
// it copies: the sessions' own false-positive check.
func (r *Report) twins() {
	t := unitTable(r.build(".name:Kernel .unit:ns/op", "/kernel,/variant,/form,/size,/len,/"+bench.TwinKey, machineKey), "sec/op")
	if t == nil {
		return
	}
	for _, row := range t.Rows {
		if stats.FieldValue(row, "/"+bench.TwinKey) == "" {
			continue
		}
		for _, col := range t.Cols {
			tw := t.Cell(row, col)
			if tw == nil {
				continue
			}
			var orig *stats.Cell
			for _, o := range t.Rows {
				if stats.FieldValue(o, "/"+bench.TwinKey) == "" && sameCase(o, row) {
					orig = t.Cell(o, col)
				}
			}
			if orig == nil {
				continue
			}
			m := r.byID[col.StringValues()]
			if m == nil {
				continue
			}
			name := strings.Join(slices.DeleteFunc([]string{stats.FieldValue(row, "/kernel"), stats.FieldValue(row, "/variant"),
				stats.FieldValue(row, "/form"), stats.FieldValue(row, "/size"), stats.FieldValue(row, "/len")}, func(s string) bool { return s == "" }), " ")
			m.Twins = append(m.Twins, TwinCheck{Case: name, Cmp: t.Compare(orig, tw)})
		}
	}
}

// sameCase: two rows of the twins' table name the same case but for the
// twin key.
func sameCase(a, b benchproc.Key) bool {
	for _, f := range []string{"/kernel", "/variant", "/form", "/size", "/len"} {
		if stats.FieldValue(a, f) != stats.FieldValue(b, f) {
			return false
		}
	}
	return true
}

// Dataset is what the report read (its problems, interrupted sessions and
// stale files included).
func (r *Report) Dataset() *stats.Dataset { return r.ds }

// addEmbedded adds to ds the embedded results of the CPUs that dir has
// neither a folder nor a result of.
func addEmbedded(ds *stats.Dataset, dir string) error {
	have := map[string]bool{}
	for _, v := range ds.Views() {
		have[stats.CPUOf(v)] = true
	}
	for _, f := range ds.Files {
		have[filepath.Base(filepath.Dir(f))] = true
	}
	srcs, err := stats.FSSources(results.FS(), EmbeddedPrefix)
	if err != nil {
		return err
	}
	var take []stats.Source
	for _, s := range srcs {
		id, _, _ := strings.Cut(strings.TrimPrefix(s.Name, EmbeddedPrefix), "/")
		if !have[id] {
			take = append(take, s)
		}
	}
	if len(take) == 0 {
		return nil
	}
	emb, err := stats.ReadSources(take...)
	if err != nil {
		return err
	}
	// embedded CPUs whose results turn out to be on disk under another
	// folder name are left out too
	drop := map[string]bool{}
	for _, v := range emb.Views() {
		if have[stats.CPUOf(v)] {
			drop[v.GetConfig(".file")] = true
		}
	}
	emb.Keep(func(i int) bool { return !drop[emb.FileOf(i)] })
	var files []string
	for _, f := range emb.Files {
		if !drop[f] {
			files = append(files, f)
		} else {
			delete(emb.Incomplete, f)
		}
	}
	emb.Files = files
	ds.Append(emb)
	return nil
}

func addOnce(s *[]string, v string) {
	if v != "" && !slices.Contains(*s, v) {
		*s = append(*s, v)
	}
}

// build runs one table query. A query of kernel benchmarks leaves out
// the sessions that measured bench.InputsChanged's kernels on their old
// inputs (no "inputs" line of bench.InputsVersion): their figures
// measured another thing.
func (r *Report) build(filter, row, col string) []*stats.Table {
	if strings.Contains(filter, ".name:Kernel") {
		filter += " " + oldInputs
	}
	ts, err := stats.BuildTables(r.ds, stats.CompareOptions{Filter: filter, Row: row, Col: col, Confidence: r.opts.Confidence, Margin: r.opts.Margin})
	if err != nil {
		panic(fmt.Sprintf("report: bad query %q: %v", filter, err)) // the queries are ours
	}
	if col == machineKey {
		// one column order on the whole page: the machines table's
		at := map[string]int{}
		for i, m := range r.Machines {
			at[m.ID] = i
		}
		for _, t := range ts {
			base := t.Cols[t.Base]
			slices.SortStableFunc(t.Cols, func(a, b benchproc.Key) int { return cmp.Compare(at[a.StringValues()], at[b.StringValues()]) })
			t.Base = slices.Index(t.Cols, base)
		}
	}
	return ts
}

// oldInputs is the filter that leaves out results of bench.InputsChanged's
// kernels measured before bench.InputsVersion.
var oldInputs = func() string {
	ks := make([]string, len(bench.InputsChanged))
	for i, k := range bench.InputsChanged {
		ks[i] = "/kernel:" + k
	}
	return "-((" + strings.Join(ks, " OR ") + ") -" + bench.InputsKey + ":" + bench.InputsVersion + ")"
}()

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

// kernels lists the kernels with results in the registry's order (then
// those this build does not have, by name): one fixed order whatever the
// files, never a session's random one.
func (r *Report) kernels() []string {
	have := map[string]bool{}
	for _, res := range r.ds.Views() {
		if string(res.Name.Base()) == "Kernel" {
			have[nameKey(res, "kernel")] = true
		}
	}
	var out []string
	for _, k := range variants.Kernels() {
		if have[k.Name()] {
			out = append(out, k.Name())
			delete(have, k.Name())
		}
	}
	return append(out, slices.Sorted(maps.Keys(have))...)
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
	// the kernel sections first (they find the winners), then the page
	// in reading order: machines, winners, kernels, solves
	kernels := r.kernels()
	var sections bytes.Buffer
	for _, k := range kernels {
		r.md.Reset()
		if k == "hash_clear" {
			r.hashClear()
		} else if err := r.kernel(k); err != nil {
			return err
		}
		sections.Write(r.md.Bytes())
	}
	r.hashClearWinners()
	r.md.Reset()
	r.header()
	if len(r.winners) > 0 {
		r.winnerTable(kernels)
		f := filepath.Join(r.opts.ChartsDir, "summary.svg")
		drawn, err := summaryChart(f, kernels, r.winners, r.Machines)
		if err != nil {
			return err
		}
		if drawn {
			r.Charts = append(r.Charts, f)
			r.p("![the fastest variant of each kernel on each CPU: absolute time per call (hash_clear aside)](%s/summary.svg)\n\n", r.opts.ChartsLink)
		}
	}
	r.md.Write(sections.Bytes())
	r.solve()
	r.edaxVs()
	r.solverRuns()
	r.evalError()
	if err := r.predicted(); err != nil {
		return err
	}
	r.footer()
	return atomicfile.Write(r.opts.Output, withContents(r.md.Bytes()))
}

func (r *Report) p(format string, a ...any) { fmt.Fprintf(&r.md, format, a...) }

// tocMarker is where withContents puts the table of contents.
const tocMarker = "<!-- contents -->"

// withContents replaces tocMarker by a list of the page's sections
// (its "## " headings), linked by GitHub's anchors.
func withContents(md []byte) []byte {
	var toc []string
	for _, line := range strings.Split(string(md), "\n") {
		h, ok := strings.CutPrefix(line, "## ")
		if !ok {
			continue
		}
		toc = append(toc, fmt.Sprintf("[%s](#%s)", h, anchor(h)))
	}
	return bytes.Replace(md, []byte(tocMarker), []byte("Contents: "+strings.Join(toc, " · ")), 1)
}

// anchor is GitHub's anchor of a heading: lower case, spaces to hyphens,
// punctuation other than hyphens and underscores dropped.
func anchor(h string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(h) {
		switch {
		case c == ' ':
			b.WriteByte('-')
		case c == '-' || c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c):
			b.WriteRune(c)
		}
	}
	return b.String()
}

func (r *Report) header() {
	r.p("# Benchmarks\n\n")
	r.p("<!-- Generated by `flipbench report` from the files under results/. Do not edit: re-run the command. -->\n\n")
	r.p("Every variant of every kernel, measured by `flipbench bench` on each CPU that has results in [results/](results/). ")
	r.p("How the runs are made and judged: [docs/method.md](docs/method.md).\n\n")
	r.p("How to read this page:\n\n")
	r.p("- A **column** is one CPU identity and one build flavour; its cells come from that CPU's newest complete session of each benchmark (the machines table names the sessions).\n")
	r.p("- A **cell** is the %s time per operation with its %s interval: an absolute time, so that CPUs compare. ", stats.FigureLabel, pctLabel(r.opts.Confidence))
	r.p("`#N` is the variant's rank on that CPU and `N×` its time over that CPU's fastest, in bold.\n")
	r.p("- **Verdicts** (*faster*, *slower*, *equal*, *undecided*) compare two variants of one session process by process (in each fresh process, their runs side by side), not the cells; *equal* means the %s interval lies within ±%.3g%%.\n",
		pctLabel(2*r.opts.Confidence-1), 100*r.opts.Margin)
	r.p("- **Marks**: %s the group's A/A twin differs in that session; %s measured by the older method (one process, no twin); %s an interval wider than ±10%%.\n", markTwin, markOld, markSpread)
	r.p("- The kernels that branch on their input are shown only from sessions on inputs of version %s (an `inputs` line in the file).\n", bench.InputsVersion)
	r.p("- A variant's **kind** is Go, gosimd (`gosimd-*`, Go's simd/archsimd) or asm (generated assembly); rows in *italics*, of kind C, are kernels in C timed by [cbench](cbench/) beside them: never a flipbench variant, never ranked.\n\n")
	r.p("%s\n\n", tocMarker)
	if len(r.Machines) == 0 {
		r.p("No results yet: run `go run ./cmd/flipbench bench` and then `go run ./cmd/flipbench report`.\n\n")
		return
	}
	r.p("## Machines\n\n")
	r.p("| CPU | identity | uarch | x86-64 | Go | runs | dates | commits | files | machine state (load: 1-minute average at the start) |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, m := range r.Machines {
		r.p("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s |\n", m.Label(), m.CPU, or(m.Uarch, "?"), or(m.Level, "?"), or(m.Go, "?"),
			or(strings.Join(m.Runs, "; "), "—"), dateRange(m.Dates), commitRange(m.Commits), r.filesCell(m), or(strings.Join(m.States, "<br>"), "—"))
	}
	r.p("\n")
	r.sessions()
	r.twinChecks()
	r.figureChecks()
	r.callFloors()
	if len(r.Problems) > 0 {
		r.p("Lines of the results files that could not be read (skipped):\n\n")
		for _, p := range r.Problems {
			r.p("- `%s`\n", p)
		}
		r.p("\n")
	}
	if len(r.Partial) > 0 {
		r.p("Interrupted sessions (their results count only where no complete run has the benchmark):\n\n")
		for _, f := range slices.Sorted(maps.Keys(r.Partial)) {
			r.p("- `%s`: %s\n", r.display(f), r.Partial[f])
		}
		r.p("\n")
	}
	if len(r.Stale) > 0 {
		r.p("Unfinished results files of sessions killed before their end (not read):\n\n")
		for _, f := range r.Stale {
			r.p("- `%s`\n", r.display(f))
		}
		r.p("\n")
	}
}

// sessions says, per column, which kernel sessions its cells come from
// and which older ones they replace; on this machine's column, that its
// newest run is what it shows.
func (r *Report) sessions() {
	any := false
	for _, m := range r.Machines {
		if len(m.Sessions) == 0 {
			continue
		}
		if !any {
			r.p("Kernel sessions per column:\n\n")
			any = true
		}
		var used []string
		for _, f := range m.Sessions {
			used = append(used, fmt.Sprintf("[%s](%s)", shortFile(f), r.display(f)))
		}
		line := fmt.Sprintf("- %s: %s", m.Label(), strings.Join(used, ", "))
		if len(m.Replaced) > 0 {
			var old []string
			for _, f := range m.Replaced {
				old = append(old, shortFile(f))
			}
			who := "the newest run"
			if m.CPU == r.opts.Host && !m.Embedded {
				who = "this machine's newest run"
			}
			line += fmt.Sprintf("; %s replaces %s", who, strings.Join(old, ", "))
		}
		r.p("%s\n", line)
	}
	if any {
		r.p("\n")
	}
}

// figureChecks says whether any figure and verdict point opposite ways.
func (r *Report) figureChecks() {
	if r.FigurePairs == 0 {
		return
	}
	if len(r.Conflicts) == 0 {
		r.p("Figures and verdicts agree: of the %d neighbouring variants of a ranking whose figures are apart beyond their intervals, none has a verdict pointing the other way.\n\n", r.FigurePairs)
		return
	}
	r.p("**Figures and verdicts that point opposite ways** (%d of %d neighbouring pairs whose figures are apart; a measurement defect: the verdicts decide, these cells need care):\n\n", len(r.Conflicts), r.FigurePairs)
	for _, c := range r.Conflicts {
		r.p("- %s\n", c)
	}
	r.p("\n")
}

// twinChecks shows, per column, the A/A twins' verdicts: each session
// ran a second copy of one variant per group, the same code under
// another name. A twin that "differs" says its group's verdicts cannot be
// trusted; more of them than a test at the comparisons' confidence gives
// by chance (a one-sided binomial test at the same level: with 44 twins
// at 95%, two are expected) say the column's cannot.
func (r *Report) twinChecks() {
	any := false
	for _, m := range r.Machines {
		if len(m.Twins) == 0 {
			continue
		}
		if !any {
			r.p("A/A twins (a second copy of one variant per group, compared with it as any two variants are: ")
			r.p("each session's own false-positive check):\n\n")
			any = true
		}
		count := map[stats.Verdict]int{}
		var worst []string
		widest := 0.0
		for _, tc := range m.Twins {
			count[tc.Cmp.Verdict]++
			widest = max(widest, tc.Cmp.Detectable)
			if tc.Cmp.Verdict == stats.Faster || tc.Cmp.Verdict == stats.Slower {
				worst = append(worst, fmt.Sprintf("%s %s", tc.Case, tc.Cmp))
			}
		}
		line := fmt.Sprintf("- %s: %d of %d twins equal to their original (%s interval within ±%.3g%%)", m.Label(), count[stats.Equal], len(m.Twins), pctLabel(2*r.opts.Confidence-1), 100*r.opts.Margin)
		if n := count[stats.Undecided]; n > 0 {
			line += fmt.Sprintf(", %d undecided", n)
		}
		if len(worst) > 0 {
			alpha := 1 - r.opts.Confidence
			chance := distuv.Binomial{N: float64(len(m.Twins)), P: alpha}
			if p := chance.Survival(float64(len(worst) - 1)); p < alpha {
				line += fmt.Sprintf("; **%d DIFFER, more than chance would (%.1f expected, p=%.2g), so this column's verdicts are not to be trusted**: %s",
					len(worst), chance.Mean(), p, strings.Join(worst, "; "))
			} else {
				line += fmt.Sprintf("; **%d DIFFER, so their groups' verdicts are not to be trusted** (%.1f of %d expected to by chance alone): %s",
					len(worst), chance.Mean(), len(m.Twins), strings.Join(worst, "; "))
			}
		}
		r.p("%s\n", line)
	}
	if any {
		r.p("\n")
	}
}

// filesCell: the number of files and the folder, linked when on disk.
func (r *Report) filesCell(m *Machine) string {
	var disk, emb int
	folder := ""
	for _, f := range m.Files {
		if strings.HasPrefix(f, EmbeddedPrefix) {
			emb++
		} else {
			disk++
			folder = filepath.Dir(f)
		}
	}
	var parts []string
	if disk > 0 {
		parts = append(parts, fmt.Sprintf("%d used, [%s/](%s/)", disk, filepath.Base(folder), r.link(folder)))
	}
	if emb > 0 {
		parts = append(parts, fmt.Sprintf("%d used, embedded (results/%s/ of the flipbench built)", emb, m.ID))
	}
	return strings.Join(parts, ", ")
}

// display names a file in the text: a path relative to the report, or
// its embedded name.
func (r *Report) display(f string) string {
	if strings.HasPrefix(f, EmbeddedPrefix) {
		return f
	}
	return r.link(f)
}

// dateRange: "2026-11-24 01:43 – 10:18 UTC" from RFC 3339 dates.
func dateRange(dates []string) string {
	if len(dates) == 0 {
		return "?"
	}
	f := func(d string) string {
		if len(d) >= 16 && d[10] == 'T' {
			return d[:10] + " " + d[11:16]
		}
		return d
	}
	a, b := f(dates[0]), f(dates[len(dates)-1])
	if a == b {
		return a + " UTC"
	}
	if a[:min(10, len(a))] == b[:min(10, len(b))] && len(b) > 11 {
		return a + " – " + b[11:] + " UTC"
	}
	return a + " – " + b + " UTC"
}

// commitRange: the first and last commit by date ("a1b2c3d4e5f6 …
// 0f9e8d7c6b5a, 9 commits"), from "date commit" entries; "-dirty" ones
// counted.
func commitRange(entries []string) string {
	var commits []string
	dirty := 0
	for _, e := range entries {
		_, c, _ := strings.Cut(e, " ")
		if c == "" {
			continue
		}
		if !slices.Contains(commits, c) {
			commits = append(commits, c)
			if strings.HasSuffix(c, "-dirty") {
				dirty++
			}
		}
	}
	switch len(commits) {
	case 0:
		return "?"
	case 1:
		return "`" + commits[0] + "`"
	}
	s := fmt.Sprintf("`%s` … `%s` (%d commits", commits[0], commits[len(commits)-1], len(commits))
	if dirty > 0 {
		s += fmt.Sprintf(", %d with uncommitted changes", dirty)
	}
	return s + ")"
}

// callFloors notes, per CPU, the call floors measured there
// (BenchmarkFloor/impl=<go|asm|c>/form=<...>: an empty function called as
// the kernels are).
func (r *Report) callFloors() {
	t := unitTable(r.build(".name:Floor .unit:ns/op", "/impl,/form", machineKey), "sec/op")
	if t == nil {
		return
	}
	r.p("Call floor (an empty function of a kernel's signature called the way the benchmarks call kernels: ")
	r.p("what every per-call time includes):\n\n")
	for _, m := range r.Machines {
		var parts []string
		for _, row := range t.Rows {
			for _, col := range t.Cols {
				if col.StringValues() != m.ID {
					continue
				}
				if c := t.Cell(row, col); c != nil {
					parts = append(parts, fmt.Sprintf("%s %s %s %s", stats.KindLabel(stats.FieldValue(row, "/impl")),
						stats.FieldValue(row, "/form"), fmtTime(c.Summary.Center), stats.FormatCI(c.Summary)))
				}
			}
		}
		if len(parts) > 0 {
			r.p("- %s: %s\n", m.Label(), strings.Join(parts, "; "))
		}
	}
	r.p("\n")
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

// winner is a kernel's fastest variant on one machine, per call.
type winner struct {
	variant, second string
	kind            string
	cell, cell2     *stats.Cell
	cmp             *stats.Comparison // the runner-up over the winner
	label           string            // the kernel's row in the winners' table
}

// kind of a row's variant (stats.KindOf, gathered by Load).
func (r *Report) kindOf(kernel, variant string) string {
	if k, ok := r.kinds[kernel+"/"+variant]; ok {
		return k
	}
	return variants.KindAsm
}

// kindCell: "Go", "asm", "gosimd", "C (gcc 12.2.0)".
func (r *Report) kindCell(kernel, variant string) string {
	k := r.kindOf(kernel, variant)
	s := stats.KindLabel(k)
	if cs := r.compiler[kernel+"/"+variant]; k == variants.KindC && len(cs) > 0 {
		s += " (" + strings.Join(cs, "; ") + ")"
	}
	return s
}

// kernel writes one kernel's section: variants (per call, batched) x
// machines, and its chart; the per-call winners go to r.winners.
func (r *Report) kernel(k string) error {
	filter := fmt.Sprintf(".name:Kernel /kernel:%q .unit:ns/op", k)
	row := "/variant,/form@(call batch)"
	ts := r.build(filter, row+",/len@num", machineKey)
	t := unitTable(ts, "sec/op")
	if t == nil {
		return nil
	}
	r.p("## %s\n\n", k)
	lens := values(t.Rows, "/len")
	// the shortest slices first: the winners table's, and pick's
	slices.SortFunc(lens, func(a, b string) int { return cmp.Compare(parseSize(a), parseSize(b)) })
	if len(lens) == 0 {
		lens = []string{""}
	}
	var chartT *stats.Table
	for _, l := range lens {
		sub := t
		if l != "" {
			r.p("Slices of %s words per call.\n\n", l)
			sub = unitTable(r.build(filter+" /len:"+l, row, machineKey), "sec/op")
		}
		w := r.variantTable(k, sub)
		if l == lens[0] {
			chartT = sub
			label := k
			if l != "" {
				label += " (" + l + " words)"
			}
			for m, win := range w {
				win.label = label
				if r.winners[k] == nil {
					r.winners[k] = map[string]*winner{}
				}
				r.winners[k][m] = win
			}
		}
	}
	f := filepath.Join(r.opts.ChartsDir, k+".svg")
	if err := kernelChart(f, k, chartT, r.Machines, r.kindOf); err != nil {
		return err
	}
	r.Charts = append(r.Charts, f)
	r.p("![%s: time per operation of every variant on every CPU](%s/%s.svg)\n\n", k, r.opts.ChartsLink, k)
	return nil
}

// ranked is the flipbench variants of one form of a table in one column
// (never C rows), by figure, the fastest first (stats.Fastest), and the
// runner-up compared with the fastest.
type ranked struct {
	rows []benchproc.Key // fastest first
	pos  map[benchproc.Key]int
	cmp  *stats.Comparison
}

func (r *Report) rank(k string, t *stats.Table, col benchproc.Key, form string) ranked {
	rk := ranked{pos: map[benchproc.Key]int{}}
	var cand []stats.Ranked
	var rows []benchproc.Key
	for _, row := range t.Rows {
		if stats.FieldValue(row, "/form") != form || r.kindOf(k, stats.FieldValue(row, "/variant")) == variants.KindC {
			continue
		}
		if c := t.Cell(row, col); c != nil {
			cand = append(cand, stats.Ranked{Variant: stats.FieldValue(row, "/variant"), Ref: len(rows), Runs: c.Runs})
			rows = append(rows, row)
		}
	}
	cand, rk.cmp = stats.Fastest(cand, t.Better, t.Margin, t.Confidence)
	for i, c := range cand {
		rk.rows = append(rk.rows, rows[c.Ref])
		rk.pos[rows[c.Ref]] = i + 1
	}
	r.checkFigures(k, form, col, t, cand)
	return rk
}

// checkFigures compares every two neighbours of a ranking whose figures
// are apart beyond their intervals, and records those whose verdict
// points the other way beyond its own: a measurement defect the page
// must show (the process as unit made them vanish from the committed
// results; a new kind of noise could bring them back).
func (r *Report) checkFigures(k, form string, col benchproc.Key, t *stats.Table, cand []stats.Ranked) {
	if t.Better > 0 {
		return
	}
	byFig := slices.Clone(cand)
	slices.SortStableFunc(byFig, func(a, b stats.Ranked) int { return cmp.Compare(a.Summary.Center, b.Summary.Center) })
	for i := 0; i+1 < len(byFig); i++ {
		fast, slow := byFig[i], byFig[i+1]
		if !(fast.Summary.Hi < slow.Summary.Lo) {
			continue
		}
		r.FigurePairs++
		if c := stats.CompareRuns(fast.Runs, slow.Runs, t.Better, t.Margin, t.Confidence); c.Hi < 1 {
			r.Conflicts = append(r.Conflicts, fmt.Sprintf("%s, %s %s: %s's figure %s is below %s's %s, yet over the rounds %s is %s",
				r.colLabel(col), k, formLabel(form), fast.Variant, fmtTime(fast.Summary.Center), slow.Variant, fmtTime(slow.Summary.Center), slow.Variant, c))
		}
	}
}

// disagree flags a winner whose figure is not the lowest: the rounds put
// the runner-up behind though its figure is lower (stats.Fastest), which
// the process-unit comparison makes rare and a reader must see.
func (w *winner) disagree() string {
	if w.cell2 == nil || !(w.cell2.Summary.Center < w.cell.Summary.Center) {
		return ""
	}
	return fmt.Sprintf(" (%s's figure, %s, is lower: the rounds, not the figures, decide)", w.second, fmtTime(w.cell2.Summary.Center))
}

// winnerOf is the fastest of a ranking with its runner-up's comparison.
func winnerOf(t *stats.Table, rk ranked, col benchproc.Key) *winner {
	w := &winner{variant: stats.FieldValue(rk.rows[0], "/variant"), cell: t.Cell(rk.rows[0], col), cmp: rk.cmp}
	if len(rk.rows) > 1 {
		w.second, w.cell2 = stats.FieldValue(rk.rows[1], "/variant"), t.Cell(rk.rows[1], col)
	}
	return w
}

// variantTable writes rows of variants (per call, then batched; C rows
// after the flipbench variants of each form) and a column per machine:
// absolute time, rank and ratio to the fastest of that CPU; then per
// machine the winner, its margin and how sure it is, and the best of each
// kind. It returns the per-call winners by machine.
func (r *Report) variantTable(k string, t *stats.Table) map[string]*winner {
	forms := []string{"call", "batch"}
	ranks := map[[2]string]ranked{} // (machine, form)
	for _, col := range t.Cols {
		for _, form := range forms {
			ranks[[2]string{col.StringValues(), form}] = r.rank(k, t, col, form)
		}
	}
	head := []string{"variant", "kind"}
	for _, c := range t.Cols {
		head = append(head, r.colLabel(c))
	}
	var rows [][]string
	used := map[string]bool{}
	for _, form := range forms {
		var ordered []benchproc.Key
		for _, c := range []bool{false, true} {
			var part []benchproc.Key
			for _, row := range t.Rows {
				if stats.FieldValue(row, "/form") == form && (r.kindOf(k, stats.FieldValue(row, "/variant")) == variants.KindC) == c {
					part = append(part, row)
				}
			}
			slices.SortStableFunc(part, func(a, b benchproc.Key) int { return byRank(a, b, t, form, ranks) })
			ordered = append(ordered, part...)
		}
		for _, row := range ordered {
			v := stats.FieldValue(row, "/variant")
			isC := r.kindOf(k, v) == variants.KindC
			name := v
			if isC {
				name = "*" + v + "*"
			}
			if form != "call" {
				name += " · " + form
			}
			line := []string{name, r.kindCell(k, v)}
			for _, col := range t.Cols {
				c := t.Cell(row, col)
				if c == nil {
					line = append(line, "")
					continue
				}
				rk := ranks[[2]string{col.StringValues(), form}]
				s := fmtTime(c.Summary.Center) + " " + stats.FormatCI(c.Summary) + r.marks(col.StringValues(), k, c, used)
				var best *stats.Cell
				if len(rk.rows) > 0 {
					best = t.Cell(rk.rows[0], col)
				}
				switch pos := rk.pos[row]; {
				case pos == 1:
					s = "**" + s + " #1**"
				case pos > 1:
					s += fmt.Sprintf(" #%d %s", pos, times(c.Summary.Center/best.Summary.Center))
				case best != nil: // a C row: beside the flipbench variants, not among them
					s += " " + times(c.Summary.Center/best.Summary.Center)
				}
				line = append(line, s)
			}
			rows = append(rows, line)
		}
	}
	stats.WriteMarkdownTable(&r.md, head, rows)
	r.p("\n")
	r.legend(used)

	wins := map[string]*winner{}
	for _, col := range t.Cols {
		for _, form := range forms {
			rk := ranks[[2]string{col.StringValues(), form}]
			if len(rk.rows) == 0 {
				continue
			}
			w := winnerOf(t, rk, col)
			w.kind = r.kindOf(k, w.variant)
			s := fmt.Sprintf("- %s, %s: fastest **%s** %s", r.colLabel(col), formLabel(form), w.variant, fmtTime(w.cell.Summary.Center))
			if w.cmp != nil {
				s += fmt.Sprintf("; %s (runner-up over fastest %s; could tell %s)%s", stats.WinnerVerdict(w.second, w.cmp), w.cmp.Detail(), w.cmp.Detect(), w.disagree())
			}
			if form == "call" {
				wins[col.StringValues()] = w
			}
			r.p("%s.%s\n", s, r.bestOfKinds(k, t, col, form, w.cell))
		}
	}
	r.notes(t)
	r.p("\n")
	return wins
}

// The marks of a cell whose figure or verdicts need care.
const (
	markTwin   = "†" // its group's A/A twin differs in its session
	markOld    = "‡" // its session used the older method
	markSpread = "~" // its interval is wider than ±10%
)

// marks is a cell's marks (" †~"), recorded in used for the legend.
func (r *Report) marks(machine, kernel string, c *stats.Cell, used map[string]bool) string {
	m := r.byID[machine]
	var s string
	if m != nil && slices.ContainsFunc(m.Twins, func(tc TwinCheck) bool {
		return strings.HasPrefix(tc.Case, kernel+" ") && (tc.Cmp.Verdict == stats.Faster || tc.Cmp.Verdict == stats.Slower)
	}) {
		s += markTwin
	}
	if m != nil && m.OldMethod {
		s += markOld
	}
	if ctr := c.Summary.Center; ctr > 0 && (math.IsInf(c.Summary.Hi, 1) || max(ctr-c.Summary.Lo, c.Summary.Hi-ctr)/ctr > 0.10) {
		s += markSpread
	}
	for _, mk := range []string{markTwin, markOld, markSpread} {
		if strings.Contains(s, mk) {
			used[mk] = true
		}
	}
	if s == "" {
		return ""
	}
	return " " + s
}

// legend explains the marks a table used.
func (r *Report) legend(used map[string]bool) {
	var parts []string
	if used[markTwin] {
		parts = append(parts, markTwin+" its group's A/A twin differs in that session: the group's verdicts there are not to be trusted")
	}
	if used[markOld] {
		parts = append(parts, markOld+" measured by the older method (all rounds in one process, no A/A twin): placement may bias it")
	}
	if used[markSpread] {
		parts = append(parts, markSpread+" its interval is wider than ±10%: a noisy figure")
	}
	if len(parts) > 0 {
		r.p("%s.\n\n", strings.Join(parts, "; "))
	}
}

// byRank orders two rows of one form by rank in the first column (in the
// page's column order) that ranks either, a ranked row before one that is
// not; rows no column ranks (C rows), by time in the first column that
// has both, then by name.
func byRank(a, b benchproc.Key, t *stats.Table, form string, ranks map[[2]string]ranked) int {
	for _, col := range t.Cols {
		rk := ranks[[2]string{col.StringValues(), form}]
		pa, pb := rk.pos[a], rk.pos[b]
		switch {
		case pa > 0 && pb > 0:
			return cmp.Compare(pa, pb)
		case pa > 0:
			return -1
		case pb > 0:
			return 1
		}
	}
	for _, col := range t.Cols {
		if ca, cb := t.Cell(a, col), t.Cell(b, col); ca != nil && cb != nil {
			if c := cmp.Compare(ca.Summary.Center, cb.Summary.Center); c != 0 {
				return c
			}
		}
	}
	return cmp.Compare(stats.FieldValue(a, "/variant"), stats.FieldValue(b, "/variant"))
}

// bestOfKinds: " Best of each kind: Go carry 9.16 ns (2.09×); asm ...",
// when more than one kind was measured.
func (r *Report) bestOfKinds(k string, t *stats.Table, col benchproc.Key, form string, fastest *stats.Cell) string {
	best := map[string]benchproc.Key{}
	for _, row := range t.Rows {
		if stats.FieldValue(row, "/form") != form {
			continue
		}
		c := t.Cell(row, col)
		if c == nil {
			continue
		}
		kind := r.kindOf(k, stats.FieldValue(row, "/variant"))
		if b, ok := best[kind]; !ok || c.Summary.Center < t.Cell(b, col).Summary.Center {
			best[kind] = row
		}
	}
	if len(best) < 2 {
		return ""
	}
	var parts []string
	for _, kind := range []string{variants.KindGo, variants.KindGoSIMD, variants.KindAsm, variants.KindC} {
		row, ok := best[kind]
		if !ok {
			continue
		}
		c := t.Cell(row, col)
		p := fmt.Sprintf("%s %s %s", stats.KindLabel(kind), stats.FieldValue(row, "/variant"), fmtTime(c.Summary.Center))
		if ratio := c.Summary.Center / fastest.Summary.Center; math.Abs(ratio-1) > 0.0005 {
			p += " (" + times(ratio) + ")"
		}
		parts = append(parts, p)
	}
	return " Best of each kind: " + strings.Join(parts, "; ") + "."
}

// times writes a ratio of times: "1.57×".
func times(ratio float64) string {
	if ratio >= 10 {
		return fmt.Sprintf("%.1f×", ratio)
	}
	return fmt.Sprintf("%.2f×", ratio)
}

// winnerTable is the answer most readers come for: per kernel and CPU,
// the fastest variant per call, its margin over the runner-up and how
// sure that is.
func (r *Report) winnerTable(kernels []string) {
	r.p("## Fastest variant per kernel and CPU\n\n")
	r.p("Per call (hash_clear: a whole table at the largest size every CPU measured). A cell is the fastest flipbench variant, ")
	r.p("its %s time, and its verdict against the runner-up, compared with the session's fresh processes as units (per process, the ratio of their %s over the runs they made side by side; ", stats.FigureLabel, stats.FigureLabel)
	r.p("the Hodges-Lehmann estimate over the processes, with its %s interval; a session in one process, over its pairs of runs): *ahead* where the runner-up is slower beyond ±%.3g%% and that interval excludes no change, ", pctLabel(r.opts.Confidence), 100*r.opts.Margin)
	r.p("*equal* where the %s interval (two one-sided tests at %s each) lies within ±%.3g%%, ", pctLabel(2*r.opts.Confidence-1), pctLabel(1-r.opts.Confidence), 100*r.opts.Margin)
	r.p("*undecided* otherwise (too few or too noisy rounds to say either); `flipbench compare` names the same fastest variant. ")
	r.p("Under it, *pick* is what `flipbench pick` chooses on that CPU from the same results by the same rule (its profile, made by ")
	r.p("`flipbench pick`, sets the defaults there): among the variants the built-in rules allow as a default, the fastest replaces the default only ")
	r.p("where it is faster beyond the margin, and whole solves decide only where their rounds are paired with a %s interval inside the margin. ", pctLabel(r.opts.Confidence))
	r.p("Where pick's choice is not the variant the cell names, a numbered note below the table says why.\n\n")
	var ms []*Machine
	for _, m := range r.Machines {
		for _, k := range kernels {
			if r.winners[k][m.ID] != nil {
				ms = append(ms, m)
				break
			}
		}
	}
	head := []string{"kernel"}
	for _, m := range ms {
		head = append(head, m.Label())
	}
	var rows [][]string
	var why []string
	used := map[string]bool{}
	for _, k := range kernels {
		ws := r.winners[k]
		if len(ws) == 0 {
			continue
		}
		label := k
		for _, w := range ws {
			label = w.label
		}
		line := []string{label}
		for _, m := range ms {
			w := ws[m.ID]
			if w == nil {
				line = append(line, "")
				continue
			}
			s := fmt.Sprintf("**%s** %s%s", w.variant, fmtTime(w.cell.Summary.Center), r.marks(m.ID, k, w.cell, used))
			if w.cmp != nil {
				s += ", " + stats.WinnerVerdict(w.second, w.cmp) + w.disagree()
				if !w.cmp.Paired {
					s += " (unpaired)"
				}
				r.Verdicts++
				if w.cmp.Verdict.Decided() {
					r.Decided++
				}
			}
			if kc, ok := r.Picks[m.ID][k]; ok {
				s += "<br>" + pickCell(kc)
				if kc.Choice != w.variant {
					why = append(why, fmt.Sprintf("%d. %s, %s: pick chooses %s, not %s: %s", len(why)+1, m.Label(), k, kc.Choice, w.variant, kc.Reason))
					s += fmt.Sprintf(" (%d)", len(why))
				}
			}
			line = append(line, s)
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(&r.md, head, rows)
	r.p("\n")
	r.legend(used)
	for _, w := range why {
		r.p("%s\n", w)
	}
	if len(why) > 0 {
		r.p("\n")
	}
}

// pickCell is pick's choice in a winners cell: "pick: **sse** (default
// bmi2-pext)", "pick: **avx512** (the default), by whole solves of
// ffo20-39".
func pickCell(kc results.KernelChoice) string {
	s := "pick: **" + kc.Choice + "**"
	if kc.Choice == kc.Default {
		s += " (the default)"
	} else {
		s += " (default " + kc.Default + ")"
	}
	if kc.Evidence != "" && !strings.HasPrefix(kc.Evidence, "per call") {
		s += ", by " + kc.Evidence
	}
	return s
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
	if m := r.byID[k.StringValues()]; m != nil {
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

func fmtTime(sec float64) string { return stats.FormatTime(sec) }

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
		filter := fmt.Sprintf(".name:Kernel /kernel:hash_clear %s:%q .unit:GB/s", machineKey, m.ID)
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
		label := func(row benchproc.Key) string {
			v := stats.FieldValue(row, "/variant")
			if v == bench.BaselineVariant {
				return v + " (Go clear, zeros)"
			}
			return v
		}
		r.cellTable(t, head, label, "", func(row, col benchproc.Key, c *stats.Cell) string {
			s := fmt.Sprintf("%.3g GB/s %s", c.Summary.Center, stats.FormatCI(c.Summary))
			if baseRow != nil && stats.FieldValue(row, "/variant") != bench.BaselineVariant {
				if b := t.Cell(*baseRow, col); b != nil && b.Summary.Center > 0 {
					s += fmt.Sprintf(" (%.0f%%)", 100*c.Summary.Center/b.Summary.Center)
				}
			}
			if bestAt[col] == row {
				s = "**" + s + "**"
			}
			return s
		})
	}
}

// cellTable writes t as a markdown table under head, then its notes: a
// line per row led by label(row), a column per column of t with cell's
// text of each measured cell (missing where there is none).
func (r *Report) cellTable(t *stats.Table, head []string, label func(row benchproc.Key) string, missing string, cell func(row, col benchproc.Key, c *stats.Cell) string) {
	var rows [][]string
	for _, row := range t.Rows {
		line := []string{label(row)}
		for _, col := range t.Cols {
			c := t.Cell(row, col)
			if c == nil {
				line = append(line, missing)
				continue
			}
			line = append(line, cell(row, col, c))
		}
		rows = append(rows, line)
	}
	stats.WriteMarkdownTable(&r.md, head, rows)
	r.notes(t)
	r.p("\n")
}

// hashClearWinners finds hash_clear's winners per call (a whole table
// per operation) at the largest size every machine that cleared tables
// measured.
func (r *Report) hashClearWinners() {
	t := unitTable(r.build(".name:Kernel /kernel:hash_clear /form:call .unit:ns/op", "/variant", machineKey+",/size@num"), "sec/op")
	if t == nil {
		return
	}
	sizes := map[string]int{} // size -> machines
	machines := map[string]bool{}
	for _, col := range t.Cols {
		machines[stats.FieldValue(col, machineKey)] = true
		sizes[stats.FieldValue(col, "/size")]++
	}
	best := ""
	for sz, n := range sizes {
		if n == len(machines) && (best == "" || parseSize(sz) > parseSize(best)) {
			best = sz
		}
	}
	if best == "" {
		return
	}
	t = unitTable(r.build(".name:Kernel /kernel:hash_clear /form:call .unit:ns/op /size:"+best, "/variant,/form", machineKey), "sec/op")
	if t == nil {
		return
	}
	for _, col := range t.Cols {
		rk := r.rank("hash_clear", t, col, "call")
		if len(rk.rows) == 0 {
			continue
		}
		w := winnerOf(t, rk, col)
		w.label = "hash_clear (" + best + ")"
		w.kind = r.kindOf("hash_clear", w.variant)
		if r.winners["hash_clear"] == nil {
			r.winners["hash_clear"] = map[string]*winner{}
		}
		r.winners["hash_clear"][col.StringValues()] = w
	}
}

// parseSize reads bench.SizeName's form back (768KiB, 1.5GiB).
func parseSize(s string) float64 {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	mult := 1.0
	for i, u := range units {
		if strings.HasSuffix(s, u) {
			s, mult = strings.TrimSuffix(s, u), math.Pow(1024, float64(i+1))
			break
		}
	}
	s = strings.TrimSuffix(s, "B")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return v * mult
}

// solve writes the whole-solver tables: rows variants, columns machines,
// the time of the whole set.
func (r *Report) solve() {
	ts := r.build(".name:Solve .unit:ns/op", "/variant", machineKey)
	if len(ts) == 0 {
		return
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
	r.p("## Whole solves\n\n")
	r.p("The full endgame solver on a whole set, once per run, with each variant of one kernel (every other kernel ")
	r.p("at its default); time for the whole set, %s with its interval, and per CPU the fastest against the runner-up, ", stats.FigureLabel)
	r.p("compared solve by solve within a session. The node count is the same for every variant (checked while measuring).\n\n")
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
		r.cellTable(t, head, func(row benchproc.Key) string { return stats.FieldValue(row, "/variant") }, "N/A", func(row, col benchproc.Key, c *stats.Cell) string {
			s := fmt.Sprintf("%.3f s %s", c.Summary.Center, stats.FormatCI(c.Summary))
			if fastest[col] == row && len(t.Rows) > 1 {
				s = "**" + s + "**"
			}
			return s
		})
		for _, v := range verdicts {
			r.p("%s\n", v)
		}
		if len(verdicts) > 0 {
			r.p("\n")
		}
	}
}

func (r *Report) footer() {
	r.p("## Reproduce\n\n")
	r.p("On your own machine, from a clone of this repository:\n\n")
	r.p("```sh\n")
	d := bench.DefaultOptions
	r.p("go run ./cmd/flipbench bench              # every kernel and variant: %d rounds of %d runs of %v each, in %d fresh processes -> results/<cpu-id>/\n",
		d.Count, d.Runs, d.BenchTime, bench.DefaultProcesses)
	r.p("go run ./cmd/flipbench bench -solve ffo20-39   # whole solves per score_1 variant, round by round (-solve-kernel K for another kernel)\n")
	r.p("go run ./cmd/flipbench solve -set ffo20-39 -save               # solver run per position, embedded weights -> results/<cpu-id>/\n")
	r.p("go run ./cmd/flipbench solve -set ffo20-39 -eval none -save    # the same without evaluation: the nodes ratio\n")
	r.p("go run ./cmd/flipbench train -eval-mae -save                   # evaluation error at 20-24 empties (-eval none: the zero evaluation)\n")
	r.p("mkdir -p tmp && ../shared/anchors/edax-vs.sh ffo20-39 | tee tmp/vs.txt   # beside Edax-AVX: a measuring kit outside the project\n")
	r.p("go run ./cmd/flipbench anchor tmp/vs.txt   # imports that transcript -> results/<cpu-id>/ (-bottom, -pgo: how flipbench ran)\n")
	r.p("go run ./cmd/flipbench report             # this file and docs/charts/*.svg\n")
	r.p("go run ./cmd/flipbench pick               # the fastest variant per kernel on your CPU, as its profile\n")
	r.p("```\n\n")
	r.p("Options: `-kernel flip,moves` for some kernels, `-cpu 1` to pin to one CPU, `-count` (rounds: fewer than %d give no paired verdicts), `-benchtime`; ", stats.MinPairs)
	r.p("Ctrl-C keeps every finished result, in a file marked incomplete that never replaces a complete run ")
	r.p("(a solve keeps the positions solved). `solve` takes `-variants`, `-hash`, ")
	r.p("`-count` and `-eval FILE` (our weights or an Edax eval.dat). ")
	r.p("The same cases run under `go test -bench /kernel=flip/ ./harness`.\n\n")
	r.p("Every kernel's variants on every CPU, absolute times side by side, with flipbench or with stock benchstat ")
	r.p("(the `cpu-id` configuration line names the CPU; benchstat pools every file it is given, flipbench takes the newest complete run of each CPU):\n\n")
	r.p("```sh\n")
	r.p("go run ./cmd/flipbench compare -table /kernel -row /variant,/len,/size -col cpu-id -filter '.name:Kernel /form:call'\n")
	r.p("go run golang.org/x/perf/cmd/benchstat@latest -table /kernel -row /variant,/len,/size -col cpu-id -filter '.name:Kernel /form:call' results/*/*-kernels*.txt\n")
	r.p("```\n")
	r.md.WriteString(r.opts.Recipe)
}
