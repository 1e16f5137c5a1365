package harness

import (
	"testing"

	"github.com/flipbench/flipbench/variants"
)

// allocOK lists the benchmark cases allowed to allocate per call, with
// why (kernel/variant/form). References are plain code and may allocate;
// nothing else should: the solver calls these kernels millions of times
// a second.
var allocOK = map[string]string{
	"hash_code/go-crc32/call":  "hash/crc32 takes a slice through a function variable, so the 16-byte buffer escapes",
	"hash_code/go-crc32/batch": "go-crc32's allocation, per element",
}

// TestNoAllocation: no runnable non-reference variant of any kernel
// allocates in one call of any of its benchmark forms (per call, batched,
// from assembly), so every kernel a spec declares is covered. An
// assembly stub without //go:noescape makes every &local a Go wrapper
// passes to it escape (asmgen.Func adds the pragma).
func TestNoAllocation(t *testing.T) {
	groups, err := KernelBenchGroups(BenchSelect{HashBits: []int{8}}, testCPU(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range groups {
		if g.Setup != nil {
			if err := g.Setup(); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range g.Cases {
			if c.Name != "Kernel" || c.Key("variant") == variants.RefName {
				continue
			}
			name := c.Key("kernel") + "/" + c.Key("variant") + "/" + c.Key("form")
			t.Run(name, func(t *testing.T) {
				n := testing.AllocsPerRun(100, func() { c.Run(1) })
				if why, ok := allocOK[name]; ok {
					t.Skipf("%.0f allocations per call, allowed: %s", n, why)
				}
				if n != 0 {
					t.Errorf("%.0f allocations per call", n)
				}
			})
		}
		if g.Teardown != nil {
			g.Teardown()
		}
	}
}
