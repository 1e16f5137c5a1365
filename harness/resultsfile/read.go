package resultsfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"
)

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
)

// A Source is one results file: Name names it in the results (KeyFile)
// and in messages (a path, or "embedded:results/<cpu-id>/<file>"), Open
// reads it.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// FileSource is a file on disk.
func FileSource(path string) Source {
	return Source{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
}

// FileSources are files on disk.
func FileSources(paths ...string) []Source {
	srcs := make([]Source, len(paths))
	for i, p := range paths {
		srcs[i] = FileSource(p)
	}
	return srcs
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
		out = append(out, Source{Name: prefix + n, Open: func() (io.ReadCloser, error) { return fsys.Open(n) }})
	}
	return out, nil
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

// A Handler takes what Read finds in a file. Its fields may be nil.
type Handler struct {
	// Size is the file's size in bytes, where it is known, before its
	// first line: room to reserve.
	Size func(bytes int64)
	// Result is a result that passed the checks; benchfmt reuses it
	// after the call, so copy what is kept. An error stops the reading.
	Result func(r *benchfmt.Result) error
	// Unit is a unit's metadata line.
	Unit func(u *benchfmt.UnitMetadata)
}

// FileInfo is what Read found in a file besides its results.
type FileInfo struct {
	// Problems are the lines that could not be read ("file:line: what
	// is wrong"), the first MaxProblems and a count of the rest.
	Problems []string
	// Incomplete is what the file's KeyIncomplete line says, "" for a
	// complete session's file.
	Incomplete string
}

// Read reads a results file in Go's benchmark format, streaming. A line
// that is not a benchmark result, a configuration line or go test's own
// output is reported in Problems with its file:line, and the rest is
// read; so is a result cut short (a name alone, a unit cut to a prefix of
// a known one, a last line without its newline), a result whose
// iteration count is below 1, whose value is not a finite number, or
// whose time (ns/op), rate (.../s) or node count is zero or negative:
// such a line is skipped whole. A file that cannot be opened is an
// error; so is one that is not a results file at all (NotResultsError),
// and an error of h.Result.
func Read(src Source, h Handler) (FileInfo, error) {
	rc, err := src.Open()
	if err != nil {
		return FileInfo{}, err
	}
	defer rc.Close()
	if h.Size != nil {
		if n, ok := sizeOf(rc); ok {
			h.Size(n)
		}
	}
	name := src.Name
	lf := &lineFilter{r: bufio.NewReaderSize(rc, 64<<10), name: name}
	r := benchfmt.NewReader(lf, name)
	var ps problems
	results := 0
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			ps.add(rec.Error())
		case *benchfmt.UnitMetadata:
			if h.Unit != nil {
				h.Unit(rec)
			}
		case *benchfmt.Result:
			if msg := checkValues(rec); msg != "" {
				f, l := rec.Pos()
				ps.add(fmt.Sprintf("%s:%d: %s", f, l, msg))
				continue
			}
			results++
			if h.Result != nil {
				if err := h.Result(rec); err != nil {
					return FileInfo{}, err
				}
			}
		}
	}
	if results == 0 && lf.foreign > lf.configs {
		return FileInfo{}, &NotResultsError{File: name, Line: lf.firstForeign, What: lf.firstWhat}
	}
	return FileInfo{Problems: ps.merge(name, lf, r.Err()), Incomplete: lf.incomplete}, nil
}

// sizeOf is the size of a regular file, false for anything else.
func sizeOf(rc io.ReadCloser) (int64, bool) {
	st, ok := rc.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return 0, false
	}
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	return fi.Size(), true
}

// problems are the first MaxProblems problems of a file and their count.
type problems struct {
	list []string
	n    int
}

func (p *problems) add(s string) {
	p.n++
	if len(p.list) < MaxProblems {
		p.list = append(p.list, s)
	}
}

// merge is a file's problems: its values' and benchfmt's with its lines',
// in line order, then the readers' errors and the count of those not
// listed.
func (p *problems) merge(name string, lf *lineFilter, readErr error) []string {
	probs := append(p.list, lf.problems...)
	n := p.n + lf.nproblems
	sortByLine(probs)
	probs = probs[:min(len(probs), MaxProblems)]
	if readErr != nil {
		probs = append(probs, readErr.Error())
	}
	if lf.err != nil && !errors.Is(lf.err, io.EOF) {
		probs = append(probs, fmt.Sprintf("%s: %v", name, lf.err))
	}
	if n > len(probs) {
		probs = append(probs, fmt.Sprintf("%s: %d more problems not listed", name, n-len(probs)))
	}
	return probs
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
		if k, v, _ := strings.Cut(line, ":"); k == KeyIncomplete {
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
		case v.Value <= 0 && MustBePositive(tidy):
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

// MustBePositive reports whether no measurement can make a unit's
// values zero or negative (times, rates, node counts); those of other
// units (scores, errors, counts) may be.
func MustBePositive(unit string) bool {
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
