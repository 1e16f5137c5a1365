package main

import (
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/flipbench/flipbench/variants"
)

func init() {
	register(&command{
		name:    "cpu",
		summary: "this CPU, its features, and every variant: requires, runnable here, selected",
		usage:   "[-variants spec]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			spec := variantsFlag(fs)
			return func(args []string) error {
				sel, err := selection(*spec)
				if err != nil {
					return err
				}
				return runCPU(sel)
			}
		},
	})
}

func runCPU(sel variants.Selection) error {
	c := sel.CPU()
	fmt.Fprintf(stdout, "cpu:       %s\n", c.Brand)
	uarch := c.Uarch
	if uarch == "" {
		uarch = "unknown"
	}
	if c.Arch == "arm64" {
		fmt.Fprintf(stdout, "vendor:    %s  part %#03x  variant %d  revision %d  (%s)\n",
			or(c.Vendor, "unknown"), c.Model, c.Family, c.Stepping, uarch)
	} else {
		fmt.Fprintf(stdout, "vendor:    %s  family %d (%#x)  model %d (%#x)  stepping %d  (%s)\n",
			c.Vendor, c.Family, c.Family, c.Model, c.Model, c.Stepping, uarch)
	}
	fmt.Fprintf(stdout, "identity:  %s  (results/%s/, its pick profile)\n", c.ID(), c.ID())
	switch {
	case c.Arch != "arm64":
		fmt.Fprintf(stdout, "x86-64:    v%d\n", c.Level)
	case c.SVEBits > 0:
		fmt.Fprintf(stdout, "arm64:     SVE vectors of %d bits\n", c.SVEBits)
	default:
		fmt.Fprintln(stdout, "arm64:     no SVE")
	}
	if why := emulation(c); why != "" {
		fmt.Fprintf(stdout, "emulated:  %s; checks and solves run here, timings are not recorded\n", why)
	}
	var has, lacks []string
	for _, f := range variants.Features(c.Arch) {
		if c.Has[f] {
			has = append(has, string(f))
		} else if c.Detected[f] {
			lacks = append(lacks, string(f)+" (disabled)")
		} else {
			lacks = append(lacks, string(f))
		}
	}
	fmt.Fprintf(stdout, "features:  %s\n", strings.Join(has, " "))
	if len(lacks) > 0 {
		fmt.Fprintf(stdout, "lacks:     %s\n", strings.Join(lacks, " "))
	} else {
		fmt.Fprintln(stdout, "lacks:     none of the features flipbench's variants use")
	}
	if c.SlowPEXT {
		fmt.Fprintln(stdout, "note:      PEXT/PDEP are microcoded here (AMD before Zen 3): defaults avoid them")
	}
	if c.ZMMDownclock {
		fmt.Fprintln(stdout, "note:      512-bit code lowers the clock here: defaults prefer 256-bit forms")
	}
	switch p := cpuProfile(); {
	case p.note != "":
		fmt.Fprintf(stdout, "profile:   none applied: %s\n", p.note)
	case p.source != "":
		fmt.Fprintf(stdout, "profile:   %d kernel choices from 'flipbench pick' (%s)\n", len(p.choices), p.source)
	default:
		fmt.Fprintf(stdout, "profile:   none for this CPU: the built-in rules choose ('flipbench pick' makes one)\n")
	}
	fmt.Fprintln(stdout)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KERNEL\tVARIANT\tREQUIRES\tRUNNABLE\tSELECTED\tNOTE")
	for _, k := range variants.Kernels() {
		chosen := sel.Name(k)
		for _, v := range k.Infos() {
			run := "yes"
			if !v.RunsOn(c) {
				run = "no"
			}
			mark := ""
			if v.Name == chosen {
				mark = "*"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", k.Name(), v.Name, v.RequiresString(), run, mark, v.Note)
		}
	}
	return tw.Flush()
}
