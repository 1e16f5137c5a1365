package stats

import (
	"bufio"

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

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/variants"
)

// A Dataset is the benchmark results of a set of files, with the lines
// that could not be read, by file:line.
type Dataset struct {
	Results  []*benchfmt.Result
	Problems []string // "file:line: what is wrong"
	Units    benchfmt.UnitMetadataMap
	Files    []string
	// Incomplete maps the files of interrupted sessions (their
	// bench.IncompleteKey line) to what that line says.
	Incomplete map[string]string
	// Stale lists unfinished results files (.partial) that no session is
	// writing any more: a session killed before its end (ReadDir).
	Stale []string
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

// Limits of the reader, so that any input is read in bounded memory.
const (
	// MaxLine is the longest line read (benchfmt's own limit is 64 KiB,
	// beyond which it stops reading the file): a longer one is reported
	// and skipped.
	MaxLine = 32 << 10
	// MaxProblems is the number of problems listed per file; the rest
	// are counted.
	MaxProblems = 1000
)

// ReadResults reads results files in Go's benchmark format. A line that
// is not a benchmark result, a configuration line or go test's own output
// is reported in Problems with its file:line, and the rest is read; so is
// a result whose iteration count is below 1, whose value is not a finite
// number, or whose time (ns/op), rate (.../s) or node count is zero or
// negative: such a line is skipped whole. Only a file that cannot be
// opened is an error.
func ReadResults(paths ...string) (*Dataset, error) {
	srcs := make([]Source, len(paths))
	for i, p := range paths {
		srcs[i] = FileSource(p)
	}
	return ReadSources(srcs...)
}

// ReadSources is ReadResults of any sources.
func ReadSources(srcs ...Source) (*Dataset, error) {
	ds := &Dataset{Units: benchfmt.UnitMetadataMap{}, Incomplete: map[string]string{}}
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

func (ds *Dataset) read(src Source) error {
	rc, err := src.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	name := src.Name
	ds.Files = append(ds.Files, name)
	lf := &lineFilter{r: bufio.NewReaderSize(rc, 64<<10), name: name}
	r := benchfmt.NewReader(lf, name)
	var probs []string
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			probs = append(probs, rec.Error())
		case *benchfmt.UnitMetadata:
			ds.Units[rec.UnitMetadataKey] = rec
		case *benchfmt.Result:
			c := rec.Clone()
			c.SetConfig(".file", name)
			if c.GetConfig("cpu-id") == "" {
				// a file older than the cpu-id line: -col cpu-id works
				// on it too
				if id := derivedID(c); id != "" {
					c.SetConfig("cpu-id", id)
				}
			}
			ds.Results = append(ds.Results, c)
		}
	}
	probs = append(probs, lf.problems...)
	sortByLine(probs)
	if err := r.Err(); err != nil {
		probs = append(probs, err.Error())
	}
	if lf.err != nil && !errors.Is(lf.err, io.EOF) {
		probs = append(probs, fmt.Sprintf("%s: %v", name, lf.err))
	}
	if len(probs) > MaxProblems {
		n := len(probs) - MaxProblems
		probs = append(probs[:MaxProblems], fmt.Sprintf("%s: %d more problems not listed", name, n))
	}
	ds.Problems = append(ds.Problems, probs...)
	if lf.incomplete != "" {
		ds.Incomplete[name] = lf.incomplete
	}
	return nil
}

// lineFilter hands benchfmt the lines of a file, each checked first: a
// line too long, or a result with a value no statistic can use, becomes an
// empty line (so that benchfmt's line numbers stay right) and a problem;
// a foreign line is reported (benchfmt skips it without a word).
type lineFilter struct {
	r          *bufio.Reader
	name       string
	n          int // lines read
	buf        []byte
	problems   []string
	incomplete string
	err        error
	one        *benchfmt.Reader // checks one line at a time
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
		if !errors.Is(err, io.EOF) {
			f.err = err
		} else {
			f.err = io.EOF
		}
		return
	}
	f.n++
	if long {
		f.problem("a line longer than %d bytes, skipped", MaxLine)
		f.buf = append(f.buf[:0], '\n')
		f.setErr(err)
		return
	}
	text := strings.TrimRight(string(line), "\r\n")
	if msg := f.check(text); msg != "" {
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
	f.problems = append(f.problems, fmt.Sprintf("%s:%d: ", f.name, f.n)+fmt.Sprintf(format, a...))
}

// check returns what is wrong with a line that benchfmt would take or
// skip silently, "" if nothing (syntax errors are benchfmt's to report).
func (f *lineFilter) check(line string) string {
	t := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(line, "Benchmark"):
		return f.checkResult(line)
	case t == "", strings.HasPrefix(line, "Unit "),
		t == "PASS", t == "FAIL", strings.HasPrefix(t, "ok "), strings.HasPrefix(t, "ok\t"),
		strings.HasPrefix(t, "FAIL\t"), strings.HasPrefix(t, "--- "), strings.HasPrefix(t, "=== "),
		strings.HasPrefix(t, "?"):
		return ""
	case isConfigLine(line):
		if k, v, _ := strings.Cut(line, ":"); k == bench.IncompleteKey {
			if v = strings.TrimSpace(v); v != "" {
				f.incomplete = v
			}
		}
		return ""
	}
	if len(line) > 60 {
		line = line[:57] + "..."
	}
	return fmt.Sprintf("not a benchmark result nor a configuration line, ignored: %q", line)
}

// checkResult checks the figures of a result line as benchfmt reads
// them: an iteration count of at least 1, finite values, and a positive
// time, rate or node count. A line benchfmt cannot read is left for it to
// report.
func (f *lineFilter) checkResult(line string) string {
	if f.one == nil {
		f.one = benchfmt.NewReader(strings.NewReader(""), f.name)
	}
	f.one.Reset(strings.NewReader(line), f.name)
	for f.one.Scan() {
		r, ok := f.one.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
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
// (cpu, cpu-vendor, cpu-family, cpu-model, cpu-stepping, x64level,
// cpu-features): the CPU the selection rules and pick judge it by. False
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

// KeepLatest keeps, for each machine and benchmark, only the results of
// the newest complete file that has it (files are read in date order),
// so that a re-run replaces an older run instead of mixing with it. The
// file of an interrupted session (Incomplete) never replaces a complete
// one: its results count only for benchmarks no complete file has.
func (ds *Dataset) KeepLatest() {
	fileIdx := map[string]int{}
	for i, f := range ds.Files {
		fileIdx[f] = i
		if _, bad := ds.Incomplete[f]; !bad {
			fileIdx[f] += len(ds.Files) // complete files above every incomplete one
		}
	}
	// A build without the PGO profile (pgo: off) is a run of its own: its
	// whole solves stand beside the default build's, not replaced by them.
	type key struct{ cpu, name, pgo string }
	newest := map[key]int{}
	keys := make([]key, len(ds.Results))
	for i, r := range ds.Results {
		k := key{CPUOf(r), string(r.Name.Full()), r.GetConfig("pgo")}
		keys[i] = k
		if fi := fileIdx[r.GetConfig(".file")]; fi >= newest[k] {
			newest[k] = fi
		}
	}
	var keep []*benchfmt.Result
	for i, r := range ds.Results {
		if fileIdx[r.GetConfig(".file")] == newest[keys[i]] {
			keep = append(keep, r)
		}
	}
	ds.Results = keep
}
