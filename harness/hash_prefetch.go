package harness

import (
	"fmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// hash_prefetch: any code on tables of every size; the table must be left
// as it was. Its speed only shows in whole solves (doing nothing is the
// fastest call): the micro-benchmark prefetches the codes of real
// positions in a table of 2^HashPrefetchBits entries.
var _ = declare(&Spec[variants.HashPrefetchFunc, variants.NoBatch, tableRun, string]{
	Kernel: variants.HashPrefetch,
	Call:   prefetchRounds,
	Cases:  tableRuns(2, 16, 2),
	Show:   tableRun.String,
	Fuzz:   fuzzTableRun,
	Groups: hashPrefetchGroups,
})

// HashPrefetchBits is the table of the hash_prefetch benchmark: 2^20
// entries (24 MiB).
const HashPrefetchBits = 20

func prefetchRounds(fn variants.HashPrefetchFunc, c tableRun) string {
	rng := rngFor(Options{Seed: c.seed}, 19)
	t, err := kernels.NewHashTable(c.bits)
	if err != nil {
		return err.Error()
	}
	t.Entries[0].P = 12345
	snap := append([]kernels.HashEntry(nil), t.Entries...)
	for i := 0; i < 10000; i++ {
		code := rng.Uint64()
		if i < 2 {
			code = [2]uint64{0, ^uint64(0)}[i]
		}
		fn(t, code)
	}
	for i := range snap {
		if snap[i] != t.Entries[i] {
			return fmt.Sprintf("entry %d changed", i)
		}
	}
	return ok
}

func hashPrefetchGroups(k *variants.Kernel[variants.HashPrefetchFunc, variants.NoBatch], vs []*variants.Variant[variants.HashPrefetchFunc, variants.NoBatch], _ BenchSelect) []*bench.Group {
	var t *kernels.HashTable
	codes := make([]uint64, 0, benchInputs)
	for _, b := range benchBoards() {
		codes = append(codes, kernels.HashCode(b.P, b.O))
	}
	g := &bench.Group{Title: "hash_prefetch per call"}
	g.Setup = func() error {
		var err error
		t, err = kernels.NewHashTable(HashPrefetchBits)
		return err
	}
	g.Teardown = func() { t = nil }
	for _, v := range vs {
		fn := v.Fn
		var at cursor
		g.Cases = append(g.Cases, kernelCase(k.Name(), v.Name, "call", func(n int) {
			s := at.next(n, len(codes))
			for i := s; i < s+n; i++ {
				fn(t, codes[cycle(i, len(codes))])
			}
		}))
	}
	return []*bench.Group{g}
}
