// Package store shares results files through a perfdata storage server,
// the engine behind perfdata.golang.org (for a team:
// golang.org/x/build/perfdata/localperfdata, a SQLite file and a data
// folder), with its standard upload and query API and the client of
// golang.org/x/perf/storage.
//
// Upload sends results files as one upload, each file a part with every
// configuration line (the CPU identity, commit, Go version) as labels the
// server indexes. Download brings a query's results back as a results
// directory laid out like results/: <dir>/<cpu-id>/<file>.txt, one file
// per uploaded file under its original name, configuration lines and unit
// metadata kept, results in their original order. compare, report and
// pick then read it as they read results/, so that their tables are the
// same by construction.
//
// The server keeps benchmark lines and configuration, not the "Unit"
// metadata lines of the format (GB/s better=higher, nodes/op
// assume=exact): Upload carries them in a label of their own
// (flipbench-units), with the file's SHA-256 (flipbench-sha256, so that a
// file already on the server is not sent twice), and Download writes them
// back as Unit lines. The labels the server adds (upload, upload-part,
// upload-time, upload-file, by) are left out of the downloaded files:
// the upload part of each file is in Downloaded.Part and Link.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/perf/storage"
)

// The labels flipbench adds to an upload, and those the server adds.
const (
	UnitsLabel  = "flipbench-units"  // the file's Unit lines, "; "-separated, without "Unit "
	SHA256Label = "flipbench-sha256" // the file's SHA-256, hex
)

// serverLabels are the labels a perfdata server adds to every result of
// an upload (app.processUpload).
var serverLabels = []string{"upload", "upload-part", "upload-time", "upload-file", "by"}

// A Server is a perfdata storage server.
type Server struct {
	URL    string // its root, without a trailing slash
	client *storage.Client
}

// NewServer checks a server URL: http or https, with a host. A bare
// host:port is taken as http://host:port.
func NewServer(raw string) (*Server, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return nil, errors.New("no server URL (e.g. http://localhost:8080)")
	}
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("server URL %q: %v", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("server URL %q: want http:// or https://, not %s:// (e.g. http://localhost:8080)", raw, u.Scheme)
	}
	if u.Host == "" || u.Hostname() == "" {
		return nil, fmt.Errorf("server URL %q: no host (e.g. http://localhost:8080)", raw)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("server URL %q: give the server's root, without ?query or #fragment", raw)
	}
	base := strings.TrimRight(u.String(), "/")
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	return &Server{URL: base, client: &storage.Client{BaseURL: base, HTTPClient: &http.Client{Transport: tr}}}, nil
}

// An Error is a failed exchange with the server: it could not be
// reached, it is not a perfdata server (or not at that URL), or it
// refused the request.
type Error struct {
	Server string
	Op     string // "upload", "list uploads", "query ..."
	Kind   ErrorKind
	Err    error
}

// ErrorKind says what went wrong with a server.
type ErrorKind int

const (
	Unreachable ErrorKind = iota // no connection (down, wrong host or port)
	NotPerfdata                  // an answer that is not a perfdata server's (wrong URL or path)
	Refused                      // the server answered with an error
)

func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Err.Error())
	msg = strings.TrimPrefix(msg, "upload failed: ")
	msg = strings.Join(strings.FieldsFunc(msg, func(r rune) bool { return r == '\n' || r == '\r' }), ": ")
	switch e.Kind {
	case Unreachable:
		return fmt.Sprintf("cannot reach the perfdata server at %s (%s): %s", e.Server, e.Op, msg)
	case NotPerfdata:
		return fmt.Sprintf("%s does not answer as a perfdata server (%s: %s): is the URL the server's root, e.g. http://host:8080?", e.Server, e.Op, msg)
	}
	return fmt.Sprintf("the perfdata server at %s refused %s: %s", e.Server, e.Op, msg)
}

func (e *Error) Unwrap() error { return e.Err }

// wrap classifies an error of the storage client.
func (s *Server) wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	e := &Error{Server: s.URL, Op: op, Kind: Refused, Err: err}
	var (
		ne  net.Error
		ue  *url.Error
		se  *json.SyntaxError
		te  *json.UnmarshalTypeError
		msg = err.Error()
	)
	switch {
	case errors.As(err, &ue):
		e.Kind = Unreachable
		e.Err = ue.Err // without the request's URL
	case errors.As(err, &ne):
		e.Kind = Unreachable
	case errors.As(err, &se) || errors.As(err, &te):
		e.Kind = NotPerfdata
		e.Err = fmt.Errorf("unexpected answer: %v", err)
	case strings.Contains(msg, "404 page not found") || strings.Contains(msg, "404 Not Found") ||
		strings.Contains(msg, "405 Method Not Allowed") || strings.Contains(msg, "<html") || strings.Contains(msg, "<!DOCTYPE"):
		e.Kind = NotPerfdata
		if len(msg) > 200 {
			e.Err = errors.New(msg[:200] + "...")
		}
	}
	return e
}

// Ping asks the server for its newest upload: an error says it cannot
// be used (down, not a perfdata server).
func (s *Server) Ping(ctx context.Context) error {
	ul := s.client.ListUploads(ctx, "", nil, 1)
	defer ul.Close()
	for ul.Next() {
	}
	return s.wrap("list uploads", ul.Err())
}

// SearchURL is the server's page of the results of a query.
func (s *Server) SearchURL(q string) string {
	return s.URL + "/search?" + url.Values{"q": {q}}.Encode()
}
