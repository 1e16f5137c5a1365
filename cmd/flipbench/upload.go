package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/store"
)

func init() {
	register(&command{
		name:    "upload",
		summary: "send results files, with their configuration, to a perfdata storage server as one upload",
		usage:   "-server URL [-again] [FILE...]   (default: every file under results/)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			server := fs.String("server", "", "the perfdata server's URL, e.g. http://localhost:8080 (see README: a team's server)")
			again := fs.Bool("again", false, "also send files the server holds already (same content)")
			return func(args []string) error {
				files := args
				if len(files) == 0 {
					dir := bench.ResultsDir()
					var err error
					if files, err = resultsfile.ResultsFiles(dir); err != nil {
						return err
					}
					if len(files) == 0 {
						return &exitError{2, fmt.Sprintf("upload: no results files under %s (run %s bench, or name files)", dir, self())}
					}
				}
				return runUpload(*server, files, *again)
			}
		},
	})
}

// openServer checks a -server or -upload URL.
func openServer(flagName, url string) (*store.Server, error) {
	if url == "" {
		return nil, &exitError{2, flagName + ": the perfdata server's URL is needed, e.g. http://localhost:8080"}
	}
	s, err := store.NewServer(url)
	if err != nil {
		return nil, &exitError{2, flagName + ": " + err.Error()}
	}
	return s, nil
}

func runUpload(url string, files []string, again bool) error {
	s, err := openServer("-server", url)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	_, err = uploadFiles(ctx, stdout, s, files, again)
	return err
}

// uploadFiles sends files as one upload and says what became of each on
// w; an error says the files are kept.
func uploadFiles(ctx context.Context, w io.Writer, s *store.Server, files []string, again bool) (*store.Uploaded, error) {
	up, err := s.Upload(ctx, files, store.UploadOptions{Again: again})
	if err != nil {
		var fe *store.FileError
		if errors.As(err, &fe) {
			return nil, &exitError{2, "upload: " + err.Error() + " (nothing was sent)"}
		}
		return nil, fmt.Errorf("%v\nnothing was uploaded; the results files are kept as they are", err)
	}
	for _, fi := range up.Files {
		switch {
		case fi.Part != "":
			fmt.Fprintf(w, "%s: %d results, %s, commit %s, %s -> part %s\n", fi.Path, fi.Results, fi.Identity, or(bench.ShortCommit(fi.Commit), "?"), or(fi.Go, "go ?"), fi.Part)
		case fi.Existing != "":
			fmt.Fprintf(w, "%s: on the server already (upload %s), not sent (-again sends it)\n", fi.Path, fi.Existing)
		}
	}
	if up.ID == "" {
		fmt.Fprintf(w, "nothing to upload: the server holds every file already\n")
		return up, nil
	}
	fmt.Fprintf(w, "upload %s: %s\n", up.ID, s.SearchURL("upload:"+up.ID))
	return up, nil
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
