package stats

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/variants"
)

// A Dataset is the benchmark results of a set of files, with the lines
// that could not be read, by file:line. It is stored compactly (a result
// line costs a few dozen bytes, its name and configuration shared with
// every other line of the same benchmark and configuration), so that
// memory grows with the values the statistics keep, not with the text.
type Dataset struct {
	Problems []string // "file:line: what is wrong"
	Units    benchfmt.UnitMetadataMap
	Files    []string
	// Incomplete maps the files of interrupted sessions (their
	// bench.IncompleteKey line) to what that line says.
	Incomplete map[string]string
	// Stale lists unfinished results files (.partial) that no session is
	// writing any more: a session killed before its end (ReadDir).
	Stale []string

	views    []*benchfmt.Result // per benchmark key: name and configuration, no values
	perRound []uint32           // per benchmark key: results of a name per round (bench.RunsKey)
	parts    [][2]uint32        // per benchmark key: its session's processes and rounds (0, 0: one process)
	recs     []record
	vals     []float64
	units    []uint16
	unit     []string // unit names by id

	unitID map[string]uint16
}

// A record is one result line: its benchmark key (name, configuration,
// file), its round (the how-manieth result of that name in its file,
// from 0: results of one round are paired), its iterations and values.
type record struct {
	key   uint32
	round uint32
	iters int64
	off   uint32 // first value in vals
	n     uint16 // values
	pass  uint16 // the how-manieth run of its case in its round
}

// Limits of the reader, so that any input is read in bounded time and
// memory.
const (
	// MaxLine is the longest line read (benchfmt's own limit is 64 KiB,
	// beyond which it stops reading the file): a longer one is reported
	// and skipped.
	MaxLine = 32 << 10
	// MaxProblems is the number of problems listed per file; the rest
	// are counted.
	MaxProblems = 20
	// MaxResults is the number of result lines a Dataset holds (about 34
	// bytes each, and 16 more in a table's cell: some 200 MiB at most, a
	// file of some 350 MB of text): reading more is an error that says so
	// (ErrTooManyResults).
	MaxResults = 4 << 20
	// MaxKeys bounds the distinct benchmark keys (name, configuration and
	// file): each holds a copy of its configuration.
	MaxKeys = 1 << 17
)

// ErrTooManyResults: the files hold more results than MaxResults.
var ErrTooManyResults = fmt.Errorf("more than %d results (stats.MaxResults) or %d distinct benchmarks and configurations (stats.MaxKeys): read fewer files, or split them", MaxResults, MaxKeys)

// Len is the number of results read.
func (ds *Dataset) Len() int { return len(ds.recs) }

// View is result i's benchmark: its name and configuration (with .file,
// and cpu-id where the file predates that line), without values. It is
// shared with every result of the same benchmark and configuration:
// never modify it; Result(i) gives a copy with the values.
func (ds *Dataset) View(i int) *benchfmt.Result { return ds.views[ds.recs[i].key] }

// Round is result i's round: how many results of the same name came
// before it in its file, over the runs each round makes of a case
// (bench.RunsKey). Results of one file and round ran close in time (bench
// visits every case once per round), so they are compared by their
// ratios.
func (ds *Dataset) Round(i int) int { return int(ds.recs[i].round) }

// Pass is result i's run within its round: the round went over the
// case's group that many times before (bench.RunsKey).
func (ds *Dataset) Pass(i int) int { return int(ds.recs[i].pass) }

// RunOf is result i as a Run: its value v (of the unit asked), its file's
// index in fileIdx, its round and pass.
func (ds *Dataset) RunOf(i int, v float64, fileIdx map[string]uint32) Run {
	return Run{Value: v, File: fileIdx[ds.FileOf(i)], Round: ds.recs[i].round, Pass: ds.recs[i].pass, Proc: ds.proc(ds.recs[i])}
}

// proc is a record's process in its session (Run.Proc).
func (ds *Dataset) proc(rec record) uint16 {
	pc := ds.parts[rec.key]
	if pc[1] == 0 {
		return 0
	}
	return uint16(min(rec.round*pc[0]/pc[1], pc[0]-1)) + 1
}

