package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/report"
)

func init() {
	register(&command{
		name:    "report",
		summary: "generate BENCHMARKS.md and its SVG charts from the results files of every CPU under results/",
		usage:   "[-results DIR | -server URL [-q QUERY]] [-o FILE] [-charts DIR]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			res := bench.ResultsDir()
			root := filepath.Dir(res)
			o := report.Options{}
			fs.StringVar(&o.ResultsDir, "results", res, "results directory (one folder per CPU)")
			fs.StringVar(&o.Output, "o", filepath.Join(root, "BENCHMARKS.md"), "Markdown file to write")
			fs.StringVar(&o.ChartsDir, "charts", filepath.Join(root, "docs", "charts"), "directory of the SVG charts")
			fs.Float64Var(&o.Confidence, "confidence", 0.95, "confidence level of the intervals")
			sf := addServerFlags(fs)
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("report: unexpected argument %q", args[0])}
				}
				if err := sf.noQueryWithout("report"); err != nil {
					return err
				}
				from := ""
				if sf.on() {
					d, err := sf.fetch(nil)
					if err != nil {
						return err
					}
					defer os.RemoveAll(d.Dir)
					if len(d.Files) == 0 {
						return fmt.Errorf("no results on %s match the query %q: %s left as it is", *sf.url, *sf.query, o.Output)
					}
					o.ResultsDir, o.FileLink = d.Dir, d.Link
					from = fmt.Sprintf(" (%d uploads of %s)", d.Uploads, *sf.url)
				}
				r, err := report.Load(o)
				if err != nil {
					return err
				}
				for _, p := range r.Problems {
					fmt.Fprintln(os.Stderr, p)
				}
				if err := r.Write(); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%s: %d CPUs, %d charts in %s%s\n", o.Output, len(r.Machines), len(r.Charts), o.ChartsDir, from)
				return nil
			}
		},
	})
}
