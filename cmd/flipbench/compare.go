package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
)

func init() {
	register(&command{
		name:    "compare",
		summary: "tables from results files: medians, confidence intervals, deltas and p-values (benchstat's statistics)",
		usage:   "[-row KEYS] [-col KEYS] [-table KEYS] [-filter EXPR] [-base COL] [-md] [FILE... | -server URL [-q QUERY]]   (default: every file under results/)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := stats.DefaultCompare
			fs.StringVar(&o.Row, "row", o.Row, "projection of rows: keys such as /kernel,/variant,/form,/size, .fullname (benchproc syntax)")
			fs.StringVar(&o.Col, "col", o.Col, "projection of columns: a configuration key (cpu, uarch, commit, .file) or a name key (/variant)")
			fs.StringVar(&o.Table, "table", o.Table, "projection splitting tables (each unit is a table of its own)")
			fs.StringVar(&o.Filter, "filter", "", "keep only matching results, e.g. '/kernel:flip /form:call' or '/kernel:(flip OR moves)'")
			fs.StringVar(&o.Base, "base", "", "the column the others are compared with (default the first)")
			fs.Float64Var(&o.Confidence, "confidence", 0.95, "confidence level of the intervals")
			md := fs.Bool("md", false, "Markdown tables")
			latest := fs.Bool("latest", false, "per machine and benchmark, only the newest file's results (default when no file is named)")
			sf := addServerFlags(fs)
			return func(args []string) error {
				files := args
				if err := sf.noQueryWithout("compare"); err != nil {
					return err
				}
				if sf.on() {
					if len(args) > 0 {
						return &exitError{2, "compare: name files or give -server, not both"}
					}
					d, err := sf.fetch(nil)
					if err != nil {
						return err
					}
					defer os.RemoveAll(d.Dir)
					if len(d.Files) == 0 {
						return &exitError{1, fmt.Sprintf("compare: no results on %s match the query %q", *sf.url, *sf.query)}
					}
					if files = d.Files; !isSet(fs, "latest") {
						*latest = true
					}
				}
				if len(files) == 0 {
					var err error
					dir := bench.ResultsDir()
					if files, err = stats.ResultsFiles(dir); err != nil {
						return err
					}
					if len(files) == 0 {
						return &exitError{2, fmt.Sprintf("compare: no results files under %s (run flipbench bench, or name files)", dir)}
					}
					*latest = true
				}
				return runCompare(files, o, *md, *latest)
			}
		},
	})
}

// isSet says whether a flag was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func runCompare(files []string, o stats.CompareOptions, md, latest bool) error {
	ds, err := stats.ReadResults(files...)
	if err != nil {
		return err
	}
	for _, p := range ds.Problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if latest {
		ds.KeepLatest()
	}
	tables, err := stats.BuildTables(ds, o)
	if err != nil {
		return &exitError{2, "compare: " + err.Error()}
	}
	if len(tables) == 0 {
		return &exitError{1, "compare: no result matches"}
	}
	stats.WriteTables(stdout, tables, md)
	if len(ds.Problems) > 0 {
		fmt.Fprintf(stdout, "\n%d unreadable lines skipped (listed on stderr)\n", len(ds.Problems))
	}
	return nil
}
