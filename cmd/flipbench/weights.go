package main

import (
	"flag"
	"fmt"

	"github.com/flipbench/flipbench/weights"
)

func init() {
	register(&command{
		name:    "weights",
		summary: "describe evaluation weights and write them as an Edax eval.dat or in flipbench's format (to put Edax on the same weights: ../shared/anchors/edax-vs.sh -dat FILE)",
		usage:   "[-eval W] [-edax-out FILE.dat] [-o FILE.fbw]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			eval := evalFlag(fs)
			edaxOut := fs.String("edax-out", "", "write the weights as an Edax eval.dat")
			out := fs.String("o", "", "write the weights in flipbench's format")
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("weights: unexpected argument %q", args[0])}
				}
				return runWeights(*eval, *edaxOut, *out)
			}
		},
	})
}

func runWeights(spec, edaxOut, out string) error {
	set, err := loadEvalSet(spec)
	if err != nil {
		return err
	}
	if set == nil {
		return &exitError{2, "weights: -eval none has no weights to describe or write"}
	}
	d, err := describeEval(spec)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "eval %s, sha256:%s of its values, %d plies\n", d.name, d.checksum, weights.NumPlies)
	if d.note != "" {
		fmt.Fprintf(stdout, "note: %s\n", d.note)
	}
	if edaxOut != "" {
		if err := set.SaveEdax(edaxOut); err != nil {
			return fmt.Errorf("weights: %w", err)
		}
		fmt.Fprintf(stdout, "wrote %s (Edax eval.dat)\n", edaxOut)
	}
	if out != "" {
		if err := set.Save(out); err != nil {
			return fmt.Errorf("weights: %w", err)
		}
		fmt.Fprintf(stdout, "wrote %s (flipbench format)\n", out)
	}
	return nil
}
