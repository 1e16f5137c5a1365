package resultsfile

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// A Writer writes a results file: its KeyFormat line first, then unit
// metadata and results (their configuration lines where they change),
// then the lines that describe the session's end (WriteEnd,
// MarkIncomplete). Each call writes its lines to w at once, so that an
// interrupted session keeps every line written.
type Writer struct {
	w       io.Writer
	bw      *benchfmt.Writer
	started bool
}

// NewWriter starts a results file on w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w, bw: benchfmt.NewWriter(w)} }

func (w *Writer) start() error {
	if w.started {
		return nil
	}
	w.started = true
	_, err := fmt.Fprintf(w.w, "%s: %s\n", KeyFormat, Version)
	return err
}

// Write appends one result.
func (w *Writer) Write(r *benchfmt.Result) error {
	if err := w.start(); err != nil {
		return err
	}
	return w.bw.Write(r)
}

// WriteUnit appends unit metadata ("Unit nodes/op assume=exact"): write
// it before the results it describes.
func (w *Writer) WriteUnit(u *benchfmt.UnitMetadata) error {
	if err := w.start(); err != nil {
		return err
	}
	return w.bw.Write(u)
}

// WriteEnd appends a configuration line of what was so at the session's
// end: after the last result, it describes the session, no result.
func (w *Writer) WriteEnd(key, value string) error {
	if err := w.start(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w.w, "\n%s: %s\n", key, value)
	return err
}

// MarkIncomplete ends the file with the KeyIncomplete line, reason its
// value (one line): the session stopped before its end.
func (w *Writer) MarkIncomplete(reason string) error {
	reason = strings.Join(strings.Fields(reason), " ")
	if reason == "" {
		reason = "interrupted"
	}
	return w.WriteEnd(KeyIncomplete, reason)
}

// ExactUnit is the metadata of a unit whose values do not vary between
// runs (for benchstat: any difference is a warning, no interval is
// computed).
func ExactUnit(unit string) *benchfmt.UnitMetadata {
	return &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: unit, Key: "assume"}, OrigUnit: unit, Value: "exact"}
}

// Config is key, value pairs as a result's configuration lines (file
// configuration: benchfmt writes them above the results).
func Config(kvs ...[][2]string) []benchfmt.Config {
	var out []benchfmt.Config
	for _, kv := range kvs {
		for _, c := range kv {
			out = append(out, benchfmt.Config{Key: c[0], Value: []byte(c[1]), File: true})
		}
	}
	return out
}
