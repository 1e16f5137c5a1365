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
// by their identity (resultsfile.CPUOf), never by their brand.
//
// Load gathers the page's data once, as benchtab's builder does (every
// result added, then the tables made): the columns, each kernel's tables
// and rankings, the winners and the checks of the figures. Each section
// of the page is then a function of that data alone (Report.sections),
// and the page their concatenation in a fixed order.
package report

import (
	"bytes"
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/flipbench/flipbench/internal/atomicfile"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
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
	id := resultsfile.CPUOf(res)
	if f := stats.Flavour(res); f != "" {
		id += " " + f
	}
	return id
}

// Report is the data behind BENCHMARKS.md, gathered once by Load: the
// columns, every kernel's tables and rankings, the winners and the
// checks of the figures. Every section of the page is a function of it
// (sections) that only reads it.
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
	kinds    map[string]string // kernel/variant -> resultsfile.KindOf
	compiler map[string][]string
	// kernels are the kernels measured, in the page's order, with their
	// tables and rankings
	kernels []*kernelData
	winners map[string]map[string]*winner // kernel -> machine
	// Picks is what flipbench pick chooses per default-build column
	// (machine ID -> kernel -> choice), from the same results.
	Picks map[string]map[string]results.KernelChoice
	// FigurePairs counts the neighbours of the kernels' rankings whose
	// figures are apart beyond their intervals; Conflicts those whose
	// verdict points the other way (checkFigures).
	FigurePairs int
	Conflicts   []string
	preds       []*predict.Predicted // Options.Predicted's
}

// machineKey is the configuration key the report adds to every result to
// put machines in columns, whatever their files say.
const machineKey = "machine"

// EmbeddedPrefix names the results embedded in the binary.
const EmbeddedPrefix = "embedded:results/"

// Load reads every results file under dir (the newest complete file's
// results per machine, flavour and benchmark) and, unless NoEmbedded, the
// embedded results of every CPU dir does not have, and the predictions;
// then gathers from them what the sections show.
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
			res.SetConfig(machineKey, resultsfile.CPUOf(res))
			all = append(all, res)
		}
	}
	r.addColumns(all, kernelFiles)
	r.picks(pickDS)
	// what several sections show, computed once: each kernel's rankings,
	// the winners, the checks of the figures
	r.gatherKernels()
	if err := r.readPredictions(); err != nil {
		return nil, err
	}
	if r.opts.ChartsLink == "" {
		r.opts.ChartsLink = filepath.ToSlash(relTo(filepath.Dir(r.opts.Output), r.opts.ChartsDir))
	}
	return r, nil
}

// Dataset is what the report read (its problems, interrupted sessions and
// stale files included).
func (r *Report) Dataset() *stats.Dataset { return r.ds }

// Write writes the charts and the page.
func (r *Report) Write() error {
	if err := r.writeCharts(); err != nil {
		return err
	}
	return atomicfile.Write(r.opts.Output, r.page())
}

// A section is one part of the page: a function of the gathered data
// alone, which it only reads, so that no section depends on another
// having run.
type section struct {
	name string
	text func(*Report) string
}

// sections are the page's sections in reading order: machines, winners,
// kernels, solves, predictions, how to reproduce.
func (r *Report) sections() []section {
	s := []section{{"header", (*Report).header}, {"winners", (*Report).winnersSection}}
	for _, k := range r.kernels {
		s = append(s, section{"kernel " + k.name, k.section})
	}
	return append(s, []section{
		{"solve", (*Report).solve},
		{"edax", (*Report).edaxVs},
		{"solver runs", (*Report).solverRuns},
		{"evaluation error", (*Report).evalError},
		{"predicted", (*Report).predicted},
		{"footer", (*Report).footer},
	}...)
}

// page is the Markdown of the page: its sections in their order, with
// the table of contents.
func (r *Report) page() []byte {
	var b bytes.Buffer
	for _, s := range r.sections() {
		b.WriteString(s.text(r))
	}
	return withContents(b.Bytes())
}

// md is one section's Markdown as it is written.
type md struct{ bytes.Buffer }

func (b *md) p(format string, a ...any) { fmt.Fprintf(b, format, a...) }

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

// display names a file in the text: a path relative to the report, or
// its embedded name.
func (r *Report) display(f string) string {
	if strings.HasPrefix(f, EmbeddedPrefix) {
		return f
	}
	return r.link(f)
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func pctLabel(c float64) string { return fmt.Sprintf("%.4g%%", 100*c) }

func addOnce(s *[]string, v string) {
	if v != "" && !slices.Contains(*s, v) {
		*s = append(*s, v)
	}
}
