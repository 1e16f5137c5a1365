package bench

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/flipbench/flipbench/internal/atomicfile"
	"golang.org/x/perf/benchfmt"
)

// A ResultsFile is a results file being written: results go to NAME.partial
// as they finish (one write per line, so an interrupted session keeps
// every finished line), and Close syncs it and renames it to NAME, which
// therefore appears whole or not at all.
type ResultsFile struct {
	Path string // the final name
	f    *atomicfile.File
	w    *benchfmt.Writer
	n    int
}

// ResultsDir finds the results/ directory: in the flipbench module root
// above the working directory if there is one, else ./results.
func ResultsDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return "results"
	}
	for d := dir; ; d = filepath.Dir(d) {
		if isFlipbenchRoot(d) {
			return filepath.Join(d, "results")
		}
		if filepath.Dir(d) == d {
			return "results"
		}
	}
}

func isFlipbenchRoot(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); strings.HasPrefix(line, "module ") {
			return strings.TrimSpace(strings.TrimPrefix(line, "module ")) == "github.com/flipbench/flipbench"
		}
	}
	return false
}

// ResultsName is results/<slug>/<date>-<what>.txt.
func ResultsName(dir, slug string, now time.Time, what string) string {
	return filepath.Join(dir, slug, now.UTC().Format("2006-01-02T150405")+"-"+what+".txt")
}

// CreateResults starts a results file at path (its directory is created).
func CreateResults(path string) (*ResultsFile, error) {
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("%s exists already", path)
	}
	f, err := atomicfile.Create(path, ".partial")
	if err != nil {
		return nil, err
	}
	rf := &ResultsFile{Path: path, f: f, w: benchfmt.NewWriter(f)}
	for _, u := range UnitMetadata() {
		if err := rf.w.Write(u); err != nil {
			f.Abort()
			return nil, err
		}
	}
	return rf, nil
}

// Write appends one result; it reaches the file before Write returns.
func (rf *ResultsFile) Write(r *benchfmt.Result) error {
	if err := rf.w.Write(r); err != nil {
		return err
	}
	rf.n++
	return nil
}

// WriteUnit appends unit metadata ("Unit nodes/op assume=exact"): write
// it before the results it describes.
func (rf *ResultsFile) WriteUnit(u *benchfmt.UnitMetadata) error { return rf.w.Write(u) }

// Results is the number of results written.
func (rf *ResultsFile) Results() int { return rf.n }

// Close syncs the file and renames it to its final name; with no result
// written it removes it instead and returns ErrNoResults.
func (rf *ResultsFile) Close() error {
	if rf.n == 0 {
		rf.f.Abort()
		return ErrNoResults
	}
	return rf.f.Commit()
}

// ErrNoResults: the session ended before its first result.
var ErrNoResults = errors.New("no result was finished; nothing written")
