package main

import (
	"bytes"
	"flag"
	"fmt"

	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/internal/atomicfile"
)

func init() {
	register(&command{
		name:    "retest",
		reads:   true,
		summary: "test-retest of sessions of the same binary: how far each estimator's figures move, whether the verdicts and A/A twins hold",
		usage:   "[-margin PCT] [-o FILE.md] SESSION-FILE SESSION-FILE...",
		setup: func(fs *flag.FlagSet) func([]string) error {
			margin := fs.Float64("margin", 100*stats.DefaultMargin, "equivalence margin of the verdicts, in percent")
			out := fs.String("o", "", "write the Markdown tables to this file (default: print them)")
			return func(args []string) error {
				if len(args) < 2 {
					return &exitError{2, "retest: name two results files of the same binary or more (flipbench bench, run again)"}
				}
				if *margin <= 0 || *margin >= 100 {
					return &exitError{2, fmt.Sprintf("retest: -margin %g: want a percentage in (0, 100)", *margin)}
				}
				ds, err := stats.ReadResults(args...)
				if err != nil {
					return &exitError{2, "retest: " + err.Error()}
				}
				reportTrouble(ds)
				rt, err := stats.NewRetest(ds, *margin/100, 0.95)
				if err != nil {
					return &exitError{2, "retest: " + err.Error()}
				}
				if rt.Cases == 0 {
					return &exitError{1, "retest: no kernel benchmark is in every file"}
				}
				var b bytes.Buffer
				rt.WriteMarkdown(&b)
				if *out == "" {
					_, err := stdout.Write(b.Bytes())
					return err
				}
				if err := atomicfile.Write(*out, b.Bytes()); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%s: %d sessions, %d cases\n", *out, len(rt.Files), rt.Cases)
				return nil
			}
		},
	})
}
