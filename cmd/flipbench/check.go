package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/flipbench/flipbench/harness"
)

func init() {
	register(&command{
		name:    "check",
		summary: "cross-check every runnable variant against its reference",
		usage:   "[-kernel K] [-variant V] [-n N] [-seed S]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			kernel := fs.String("kernel", "", "check only this kernel")
			variant := fs.String("variant", "", "check only variants of this name")
			n := fs.Int("n", harness.DefaultOptions.N, "random cases per kernel (fewer for the leaf searches)")
			seed := fs.Uint64("seed", harness.DefaultOptions.Seed, "seed of the random games")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("check: unexpected argument %q", args[0])}
				}
				if *n < 1 {
					return &exitError{2, fmt.Sprintf("check: -n %d: want at least 1", *n)}
				}
				return runCheck(*kernel, *variant, harness.Options{N: *n, Seed: *seed})
			}
		},
	})
}

func runCheck(kernel, variant string, o harness.Options) error {
	sel, err := selection("")
	if err != nil {
		return err
	}
	start := time.Now()
	passed, failed, err := harness.CheckAll(kernel, variant, sel.CPU(), o, func(r harness.Result) {
		switch {
		case r.Skipped != "":
			fmt.Fprintf(stdout, "skip  %-18s %-22s %s\n", r.Kernel, r.Variant, r.Skipped)
		case r.Mismatch != nil:
			fmt.Fprintf(stdout, "FAIL  %-18s %-22s after %d cases\n%s\n", r.Kernel, r.Variant, r.Cases, r.Mismatch)
		default:
			fmt.Fprintf(stdout, "ok    %-18s %-22s %9d cases  %v\n", r.Kernel, r.Variant, r.Cases, r.Elapsed.Round(time.Millisecond))
		}
	})
	if err != nil {
		return &exitError{2, "check: " + err.Error()}
	}
	fmt.Fprintf(stdout, "checked in %v\n", time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return &exitError{1, ""}
	}
	return nil
}