// FileOf is result i's file.
func (ds *Dataset) FileOf(i int) string { return ds.View(i).GetConfig(".file") }

// Value is result i's value in a unit (tidied: sec/op for ns/op), as
// benchfmt.Result.Value.
func (ds *Dataset) Value(i int, unit string) (float64, bool) {
	r := ds.recs[i]
	for j := r.off; j < r.off+uint32(r.n); j++ {
		if ds.unit[ds.units[j]] == unit {
			return ds.vals[j], true
		}
	}
	return 0, false
}

// Result is a copy of result i with its values.
func (ds *Dataset) Result(i int) *benchfmt.Result {
	r := ds.recs[i]
	res := ds.views[r.key].Clone()
	res.Iters = int(r.iters)
	for j := r.off; j < r.off+uint32(r.n); j++ {
		res.Values = append(res.Values, ds.value(j))
	}
	return res
}

func (ds *Dataset) value(j uint32) benchfmt.Value {
	v := benchfmt.Value{Value: ds.vals[j], Unit: ds.unit[ds.units[j]]}
	if v.Unit == "sec/op" {
		v.OrigValue, v.OrigUnit = v.Value*1e9, "ns/op"
	} else if u, ok := strings.CutPrefix(v.Unit, "wall-sec/"); ok {
		v.OrigValue, v.OrigUnit = v.Value*1e9, "wall-ns/"+u
	}
	return v
}

// All is a copy of every result with its values: for small datasets
// (tests, a few files); the statistics use the compact form.
func (ds *Dataset) All() []*benchfmt.Result {
	out := make([]*benchfmt.Result, ds.Len())
	for i := range out {
		out[i] = ds.Result(i)
	}
	return out
}

// Views is the distinct benchmarks (name and configuration, per file) of
// the results kept, in the order first met: what a pass over
// configuration lines needs, without a pass over every result.
func (ds *Dataset) Views() []*benchfmt.Result {
	seen := make([]bool, len(ds.views))
	var out []*benchfmt.Result
	for _, r := range ds.recs {
		if !seen[r.key] {
			seen[r.key] = true
			out = append(out, ds.views[r.key])
		}
	}
	return out
}

// SetConfig sets a configuration line on every result, its value computed
// from the result's benchmark (its View): a label for projections, such
// as the column a result belongs in.
func (ds *Dataset) SetConfig(key string, value func(view *benchfmt.Result) string) {
	for _, v := range ds.views {
		v.SetConfig(key, value(v))
	}
}

// Clone is a copy of ds whose results can be kept or dropped (Keep,
// KeepLatest) without touching ds's; the benchmarks' views and the
// values are shared.
func (ds *Dataset) Clone() *Dataset {
	c := *ds
	c.recs = slices.Clone(ds.recs)
	c.Files = slices.Clone(ds.Files)
	c.Problems = slices.Clone(ds.Problems)
	return &c
}

// Keep keeps the results for which keep is true, in order.
func (ds *Dataset) Keep(keep func(i int) bool) {
	out := ds.recs[:0]
	for i, r := range ds.recs {
		if keep(i) {
			out = append(out, r)
		}
	}
	ds.recs = out
}

// Append adds every result of other (read by another ReadSources) after
// ds's, with its files, problems and units.
func (ds *Dataset) Append(other *Dataset) {
	base := uint32(len(ds.views))
	ds.views = append(ds.views, other.views...)
	ds.perRound = append(ds.perRound, other.perRound...)
	ds.parts = append(ds.parts, other.parts...)
	for _, r := range other.recs {
		off := uint32(len(ds.vals))
		for j := r.off; j < r.off+uint32(r.n); j++ {
			ds.vals = append(ds.vals, other.vals[j])
			ds.units = append(ds.units, ds.unitOf(other.unit[other.units[j]]))
		}
		ds.recs = append(ds.recs, record{key: base + r.key, round: r.round, pass: r.pass, iters: r.iters, off: off, n: r.n})
	}
	ds.Files = append(ds.Files, other.Files...)
	ds.Problems = append(ds.Problems, other.Problems...)
	for f, why := range other.Incomplete {
		ds.Incomplete[f] = why
	}
	for k, v := range other.Units {
		if _, ok := ds.Units[k]; !ok {
			ds.Units[k] = v
		}
	}
}

