package harness

import (
	"flag"
	"strconv"
	"strings"
	"testing"
)

var benchHashBits = flag.String("flipbench.hashbits", "", "hash_clear table sizes for BenchmarkKernel, log2 entries (default 15,17,20,22; flipbench bench goes to 26)")

// BenchmarkKernel runs every runnable variant of every kernel on the same
// input sets as flipbench bench: sub-benchmarks kernel=K/variant=V/form=F
// (and /size= for hash_clear, /len= for popcount), so that
//
//	go test -bench 'kernel=count_last_flip/' ./harness
//
// picks one kernel. flipbench bench runs the same cases interleaved and
// writes a results file.
func BenchmarkKernel(b *testing.B) {
	sel := BenchSelect{HashBits: TestHashBits}
	if *benchHashBits != "" {
		sel.HashBits = nil
		for _, f := range strings.Split(*benchHashBits, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				b.Fatalf("-flipbench.hashbits: %v", err)
			}
			sel.HashBits = append(sel.HashBits, n)
		}
	}
	groups, err := KernelBenchGroups(sel)
	if err != nil {
		b.Fatal(err)
	}
	for _, g := range groups {
		benchGroup(b, g)
	}
}

// benchGroup sets the group up when its first case is selected by -bench
// and tears it down after the last.
func benchGroup(b *testing.B, g *BenchGroup) {
	ready := false
	defer func() {
		if ready && g.Teardown != nil {
			g.Teardown()
		}
	}()
	for _, c := range g.Cases {
		b.Run(c.SubName(), func(b *testing.B) {
			if !ready && g.Setup != nil {
				if err := g.Setup(); err != nil {
					b.Fatal(err)
				}
			}
			ready = true
			b.ResetTimer()
			c.Run(b.N)
			if c.Bytes > 0 {
				b.ReportMetric(float64(c.Bytes)*float64(b.N)/float64(b.Elapsed().Nanoseconds()), "GB/s")
			}
		})
	}
}
