package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/flipbench/flipbench/harness/store"
)

// serverFlags are -server and -q of the commands that read results
// (report, compare, pick): the results of a perfdata server instead of
// results/, brought into a temporary directory laid out like results/
// (harness/store), which the command then reads as it reads results/.
type serverFlags struct{ url, query *string }

func addServerFlags(fs *flag.FlagSet) serverFlags {
	return serverFlags{
		url:   fs.String("server", "", "read the results uploaded to this perfdata server (every CPU's) instead of results/, e.g. http://localhost:8080"),
		query: fs.String("q", "", "with -server: the results this query selects, in the server's syntax: words key:value, key<value, key>value over configuration keys and name keys, e.g. 'cpu-slug:amd-ryzen-7-3700x kernel:flip date>2026-01'"),
	}
}

func (sf serverFlags) on() bool { return *sf.url != "" }

// fetch downloads the results of the server (of one machine, if given)
// into a temporary results directory, which the caller removes.
func (sf serverFlags) fetch(machine *store.Identity) (*store.Downloaded, error) {
	s, err := openServer("-server", *sf.url)
	if err != nil {
		return nil, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dir, err := os.MkdirTemp("", "flipbench-server-")
	if err != nil {
		return nil, err
	}
	start := time.Now()
	d, err := s.Download(ctx, dir, store.DownloadOptions{Query: *sf.query, Machine: machine})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "flipbench: %d results of %d uploads from %s in %v\n", d.Results, d.Uploads, s.URL, time.Since(start).Round(time.Millisecond))
	return d, nil
}

// noQueryWithout refuses -q without -server.
func (sf serverFlags) noQueryWithout(cmd string) error {
	if *sf.query != "" && *sf.url == "" {
		return &exitError{2, cmd + ": -q selects results of a -server"}
	}
	return nil
}

// openUpload checks the -upload URL of bench and solve (nil without).
func openUpload(url string) (*store.Server, error) {
	if url == "" {
		return nil, nil
	}
	return openServer("-upload", url)
}

// warnIfDown warns, before a run, when the server of -upload does not
// answer now: the run goes on, its file is kept if the upload fails.
func warnIfDown(s *store.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := s.Ping(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "flipbench: warning: %v\n(the run goes on; its results file is kept if the upload fails)\n", err)
	}
}

// uploadAfterRun sends the results file of a run; on failure the error
// says where the file is and how to send it later.
func uploadAfterRun(w io.Writer, s *store.Server, path string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if _, err := uploadFiles(ctx, w, s, []string{path}, false); err != nil {
		return fmt.Errorf("%v\nthe results are in %s: send them later with %s upload -server %s %s", err, path, self(), s.URL, path)
	}
	return nil
}
