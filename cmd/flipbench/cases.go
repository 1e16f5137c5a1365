package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/flipbench/flipbench/cases"
	"github.com/flipbench/flipbench/harness"
)

func init() {
	register(&command{
		name:    "cases",
		summary: "write a kernel's inputs and reference outputs to a case file (for a kernel of your own: cbench/)",
		usage:   "-kernel K [-set check|bench] [-n N] [-seed S] -o FILE",
		setup: func(fs *flag.FlagSet) func([]string) error {
			kernel := fs.String("kernel", "", "the kernel: "+strings.Join(cases.Kernels(), ", "))
			set := fs.String("set", cases.SetCheck, "check: the cross-check cases (random games of every phase, edge cases, exhaustive sets); bench: the benchmark inputs in benchmark order")
			n := fs.Int("n", harness.DefaultOptions.N, "random cases of the check set (count_last_flip adds its exhaustive patterns)")
			seed := fs.Uint64("seed", harness.DefaultOptions.Seed, "seed of the check set's random games")
			out := fs.String("o", "", "the case file to write (atomically), - for standard output; the format: cases/FORMAT.md")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("cases: unexpected argument %q", args[0])}
				}
				if *kernel == "" {
					return &exitError{2, "cases: -kernel is required: " + strings.Join(cases.Kernels(), ", ")}
				}
				if !slices.Contains(cases.Kernels(), *kernel) {
					return &exitError{2, fmt.Sprintf("cases: -kernel %s: no case file for this kernel (case files exist for %s)", *kernel, strings.Join(cases.Kernels(), ", "))}
				}
				if !slices.Contains(cases.Sets, *set) {
					return &exitError{2, fmt.Sprintf("cases: -set %q: want %s", *set, strings.Join(cases.Sets, " or "))}
				}
				if *n < 1 || *n > cases.MaxRecords {
					return &exitError{2, fmt.Sprintf("cases: -n %d: want 1..%d", *n, cases.MaxRecords)}
				}
				if *out == "" {
					return &exitError{2, "cases: -o FILE is required"}
				}
				return runCases(*kernel, *set, harness.Options{N: *n, Seed: *seed}, *out)
			}
		},
	})
}

func runCases(kernel, set string, o harness.Options, path string) error {
	f, err := cases.Build(kernel, set, o)
	if err != nil {
		return err
	}
	msg, where := stdout, path
	if path == "-" {
		where = "standard output"
		if err := cases.Write(os.Stdout, f); err != nil {
			return err
		}
		msg = os.Stderr
	} else if err := cases.WriteFile(path, f); err != nil {
		return err
	}
	fmt.Fprintf(msg, "%d %s cases (%s set, seed %d) written to %s\n", len(f.Records), kernel, set, f.Seed, where)
	return nil
}