// reserve grows the arrays once for a file of known size (a result line
// is some 80 bytes), rather than by doubling as it is read.
func (ds *Dataset) reserve(rc io.ReadCloser) {
	st, ok := rc.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return
	}
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return
	}
	n := int(min(fi.Size()/64, MaxResults))
	ds.recs = slices.Grow(ds.recs, n)
	ds.vals = slices.Grow(ds.vals, n)
	ds.units = slices.Grow(ds.units, n)
}

func (ds *Dataset) unitOf(u string) uint16 {
	id, ok := ds.unitID[u]
	if !ok {
		id = uint16(len(ds.unit))
		ds.unit = append(ds.unit, u)
		ds.unitID[u] = id
	}
	return id
}

func newDataset() *Dataset {
	return &Dataset{Units: benchfmt.UnitMetadataMap{}, Incomplete: map[string]string{}, unitID: map[string]uint16{}}
}

// A Source is one results file: Name names it in the results (.file) and
// in messages (a path, or "embedded:results/<cpu-id>/<file>"), Open reads it.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// FileSource is a file on disk.
func FileSource(path string) Source {
	return Source{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
}

// ReadResults reads results files in Go's benchmark format, streaming. A
// line that is not a benchmark result, a configuration line or go test's
// own output is reported in Problems with its file:line, and the rest is
// read; so is a result cut short (a name alone, a unit cut to a prefix of
// a known one, a last line without its newline), a result whose
// iteration count is below 1, whose value is not a finite number, or
// whose time (ns/op), rate (.../s) or node count is zero or negative:
// such a line is skipped whole. A file that cannot be opened is an
// error; so is one that is not a results file at all (NotResultsError),
// and more results than MaxResults.
func ReadResults(paths ...string) (*Dataset, error) {
	srcs := make([]Source, len(paths))
	for i, p := range paths {
		srcs[i] = FileSource(p)
	}
	return ReadSources(srcs...)
}

// ReadSources is ReadResults of any sources.
func ReadSources(srcs ...Source) (*Dataset, error) {
	ds := newDataset()
	for _, src := range srcs {
		if err := ds.read(src); err != nil {
			return nil, err
		}
	}
	return ds, nil
}

// ReadDir reads every results file under dir (dir/<cpu-id>/*.txt, in name
// order: date order within a CPU) and lists the stale unfinished files
// there (StaleFiles).
func ReadDir(dir string) (*Dataset, error) {
	files, err := ResultsFiles(dir)
	if err != nil {
		return nil, err
	}
	ds, err := ReadResults(files...)
	if err != nil {
		return nil, err
	}
	ds.Stale = StaleFiles(dir)
	return ds, nil
}

// NotResultsError is a file with no result line and no configuration
// line, whose first lines are not Go's benchmark format: not a results
// file (binary data, another format).
type NotResultsError struct {
	File string
	Line int    // the first line that is neither
	What string // what it looks like
}

func (e *NotResultsError) Error() string {
	return fmt.Sprintf("%s: not a results file in Go's benchmark format (line %d: %s)", e.File, e.Line, e.What)
}

func (ds *Dataset) read(src Source) error {
	rc, err := src.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	name := src.Name
	ds.Files = append(ds.Files, name)
	ds.reserve(rc)
	lf := &lineFilter{r: bufio.NewReaderSize(rc, 64<<10), name: name}
	r := benchfmt.NewReader(lf, name)
	var probs []string
	nprobs := 0
	problem := func(s string) {
		nprobs++
		if len(probs) < MaxProblems {
			probs = append(probs, s)
		}
	}
	rounds := map[string]uint32{}
	keys := map[keyOf]uint32{}
	var cfgs configCache
	results := 0
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			problem(rec.Error())
		case *benchfmt.UnitMetadata:
			ds.Units[rec.UnitMetadataKey] = rec
		case *benchfmt.Result:
			if msg := checkValues(rec); msg != "" {
				f, l := rec.Pos()
				problem(fmt.Sprintf("%s:%d: %s", f, l, msg))
				continue
			}
			if len(ds.recs) >= MaxResults {
				return fmt.Errorf("%s: %w", name, ErrTooManyResults)
			}
			results++
			k := keyOf{name: string(rec.Name), cfg: cfgs.id(rec.Config)}
			id, ok := keys[k]
			if !ok {
				if len(ds.views) >= MaxKeys {
					return fmt.Errorf("%s: %w", name, ErrTooManyResults)
				}
				id = uint32(len(ds.views))
				keys[k] = id
				ds.views = append(ds.views, ds.newView(rec, name))
				ds.perRound = append(ds.perRound, runsPerRound(ds.views[id]))
				ds.parts = append(ds.parts, partsOf(ds.views[id]))
			}
			occ := rounds[k.name]
			rounds[k.name] = occ + 1
			rd, pass := occ/ds.perRound[id], occ%ds.perRound[id]
			off := uint32(len(ds.vals))
			for _, v := range rec.Values {
				ds.vals = append(ds.vals, v.Value)
				ds.units = append(ds.units, ds.unitOf(v.Unit))
			}
			ds.recs = append(ds.recs, record{key: id, round: rd, pass: uint16(pass), iters: int64(rec.Iters), off: off, n: uint16(len(rec.Values))})
		}
	}
	if results == 0 && lf.foreign > lf.configs {
		return &NotResultsError{File: name, Line: lf.firstForeign, What: lf.firstWhat}
	}
	probs = append(probs, lf.problems...)
	nprobs += lf.nproblems
	sortByLine(probs)
	probs = probs[:min(len(probs), MaxProblems)]
	if err := r.Err(); err != nil {
		probs = append(probs, err.Error())
	}
	if lf.err != nil && !errors.Is(lf.err, io.EOF) {
		probs = append(probs, fmt.Sprintf("%s: %v", name, lf.err))
	}
	if nprobs > len(probs) {
		probs = append(probs, fmt.Sprintf("%s: %d more problems not listed", name, nprobs-len(probs)))
	}
	ds.Problems = append(ds.Problems, probs...)
	if lf.incomplete != "" {
		ds.Incomplete[name] = lf.incomplete
	}
	return nil
}

