package bench

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/internal/atomicfile"
	"golang.org/x/perf/benchfmt"
)

// A ResultsFile is a results file being written: results go to NAME.partial
// as they finish (one write per line, so an interrupted session keeps
// every finished line), and Close syncs it and renames it to NAME, which
// therefore appears whole or not at all. A session that stops before its
// end says so in the file (MarkIncomplete) before Close; a process killed
// outright leaves NAME.partial, which the readers report as stale. While
// the file is open its folder's lock (LockDir) is held.
type ResultsFile struct {
	Path string // the final name
	// Lock is the folder's lock; Lock.TookOver says whether a dead
	// process's lock was taken over.
	Lock *Lock
	f    *atomicfile.File
	w    *resultsfile.Writer
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

// ResultsName is results/<cpu-id>/<date>-<what>.txt (variants.CPUInfo.ID).
func ResultsName(dir, id string, now time.Time, what string) string {
	return filepath.Join(dir, id, now.UTC().Format("2006-01-02T150405")+"-"+what+".txt")
}

// PartialSuffix ends the name of a results file being written.
const PartialSuffix = ".partial"

// StaleFiles lists the unfinished results files under dir
// (dir/<cpu>/*.partial) that no session is writing: their folder's lock
// is free, so the session that wrote them was killed before its end.
// Their results are not read (StaleNote).
func StaleFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"+PartialSuffix))
	slices.Sort(files)
	var out []string
	for _, f := range files {
		if _, live := LockHolder(filepath.Dir(f)); !live {
			out = append(out, f)
		}
	}
	return out
}

// StaleNote says what a stale file is and what to do with it.
func StaleNote(path string) string {
	return path + ": the unfinished results of a session killed before its end (no flipbench is writing it): not read; delete it"
}

// CreateResults starts a results file at path (its directory is created),
// holding the directory's lock until Close: an error names the session
// that holds it.
func CreateResults(path string) (*ResultsFile, error) {
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("%s exists already", path)
	}
	lock, err := LockDir(filepath.Dir(path), commandLine())
	if err != nil {
		return nil, err
	}
	f, err := atomicfile.Create(path, PartialSuffix)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	rf := &ResultsFile{Path: path, Lock: lock, f: f, w: resultsfile.NewWriter(f)}
	for _, u := range UnitMetadata() {
		if err := rf.w.WriteUnit(u); err != nil {
			f.Abort()
			lock.Unlock()
			return nil, err
		}
	}
	return rf, nil
}

// commandLine is this process's command, for the lock file.
func commandLine() string {
	args := slices.Clone(os.Args)
	if len(args) > 0 {
		args[0] = filepath.Base(args[0])
	}
	s := strings.Join(args, " ")
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return strings.ReplaceAll(s, "\n", " ")
}

// MarkIncomplete ends the file with the resultsfile.KeyIncomplete line,
// reason its value (one line): the session stopped before its end.
// Readers never let such a file's results replace a complete run's
// (stats.Dataset.KeepLatest). Call it before Close.
func (rf *ResultsFile) MarkIncomplete(reason string) error { return rf.w.MarkIncomplete(reason) }

// WriteEnd ends the file with a configuration line of what was so at the
// session's end (resultsfile.KeyLoadEnd): after the last result, it describes
// the session, no result. Call it before Close (and MarkIncomplete).
func (rf *ResultsFile) WriteEnd(key, value string) error { return rf.w.WriteEnd(key, value) }

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
func (rf *ResultsFile) WriteUnit(u *benchfmt.UnitMetadata) error { return rf.w.WriteUnit(u) }

// Results is the number of results written.
func (rf *ResultsFile) Results() int { return rf.n }

// Close syncs the file and renames it to its final name; with no result
// written it removes it instead and returns ErrNoResults. It releases the
// folder's lock.
func (rf *ResultsFile) Close() error {
	defer rf.Lock.Unlock()
	if rf.n == 0 {
		rf.f.Abort()
		return ErrNoResults
	}
	return rf.f.Commit()
}

// Abort removes the file being written, whatever was written to it (a
// session that must leave no file: an import that failed half-way), and
// releases the folder's lock.
func (rf *ResultsFile) Abort() {
	defer rf.Lock.Unlock()
	rf.f.Abort()
}

// ErrNoResults: the session ended before its first result.
var ErrNoResults = errors.New("no result was finished; nothing written")
