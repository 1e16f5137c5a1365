package harness

import (
	"flag"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
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
	groups, err := KernelBenchGroups(sel, testCPU(b))
	if err != nil {
		b.Fatal(err)
	}
	for _, g := range groups {
		benchGroup(b, g)
	}
}

// benchGroup sets the group up when its first case is selected by -bench
// and tears it down after the last.
func benchGroup(b *testing.B, g *bench.Group) {
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

func implOf(kernel, variant, form string) string {
	k, _ := variants.KernelByName(kernel)
	for _, in := range k.Infos() {
		if in.Name == variant && form != "baseline" {
			return in.Kind()
		}
	}
	return variants.KindGo
}

// Every kernel has benchmarks, every runnable variant appears per call
// with its kind (impl), every call floor is timed, every case runs, and
// the names carry the keys.
func TestKernelBenchGroupsCoverEverything(t *testing.T) {
	cpu := testCPU(t)
	groups, err := KernelBenchGroups(BenchSelect{HashBits: []int{8}}, cpu)
	if err != nil {
		t.Fatal(err)
	}
	seen, floors := map[string]bool{}, map[string]bool{}
	for _, g := range groups {
		if g.Setup != nil {
			if err := g.Setup(); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range g.Cases {
			if c.Name == "Floor" {
				floors[c.Key(resultsfile.KeyImpl)+"/"+c.Key("form")] = true
				if len(c.Config) != 0 || c.Key(resultsfile.KeyImpl) == "" {
					// its kind is in its name: a configuration key impl
					// too would be a second label the perfdata server refuses
					t.Errorf("%s: configuration %v, want none (impl in the name)", c.FullName(), c.Config)
				}
				c.Run(3)
				continue
			}
			if c.Name != "Kernel" || !strings.HasPrefix(c.SubName(), "kernel="+c.Key("kernel")+"/variant=") {
				t.Errorf("bad name %s", c.FullName())
			}
			if c.Key("form") == "call" {
				seen[c.Key("kernel")+"/"+c.Key("variant")] = true
			}
			if len(c.Config) != 1 || c.Config[0][0] != resultsfile.KeyImpl || c.Config[0][1] != implOf(c.Key("kernel"), c.Key("variant"), c.Key("form")) {
				t.Errorf("%s: configuration %v, want impl: %s", c.FullName(), c.Config, implOf(c.Key("kernel"), c.Key("variant"), c.Key("form")))
			}
			c.Run(3)
		}
		if g.Teardown != nil {
			g.Teardown()
		}
	}
	for _, s := range Specs() {
		for _, in := range s.KernelInfo().Infos() {
			if in.RunsOn(cpu) && !in.Composed() && !seen[s.KernelInfo().Name()+"/"+in.Name] {
				t.Errorf("no per-call benchmark of %s/%s", s.KernelInfo().Name(), in.Name)
			}
		}
	}
	for _, f := range variants.CallFloors() {
		if !floors[f.Impl+"/"+f.Form] {
			t.Errorf("no call floor %s/%s", f.Impl, f.Form)
		}
	}
	if _, err := KernelBenchGroups(BenchSelect{Kernels: []string{"nope"}}, cpu); err == nil {
		t.Error("unknown kernel accepted")
	}
	one, _ := KernelBenchGroups(BenchSelect{Kernels: []string{"hash_clear"}, HashBits: []int{8, 9}, Variant: "reference"}, cpu)
	if len(one) != 2 || len(one[0].Cases) != 2 || one[0].Cases[1].Key("form") != "baseline" {
		t.Errorf("hash_clear reference at 2 sizes: want 2 groups of reference + baseline, got %d groups", len(one))
	}
}

// TestRunsWalkTheInputs: a case's runs go on from the input after the
// last one's, whatever their lengths, per call (flip, solve_4) and
// batched. Runs that each started at the first input timed cases of
// different run lengths on different inputs: a faster variant (more calls
// a run) on more of them, an A/A twin on other ones than its original.
func TestRunsWalkTheInputs(t *testing.T) {
	lens := []int{3, 6, 2, 9, 8, 1}
	want := func(t *testing.T, seen []int) {
		t.Helper()
		total := 0
		for _, n := range lens {
			total += n
		}
		if len(seen) != total {
			t.Fatalf("%d calls, want %d", len(seen), total)
		}
		for i, v := range seen {
			if v != i%8 {
				t.Fatalf("call %d on input %d, want %d (inputs %v)", i, v, i%8, seen)
			}
		}
	}
	t.Run("flip per call", func(t *testing.T) {
		in := make([]variants.BoardX, 8)
		for i := range in {
			in[i].P = uint64(i)
		}
		var seen []int
		s, _ := SpecByName(variants.Flip.Name())
		run := s.(*Spec[variants.FlipFunc, variants.FlipBatchFunc, variants.BoardX, uint64]).Loop(func(P, O uint64, x int) uint64 {
			seen = append(seen, int(P))
			return 0
		}, in)
		for _, n := range lens {
			run(n)
		}
		want(t, seen)
	})
	t.Run("solve_4 per call", func(t *testing.T) {
		in := make([]variants.BoardAlpha, 8)
		for i := range in {
			in[i].Alpha = i
		}
		var seen []int
		s, _ := SpecByName(variants.Solve4.Name())
		run := s.(*Spec[variants.SolveFunc, variants.SolveBatchFunc, variants.BoardAlpha, variants.ScoreNodes]).Loop(func(P, O uint64, alpha int) (int, uint64) {
			seen = append(seen, alpha)
			return 0, 0
		}, in)
		for _, n := range lens {
			run(n)
		}
		want(t, seen)
	})
	t.Run("batched", func(t *testing.T) {
		in := make([]int, 8)
		for i := range in {
			in[i] = i
		}
		out := make([]int, len(in))
		var seen []int
		var at cursor
		for _, n := range lens {
			batchRun(&at, n, in, out, func(b, o []int) {
				if len(o) != len(b) {
					t.Fatalf("a batch of %d inputs with %d outputs", len(b), len(o))
				}
				seen = append(seen, b...)
			})
		}
		want(t, seen)
	})
}

// A benchmark's output buffer starts a cache line, whatever the heap's
// size class would have placed it at (a Features is 96 bytes: 0 or 32
// bytes into a line).
func TestLineAligned(t *testing.T) {
	for i := range 64 {
		p := lineAligned[kernels.Features]()
		if a := uintptr(unsafe.Pointer(p)) % 64; a != 0 {
			t.Fatalf("allocation %d: %d bytes into a cache line", i, a)
		}
		if *p != (kernels.Features{}) {
			t.Fatalf("allocation %d: not zero", i)
		}
	}
}
