package main

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
)

func init() {
	register(&command{
		name:    "compare",
		reads:   true,
		summary: "tables from results files: figures with confidence intervals, paired verdicts against a base column, the fastest variant per column",
		usage:   "[-row KEYS] [-col KEYS] [-table KEYS] [-filter EXPR] [-base COL] [-format text|md|json|csv] [-results DIR] [FILE... | -server URL [-q QUERY]]   (default: every file under results/)",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := stats.DefaultCompare
			fs.StringVar(&o.Row, "row", o.Row, "projection of rows: keys such as /kernel,/variant,/form,/size, .fullname (benchproc syntax)")
			fs.StringVar(&o.Col, "col", o.Col, "projection of columns: a configuration key (cpu-id, cpu, uarch, commit, .file, impl) or a name key (/variant)")
			fs.StringVar(&o.Table, "table", o.Table, "projection splitting tables (each unit is a table of its own)")
			fs.StringVar(&o.Filter, "filter", "", "keep only matching results, e.g. '/kernel:flip /form:call' or '/kernel:(flip OR moves)'")
			fs.StringVar(&o.Base, "base", "", "the column the others are compared with (default the first)")
			fs.Float64Var(&o.Confidence, "confidence", 0.95, "confidence level of the intervals")
			margin := fs.Float64("margin", 100*stats.DefaultMargin, "equivalence margin in percent: equal where the ratio's 90% interval (two one-sided tests at 5%, for -confidence 0.95) is within it; faster or slower where beyond it with the 95% interval clear; else undecided")
			format := fs.String("format", "text", "output: text (aligned columns), md (Markdown), json, csv (one line per cell)")
			md := fs.Bool("md", false, "Markdown tables (-format md)")
			latest := fs.Bool("latest", false, "per machine and benchmark, only the newest complete file's results (default when no file is named)")
			dir := fs.String("results", bench.ResultsDir(), "results directory read when no file is named (one folder per CPU identity)")
			sf := addServerFlags(fs)
			return func(args []string) error {
				var ds *stats.Dataset
				var err error
				if *md {
					*format = "md"
				}
				switch *format {
				case "text", "md", "json", "csv":
				default:
					return &exitError{2, fmt.Sprintf("compare: -format %q: want text, md, json or csv", *format)}
				}
				if !(*margin > 0 && *margin < 100) {
					return &exitError{2, fmt.Sprintf("compare: -margin %g: want a percentage in (0, 100)", *margin)}
				}
				if err := checkConfidence("compare", o.Confidence); err != nil {
					return err
				}
				o.Margin = *margin / 100
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
					if ds, err = stats.ReadResults(d.Files...); err != nil {
						return err
					}
					if !isSet(fs, "latest") {
						*latest = true
					}
					return runCompare(ds, o, *format, *latest)
				}
				if len(args) == 0 {
					if ds, err = stats.ReadDir(*dir); err != nil {
						return err
					}
					if len(ds.Files) == 0 {
						for _, s := range ds.Stale {
							fmt.Fprintln(os.Stderr, bench.StaleNote(s))
						}
						return &exitError{2, fmt.Sprintf("compare: no results files under %s (run %s bench, or name files)", *dir, self())}
					}
					*latest = true
				} else if ds, err = stats.ReadResults(args...); err != nil {
					return &exitError{2, "compare: " + err.Error()}
				}
				return runCompare(ds, o, *format, *latest)
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

// checkConfidence: a confidence level is a probability above one half
// (below, an interval is narrower than its estimate's own spread) and
// below 1 (at 1 it is unbounded, and the search for it never ends).
func checkConfidence(cmd string, c float64) error {
	if !(c >= 0.5 && c < 1) {
		return &exitError{2, fmt.Sprintf("%s: -confidence %g: want a level in [0.5, 1), e.g. 0.95", cmd, c)}
	}
	return nil
}

// runCompare prints the tables of a dataset (read from a directory or
// from files), after what could not be read.
func runCompare(ds *stats.Dataset, o stats.CompareOptions, format string, latest bool) error {
	reportTrouble(ds)
	if latest {
		ds.KeepLatest()
	}
	tables, err := stats.BuildTables(ds, o)
	if err != nil {
		return &exitError{2, "compare: " + err.Error()}
	}
	if len(tables) == 0 {
		if o.Filter != "" {
			return &exitError{2, fmt.Sprintf("compare: -filter %q matches no result (of %d read)", o.Filter, ds.Len())}
		}
		return &exitError{1, "compare: no result to compare"}
	}
	switch format {
	case "json":
		return stats.WriteJSON(stdout, tables)
	case "csv":
		return stats.WriteCSV(stdout, tables)
	}
	stats.WriteTables(stdout, tables, format == "md")
	if len(ds.Problems) > 0 {
		fmt.Fprintf(stdout, "\n%d unreadable lines skipped (listed on stderr)\n", len(ds.Problems))
	}
	return nil
}

// reportTrouble prints, on stderr, the lines of a dataset that could not
// be read, its interrupted sessions and its stale unfinished files.
func reportTrouble(ds *stats.Dataset) {
	for _, p := range ds.Problems {
		fmt.Fprintln(os.Stderr, p)
	}
	for _, f := range slices.Sorted(maps.Keys(ds.Incomplete)) {
		fmt.Fprintf(os.Stderr, "%s: an interrupted session (%s): its results count only where no complete run has the benchmark\n", f, ds.Incomplete[f])
	}
	for _, s := range ds.Stale {
		fmt.Fprintln(os.Stderr, bench.StaleNote(s))
	}
}
