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
		usage:   "[-results DIR] [-o FILE] [-charts DIR]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			res := bench.ResultsDir()
			root := filepath.Dir(res)
			o := report.Options{}
			fs.StringVar(&o.ResultsDir, "results", res, "results directory (one folder per CPU)")
			fs.StringVar(&o.Output, "o", filepath.Join(root, "BENCHMARKS.md"), "Markdown file to write")
			fs.StringVar(&o.ChartsDir, "charts", filepath.Join(root, "docs", "charts"), "directory of the SVG charts")
			fs.Float64Var(&o.Confidence, "confidence", 0.95, "confidence level of the intervals")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("report: unexpected argument %q", args[0])}
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
				fmt.Fprintf(stdout, "%s: %d CPUs, %d charts in %s\n", o.Output, len(r.Machines), len(r.Charts), o.ChartsDir)
				return nil
			}
		},
	})
}
