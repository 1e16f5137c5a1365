package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/report"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
	"github.com/flipbench/flipbench/weights/train"
)

func init() {
	register(&command{
		name:    "report",
		reads:   true,
		summary: "generate BENCHMARKS.md and its SVG charts from the results files of every CPU under results/ (and the committed CPUs this binary embeds), or from a perfdata server",
		usage:   "[-results DIR | -server URL [-q QUERY]] [-o FILE] [-charts DIR] [-embedded=false]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			res := bench.ResultsDir()
			root := filepath.Dir(res)
			o := report.Options{}
			fs.StringVar(&o.ResultsDir, "results", res, "results directory (one folder per CPU identity)")
			fs.StringVar(&o.Output, "o", filepath.Join(root, "BENCHMARKS.md"), "Markdown file to write")
			fs.StringVar(&o.ChartsDir, "charts", filepath.Join(root, "docs", "charts"), "directory of the SVG charts")
			fs.Float64Var(&o.Confidence, "confidence", 0.95, "confidence level of the intervals")
			embedded := fs.Bool("embedded", true, "add the results this binary embeds (the repository's results/ it was built from) for every CPU the results directory lacks")
			sf := addServerFlags(fs)
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("report: unexpected argument %q", args[0])}
				}
				if err := checkConfidence("report", o.Confidence); err != nil {
					return err
				}
				if err := sf.noQueryWithout("report"); err != nil {
					return err
				}
				o.NoEmbedded = !*embedded
				o.Host = variants.Host().ID()
				o.Predicted = predictedFS(o.ResultsDir)
				o.Recipe = weightsRecipe()
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
					// the server's results only: what was uploaded
					o.ResultsDir, o.FileLink, o.NoEmbedded = d.Dir, d.Link, true
					from = fmt.Sprintf(" (%d uploads of %s)", d.Uploads, *sf.url)
				}
				return runReport(o, from)
			}
		},
	})
}

// predictedFS is where the report reads the predictions: the results
// directory's predicted/ folder, else the one this binary embeds (the
// repository's), nil if neither exists.
func predictedFS(resultsDir string) fs.FS {
	if st, err := os.Stat(filepath.Join(resultsDir, results.PredictedDir)); err == nil && st.IsDir() {
		return os.DirFS(filepath.Join(resultsDir, results.PredictedDir))
	}
	if _, err := fs.Stat(results.FS(), results.PredictedDir); err == nil {
		sub, err := fs.Sub(results.FS(), results.PredictedDir)
		if err == nil {
			return sub
		}
	}
	return nil
}

// runReport writes the report of a results directory (from says where
// it came from, if not results/).
func runReport(o report.Options, from string) error {
	r, err := report.Load(o)
	if err != nil {
		return err
	}
	reportTrouble(r.Dataset())
	if err := r.Write(); err != nil {
		return err
	}
	cpus, emb := map[string]bool{}, map[string]bool{}
	for _, m := range r.Machines {
		cpus[m.CPU] = true
		if m.Embedded {
			emb[m.CPU] = true
		}
	}
	note := ""
	if len(emb) > 0 {
		note = fmt.Sprintf(" (%d from the results this binary embeds)", len(emb))
	}
	if len(r.Machines) > len(cpus) {
		note += fmt.Sprintf(", %d columns (CPU and build flavour)", len(r.Machines))
	}
	fmt.Fprintf(stdout, "%s: %d CPUs%s, %d charts in %s%s\n", o.Output, len(cpus), note, len(r.Charts), o.ChartsDir, from)
	return nil
}

// weightsRecipe is the page's last section: how the embedded weights
// were made, with the command that makes them again. It is made here, from
// train's defaults, so that the report package does not import the
// trainer.
func weightsRecipe() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("\n### The embedded weights\n\n")
	if set, err := weights.DefaultSet(); err == nil {
		p("`weights/default.fbw` (%q) is what `flipbench train` makes with its defaults ", set.Note)
	} else {
		p("`weights/default.fbw` is what `flipbench train` makes with its defaults ")
	}
	p("(seeded: the same command gives the same weights, with any number of workers):\n\n")
	p("```sh\n")
	p("go run ./cmd/flipbench train -dir ck -o default.fbw\n")
	p("```\n\n")
	d := train.DefaultConfig()
	p("It plays %d games (half random, half a fewest-replies heuristic after a random opening), ", d.Games)
	p("labels every position: exact scores to %d empties, depth-%d searches on the weights fitted so far above, ", d.ExactMax, d.Depth)
	p("fits one table per %d empties by ridge least squares (lambda %g), then fits each table again on the positions ", d.Group, d.Lambda)
	p("within %d empties of its group too (`-pool`). ", d.Pool)
	p("`-dir` makes a run resumable; `-edax-out eval.dat` also writes Edax's format; ")
	p("`flipbench train -info -eval FILE` prints a file's note; `-eval-mae` measures weights (above), ")
	p("and `-eval-mae -mae-depth D` a D-ply search on them (printed only).\n")
	return b.String()
}