// partsOf is a session's processes and rounds (its processes and count
// lines): bench gives process p the rounds r with r*parts/count == p,
// parts = min(processes, count). 0, 0 for a session in one process.
func partsOf(v *benchfmt.Result) [2]uint32 {
	p, err1 := strconv.Atoi(v.GetConfig("processes"))
	c, err2 := strconv.Atoi(v.GetConfig("count"))
	if err1 != nil || err2 != nil || p < 2 || c < 1 {
		return [2]uint32{}
	}
	return [2]uint32{uint32(min(p, c)), uint32(c)}
}

// runsPerRound is how many consecutive results of one name make one
// round in a view's file (bench.RunsKey; 1 without it).
func runsPerRound(v *benchfmt.Result) uint32 {
	if n, err := strconv.Atoi(v.GetConfig(bench.RunsKey)); err == nil && n > 1 {
		return uint32(n)
	}
	return 1
}

type keyOf struct {
	name string
	cfg  int
}

// newView is a result's benchmark as the statistics see it: its name and
// configuration, .file set, and a cpu-id derived for files older than
// that line (so that -col cpu-id works on them too).
func (ds *Dataset) newView(rec *benchfmt.Result, file string) *benchfmt.Result {
	v := &benchfmt.Result{Name: slices.Clone(rec.Name), Config: make([]benchfmt.Config, len(rec.Config), len(rec.Config)+2)}
	for i, c := range rec.Config {
		v.Config[i] = benchfmt.Config{Key: c.Key, Value: slices.Clone(c.Value), File: c.File}
	}
	v.SetConfig(".file", file)
	if v.GetConfig("cpu-id") == "" {
		if id := derivedID(v); id != "" {
			v.SetConfig("cpu-id", id)
		}
	}
	return v
}

// configCache gives an id to each distinct configuration of a file,
// comparing the few last seen (a file changes its configuration rarely,
// or alternates between a few: the kinds of its variants).
type configCache struct {
	seen [][]benchfmt.Config
	ids  []int
	next int
}

