package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/report"
)

func init() {
	register(&command{
		name:    "report",
		summary: "generate BENCHMARKS.md and its SVG charts from the results files of every CPU under results/ (and the committed CPUs this binary embeds)",
		usage:   "[-results DIR] [-o FILE] [-charts DIR] [-embedded=false]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			res := bench.ResultsDir()
			root := filepath.Dir(res)
			o := report.Options{}
			fs.StringVar(&o.ResultsDir, "results", res, "results directory (one folder per CPU identity)")
			fs.StringVar(&o.Output, "o", filepath.Join(root, "BENCHMARKS.md"), "Markdown file to write")
			fs.StringVar(&o.ChartsDir, "charts", filepath.Join(root, "docs", "charts"), "directory of the SVG charts")
			fs.Float64Var(&o.Confidence, "confidence", 0.95, "confidence level of the intervals")
			embedded := fs.Bool("embedded", true, "add the results this binary embeds (the repository's results/ it was built from) for every CPU the results directory lacks")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("report: unexpected argument %q", args[0])}
				}
				o.NoEmbedded = !*embedded
				return runReport(o)
			}
		},
	})
}

// runReport writes the report of a results directory.
func runReport(o report.Options) error {
	r, err := report.Load(o)
	if err != nil {
		return err
	}
	reportTrouble(r.Dataset())
	if err := r.Write(); err != nil {
		return err
	}
	emb := 0
	for _, m := range r.Machines {
		if m.Embedded {
			emb++
		}
	}
	note := ""
	if emb > 0 {
		note = fmt.Sprintf(" (%d from the results this binary embeds)", emb)
	}
	fmt.Fprintf(stdout, "%s: %d CPUs%s, %d charts in %s\n", o.Output, len(r.Machines), note, len(r.Charts), o.ChartsDir)
	return nil
}
