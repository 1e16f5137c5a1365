package cases

import (
	"fmt"
	"strings"

	"github.com/flipbench/flipbench/harness"
)

// Build makes a kernel's case file from its spec (harness/<kernel>.go):
// set SetCheck holds the cross-check's cases for o (the exhaustive and
// edge sets, then about o.N random ones, with seed o.Seed), set SetBench
// the benchmark inputs in benchmark order (o is not used); each with the
// reference's output.
func Build(kernel, set string, o harness.Options) (*File, error) {
	l, ok := layouts[kernel]
	if !ok {
		return nil, unknownKernel(kernel)
	}
	if !validSet(set) {
		return nil, fmt.Errorf("set %q: want %s", set, strings.Join(Sets, " or "))
	}
	if set == SetCheck && (o.N < 1 || o.N > MaxRecords) {
		return nil, fmt.Errorf("%d cases: want 1..%d", o.N, MaxRecords)
	}
	spec, err := harness.SpecByName(kernel)
	if err != nil {
		return nil, err
	}
	samples, err := spec.Samples(set, o)
	if err != nil {
		return nil, err
	}
	seed := uint64(harness.BenchSeed)
	if set == SetCheck {
		seed = o.Seed
	}
	f := &File{Header: Header{Version: Version, Kernel: kernel, Contract: l.contract, Set: set, Seed: seed}}
	for in, want := range samples {
		r, ok := l.from(in, want)
		if !ok {
			return nil, fmt.Errorf("%s: the spec's input %T and output %T have no record layout", kernel, in, want)
		}
		if len(f.Records) == MaxRecords {
			return nil, fmt.Errorf("%s: more than %d cases", kernel, MaxRecords)
		}
		f.Records = append(f.Records, r)
	}
	return f, nil
}