func (c *configCache) id(cfg []benchfmt.Config) int {
	for i, s := range c.seen {
		if sameConfig(s, cfg) {
			return c.ids[i]
		}
	}
	cp := make([]benchfmt.Config, len(cfg))
	for i, x := range cfg {
		cp[i] = benchfmt.Config{Key: x.Key, Value: slices.Clone(x.Value), File: x.File}
	}
	id := c.next
	c.next++
	if len(c.seen) < 8 {
		c.seen = append(c.seen, cp)
		c.ids = append(c.ids, id)
	} else {
		c.seen[id%8], c.ids[id%8] = cp, id
	}
	return id
}

func sameConfig(a, b []benchfmt.Config) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || !bytes.Equal(a[i].Value, b[i].Value) || a[i].File != b[i].File {
			return false
		}
	}
	return true
}

// lineFilter hands benchfmt the lines of a file, each checked first: a
// line too long, binary, foreign or a result cut short becomes an empty
// line (so that benchfmt's line numbers stay right) and a problem.
type lineFilter struct {
	r          *bufio.Reader
	name       string
	n          int // lines read
	buf        []byte
	problems   []string // the first MaxProblems
	nproblems  int
	incomplete string
	err        error

	configs, foreign int // configuration lines, foreign lines
	firstForeign     int
	firstWhat        string
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.buf) == 0 {
		if f.err != nil {
			return 0, io.EOF
		}
		f.next()
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// next reads one line into buf (its checked form, newline included).
func (f *lineFilter) next() {
	line, err := f.r.ReadSlice('\n')
	long := false
	if errors.Is(err, bufio.ErrBufferFull) || len(line) > MaxLine {
		long = true
		for errors.Is(err, bufio.ErrBufferFull) { // skip the rest of the line
			_, err = f.r.ReadSlice('\n')
		}
	}
	if len(line) == 0 && err != nil {
		f.setErr(err)
		return
	}
	f.n++
	if long {
		f.foreignLine("a line longer than %d bytes", MaxLine)
		f.problem("a line longer than %d bytes, skipped", MaxLine)
		f.buf = append(f.buf[:0], '\n')
		f.setErr(err)
		return
	}
	cut := err != nil // the last line, without its newline
	text := strings.TrimRight(string(line), "\r\n")
	if msg := f.check(text, cut); msg != "" {
		f.problem("%s", msg)
		text = ""
	}
	f.buf = append(append(f.buf[:0], text...), '\n')
	f.setErr(err)
}

func (f *lineFilter) setErr(err error) {
	if err != nil {
		if errors.Is(err, io.EOF) {
			f.err = io.EOF
		} else {
			f.err = err
		}
	}
}

func (f *lineFilter) problem(format string, a ...any) {
	f.nproblems++
	if len(f.problems) < MaxProblems {
		f.problems = append(f.problems, fmt.Sprintf("%s:%d: ", f.name, f.n)+fmt.Sprintf(format, a...))
	}
}

func (f *lineFilter) foreignLine(format string, a ...any) {
	f.foreign++
	if f.firstForeign == 0 {
		f.firstForeign, f.firstWhat = f.n, fmt.Sprintf(format, a...)
	}
}

// check returns what is wrong with a line that benchfmt would take or
// skip silently, "" if nothing (syntax errors are benchfmt's to report,
// values are checkValues'). cut says the line is the file's last and has
// no newline: a writer of results ends every line, so such a result was
// cut short.
func (f *lineFilter) check(line string, cut bool) string {
	t := strings.TrimSpace(line)
	switch {
	case strings.ContainsRune(line, 0) || !utf8.ValidString(line):
		f.foreignLine("binary data")
		return "binary data, not text: ignored"
	case strings.HasPrefix(line, "Benchmark"):
		if cut {
			return "the file ends in the middle of this result (no newline after it): cut short, skipped"
		}
		if len(strings.Fields(line)) == 1 {
			return fmt.Sprintf("a result line with a name only (%s): cut short, skipped", abbrev(t))
		}
		return ""
	case t == "", strings.HasPrefix(line, "Unit "),
		t == "PASS", t == "FAIL", strings.HasPrefix(t, "ok "), strings.HasPrefix(t, "ok\t"),
		strings.HasPrefix(t, "FAIL\t"), strings.HasPrefix(t, "--- "), strings.HasPrefix(t, "=== "),
		strings.HasPrefix(t, "?"):
		return ""
	case isConfigLine(line):
		f.configs++
		if k, v, _ := strings.Cut(line, ":"); k == bench.IncompleteKey {
			if v = strings.TrimSpace(v); v != "" {
				f.incomplete = v
			}
		}
		return ""
	}
	f.foreignLine("%q", abbrev(line))
	return fmt.Sprintf("not a benchmark result nor a configuration line, ignored: %q", abbrev(line))
}

func abbrev(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// checkValues checks the figures of a result as benchfmt read them: an
// iteration count of at least 1, finite values, a positive time, rate or
// node count, and no unit cut short (a proper prefix of a known unit:
// ns/o). "" if they are fine.
func checkValues(r *benchfmt.Result) string {
	if r.Iters < 1 {
		return fmt.Sprintf("iteration count %d: must be at least 1; result skipped", r.Iters)
	}
	for _, v := range r.Values {
		orig, unit := v.Value, v.Unit
		if v.OrigUnit != "" {
			orig, unit = v.OrigValue, v.OrigUnit
		}
		_, tidy := benchunit.Tidy(1, unit) // benchfmt leaves 0 ns/op untidied
		switch {
		case math.IsNaN(v.Value) || math.IsInf(v.Value, 0):
			return fmt.Sprintf("%s %s: not a finite number; result skipped", fmtValue(orig), unit)
		case v.Value <= 0 && mustBePositive(tidy):
			return fmt.Sprintf("%s %s: a %s must be positive; result skipped", fmtValue(orig), unit, quantity(tidy))
		}
		if k := cutUnit(unit); k != "" {
			return fmt.Sprintf("unit %q: %q cut short; result skipped", unit, k)
		}
	}
	return ""
}

// KnownUnits are the units flipbench and go test write: a unit that is a
// proper prefix of one of them is one cut short.
var KnownUnits = []string{"ns/op", "B/op", "allocs/op", "MB/s", "GB/s", "nodes/op", "positions/op",
	"wall-ns/op", "score", "best-square", "empties", "discs", "bias-discs", "rms-discs", "cycles/op", "instructions/op"}

func cutUnit(u string) string {
	for _, k := range KnownUnits {
		if len(u) < len(k) && strings.HasPrefix(k, u) {
			return k
		}
	}
	return ""
}

func fmtValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// mustBePositive: units no measurement can make zero or negative (times,
// rates, node counts); other units (scores, errors, counts) may be.
func mustBePositive(unit string) bool {
	return unit == "sec/op" || strings.HasSuffix(unit, "/s") || unit == "nodes/op"
}

func quantity(unit string) string {
	switch {
	case unit == "sec/op":
		return "time"
	case strings.HasSuffix(unit, "/s"):
		return "rate"
	}
	return "count"
}

// sortByLine orders "file:line: ..." messages of one file by line.
func sortByLine(msgs []string) {
	line := func(s string) int {
		m := lineRE.FindStringSubmatch(s)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	slices.SortStableFunc(msgs, func(a, b string) int { return line(a) - line(b) })
}

var lineRE = regexp.MustCompile(`:([0-9]+): `)

// isConfigLine is benchfmt's rule for "key: value": a key starting with a
// lower-case letter, without spaces or upper-case letters.
func isConfigLine(line string) bool {
	key, _, ok := strings.Cut(line, ":")
	if !ok || key == "" {
		return false
	}
	for i, r := range key {
		if i == 0 && !unicode.IsLower(r) || unicode.IsSpace(r) || unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// ResultsFiles lists the results files under dir (dir/<cpu>/*.txt), in
// name order, which is date order within a CPU.
func ResultsFiles(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.txt"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	return files, nil
}

// StaleFiles lists the unfinished results files under dir
// (dir/<cpu>/*.partial) that no session is writing: their folder's lock
// is free, so the session that wrote them was killed before its end.
// Their results are not read (StaleNote).
func StaleFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"+bench.PartialSuffix))
	slices.Sort(files)
	var out []string
	for _, f := range files {
		if _, live := bench.LockHolder(filepath.Dir(f)); !live {
			out = append(out, f)
		}
	}
	return out
}

// StaleNote says what a stale file is and what to do with it.
func StaleNote(path string) string {
	return path + ": the unfinished results of a session killed before its end (no flipbench is writing it): not read; delete it"
}

// FSSources lists the results files of a file system laid out as
// results/ (<cpu-id>/*.txt), named prefix+path, in name order.
func FSSources(fsys fs.FS, prefix string) ([]Source, error) {
	names, err := fs.Glob(fsys, "*/*.txt")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Source
	for _, n := range names {
		n := n
		out = append(out, Source{Name: prefix + n, Open: func() (io.ReadCloser, error) { return fsys.Open(n) }})
	}
	return out, nil
}

// CPUOf names the machine of a result by its identity: the cpu-id
// configuration line; in a file older than that line, the identity made
// from its cpu-vendor, cpu-family, cpu-model and cpu-stepping lines
// (variants.Identity); else its cpu-slug line, the folder of its file
// (results/<folder>/), or its cpu line. The name is reduced to letters,
// digits and '-', so that it is always a safe folder name.
func CPUOf(r *benchfmt.Result) string {
	if s := r.GetConfig("cpu-id"); s != "" {
		return safeName(s)
	}
	if id := derivedID(r); id != "" {
		return id
	}
	if s := r.GetConfig("cpu-slug"); s != "" {
		return safeName(s)
	}
	if f := r.GetConfig(".file"); f != "" {
		if d := path.Base(filepath.ToSlash(filepath.Dir(f))); d != "." && d != "/" && d != "" {
			return safeName(d)
		}
	}
	return safeName(r.GetConfig("cpu"))
}

// derivedID is the identity of a result's CPU from its family, model and
// stepping lines, "" without them.
func derivedID(r *benchfmt.Result) string {
	c, ok := CPUInfoOf(r)
	if !ok {
		return ""
	}
	return c.ID()
}

// CPUInfoOf rebuilds the CPU of a result from its configuration lines
// (cpu, cpu-vendor, cpu-family, cpu-model, cpu-stepping, x64level or on
// arm64 sve-bits, cpu-features): the CPU the selection rules and pick judge it by. False
// when the family or model line is missing.
func CPUInfoOf(r *benchfmt.Result) (variants.CPUInfo, bool) {
	fam, err1 := strconv.ParseInt(r.GetConfig("cpu-family"), 0, 32)
	mod, err2 := strconv.ParseInt(r.GetConfig("cpu-model"), 0, 32)
	if err1 != nil || err2 != nil || fam < 0 || mod < 0 {
		return variants.CPUInfo{}, false
	}
	step, _ := strconv.ParseInt(r.GetConfig("cpu-stepping"), 0, 32)
	level, _ := strconv.Atoi(strings.TrimPrefix(r.GetConfig("x64level"), "v"))
	var has []variants.Feature
	for _, f := range strings.Fields(r.GetConfig("cpu-features")) {
		if slices.Contains(variants.AllFeatures, variants.Feature(f)) {
			has = append(has, variants.Feature(f))
		}
	}
	brand := r.GetConfig("cpu")
	if brand == "unknown" {
		brand = ""
	}
	vendor := r.GetConfig("cpu-vendor")
	if vendor == "unknown" {
		vendor = ""
	}
	if r.GetConfig("goarch") == "arm64" {
		sve, _ := strconv.Atoi(r.GetConfig("sve-bits"))
		return variants.NewARMCPUInfo(brand, vendor, int(fam), int(mod), int(max(step, 0)), sve, has), true
	}
	return variants.NewCPUInfo(brand, vendor, int(fam), int(mod), int(max(step, 0)), level, has), true
}

// safeName keeps lower-case letters, digits and '-'.
func safeName(s string) string {
	b := []byte(strings.ToLower(s))
	out := b[:0]
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-':
			out = append(out, c)
		case len(out) > 0 && out[len(out)-1] != '-':
			out = append(out, '-')
		}
	}
	s = strings.Trim(string(out), "-")
	if len(s) > 80 {
		s = s[:80]
	}
	if s == "" {
		return "unknown"
	}
	return s
}

// KindOf is the kind of implementation of a result's variant, from the
// results alone where they say it:
//
//  1. the result's impl configuration line: c (cbench's files), go,
//     gosimd (archsimd in older files) or asm (flipbench bench writes it
//     for every variant);
//  2. without it (files older than that line): a variant named c-* is C,
//     gosimd-* gosimd, reference plain Go;
//  3. else the registry of this build, where it has the variant;
//  4. else avo assembly.
func KindOf(r *benchfmt.Result) string {
	switch impl := r.GetConfig("impl"); impl {
	case variants.KindC, variants.KindGo, variants.KindGoSIMD, variants.KindAsm:
		return impl
	case variants.KindArchsimd:
		return variants.KindGoSIMD
	}
	keys := nameKeys(r.Name)
	v := keys["variant"]
	switch {
	case strings.HasPrefix(v, "c-"):
		return variants.KindC
	case strings.HasPrefix(v, variants.GoSIMDPrefix):
		return variants.KindGoSIMD
	case v == variants.RefName, v == bench.BaselineVariant:
		return variants.KindGo
	}
	if k, err := variants.KernelByName(keys["kernel"]); err == nil {
		for _, in := range k.Infos() {
			if in.Name == v {
				return in.Kind()
			}
		}
	}
	return variants.KindAsm
}

// KindLabel names a kind in tables.
func KindLabel(kind string) string {
	switch kind {
	case variants.KindGo:
		return "Go"
	case variants.KindGoSIMD:
		return "gosimd"
	case variants.KindAsm:
		return "asm"
	case variants.KindC:
		return "C"
	}
	return kind
}

// KeepLatest keeps, for each machine, build flavour (Flavour) and
// benchmark, only the results of the newest complete file that has it
// (files are read in date order), so that a re-run replaces an older run
// instead of mixing with it. The file of an interrupted session
// (Incomplete) never replaces a complete one: its results count only for
// benchmarks no complete file has.
func (ds *Dataset) KeepLatest() {
	fileIdx := map[string]int{}
	for i, f := range ds.Files {
		fileIdx[f] = i
		if _, bad := ds.Incomplete[f]; !bad {
			fileIdx[f] += len(ds.Files) // complete files above every incomplete one
		}
	}
	type key struct{ cpu, name, flavour string }
	newest := map[key]int{}
	keyOfView := map[*benchfmt.Result]key{}
	for i := range ds.recs {
		v := ds.View(i)
		k, ok := keyOfView[v]
		if !ok {
			k = key{CPUOf(v), string(v.Name.Full()), Flavour(v)}
			keyOfView[v] = k
		}
		if fi := fileIdx[v.GetConfig(".file")]; fi >= newest[k] {
			newest[k] = fi
		}
	}
	ds.Keep(func(i int) bool {
		v := ds.View(i)
		return fileIdx[v.GetConfig(".file")] == newest[keyOfView[v]]
	})
}

// Flavour names how a result's binary was built where it departs from
// flipbench's default build (go build with the PGO profile, no build tag,
// no experiment): "GOEXPERIMENT=simd", "PGO off", "-tags purego", joined
// by ", "; "" for the default. Results of two flavours are two runs, never
// pooled: a flavour may have variants the other lacks.
func Flavour(r *benchfmt.Result) string {
	return flavour(r.GetConfig)
}

// BuildFlavour is the flavour whose variants this binary has: its
// GOEXPERIMENT (PGO or not, the variants are the same).
func BuildFlavour() string {
	return flavour(func(k string) string {
		if k == "goexperiment" {
			return bench.BuildGOEXPERIMENT()
		}
		return ""
	})
}

func flavour(get func(string) string) string {
	var parts []string
	exp := get("goexperiment")
	if exp == "" {
		// files older than the goexperiment line: the go line says it
		if _, x, ok := strings.Cut(get("go"), "-X:"); ok {
			exp = x
		}
	}
	if exp != "" {
		parts = append(parts, "GOEXPERIMENT="+exp)
	}
	if get("pgo") == "off" {
		parts = append(parts, "PGO off")
	}
	if t := get("tags"); t != "" {
		parts = append(parts, "-tags "+t)
	}
	return strings.Join(parts, ", ")
}
