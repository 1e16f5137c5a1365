package harness

import (
	"slices"
	"unsafe"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// DefaultHashBits are the table sizes of hash_clear in flipbench bench:
// 2^15 entries of 24 bytes (768 KiB, L2-resident) to 2^26 (1.5 GiB, far
// beyond any last-level cache).
var DefaultHashBits = []int{15, 17, 20, 22, 24, 26}

// TestHashBits are the sizes of go test -bench (up to 96 MiB, so that a
// smoke run stays quick).
var TestHashBits = []int{15, 17, 20, 22}

// BenchSelect chooses what a session runs.
type BenchSelect struct {
	Kernels  []string // kernel names; empty: all
	Variant  string   // only variants of this name; empty: all runnable
	HashBits []int    // hash_clear table sizes (log2 entries); nil: DefaultHashBits
	NoBatch  bool     // per-call forms only
}

func (s BenchSelect) wantKernel(name string) bool {
	return len(s.Kernels) == 0 || slices.Contains(s.Kernels, name)
}

func (s BenchSelect) wantVariant(name string) bool { return s.Variant == "" || s.Variant == name }

// KernelBenchGroups returns the micro-benchmark groups of the selection on
// cpu: per kernel, every variant cpu runs per call, then batched where a
// variant has a batch form (flip's also called from assembly); then the
// call floors (FloorKernel). Unknown kernel names are an error.
func KernelBenchGroups(sel BenchSelect, cpu variants.CPUInfo) ([]*bench.Group, error) {
	for _, k := range sel.Kernels {
		if _, err := SpecByName(k); err != nil && k != FloorKernel {
			return nil, err
		}
	}
	if sel.HashBits == nil {
		sel.HashBits = DefaultHashBits
	}
	var groups []*bench.Group
	for _, s := range Specs() {
		if !sel.wantKernel(s.KernelInfo().Name()) {
			continue
		}
		for _, g := range s.Benchmarks(sel, cpu) {
			var keep []*bench.Case
			for _, c := range g.Cases {
				if sel.wantVariant(c.Key("variant")) || c.Key("form") == "baseline" {
					keep = append(keep, c)
				}
			}
			if g.Cases = keep; len(keep) > 1 || len(keep) == 1 && keep[0].Key("form") != "baseline" {
				groups = append(groups, g)
			}
		}
		groups = append(groups, fromAsmGroups(s.KernelInfo().Name(), sel, cpu)...)
	}
	if sel.wantKernel(FloorKernel) && sel.Variant == "" {
		groups = append(groups, floorGroups()...)
	}
	MarkImpl(groups)
	for _, g := range groups {
		if g.Twin != nil {
			continue // the group chose its own
		}
		def := ""
		if len(g.Cases) > 0 {
			if k, err := variants.KernelByName(g.Cases[0].Key("kernel")); err == nil {
				def = variants.DefaultName(k, cpu)
			}
		}
		g.SetTwin(def)
	}
	return groups, nil
}

// MarkImpl gives every case of a variant the configuration line impl:
// its kind (variants.KindGo, KindGoSIMD, KindAsm; a baseline is Go), so
// that a results file says what each variant is without the registry
// that made it, and orders each group's cases by kind (Go, gosimd,
// assembly), keeping their order within a kind, so that the line
// changes at most twice per round.
func MarkImpl(groups []*bench.Group) {
	rank := map[string]int{variants.KindGo: 0, variants.KindGoSIMD: 1, variants.KindAsm: 2}
	for _, g := range groups {
		kinds := map[*bench.Case]string{}
		for _, c := range g.Cases {
			if named := c.Key(resultsfile.KeyImpl); named != "" {
				// a call floor names its kind in its name: a configuration
				// key of the same name would give the result two labels
				// of that name, which the perfdata server refuses
				kinds[c] = named
				continue
			}
			kind := variants.KindGo
			if k, err := variants.KernelByName(c.Key("kernel")); err == nil && c.Key("form") != "baseline" {
				for _, in := range k.Infos() {
					if in.Name == c.Key("variant") {
						kind = in.Kind()
					}
				}
			}
			kinds[c] = kind
			c.Config = append(c.Config, [2]string{resultsfile.KeyImpl, kind})
		}
		slices.SortStableFunc(g.Cases, func(a, b *bench.Case) int {
			return rank[kinds[a]] - rank[kinds[b]]
		})
	}
}

// Benchmarks makes the kernel's groups: the variants cpu runs per call,
// interleaved, then those with a batch form batched.
func (s *Spec[F, B, In, Out]) Benchmarks(sel BenchSelect, cpu variants.CPUInfo) []*bench.Group {
	vs := s.Kernel.Runnable(cpu)
	if s.Groups != nil {
		return s.Groups(s.Kernel, vs, sel)
	}
	name := s.Kernel.Name()
	in := s.Inputs()
	call := &bench.Group{Title: name + " per call"}
	batch := &bench.Group{Title: name + " batched"}
	for _, v := range vs {
		loop := func() func(int) { return s.Loop(v.Fn, in) }
		c := kernelCase(name, v.Name, "call", loop())
		c.New = loop
		call.Cases = append(call.Cases, c)
		if b, ok := s.batch(v); ok && !sel.NoBatch {
			out := make([]Out, len(in))
			walk := func() func(int) {
				var at cursor
				return func(n int) { batchRun(&at, n, in, out, b) }
			}
			c := kernelCase(name, v.Name, "batch", walk())
			c.New = walk
			batch.Cases = append(batch.Cases, c)
		}
	}
	if len(batch.Cases) == 0 {
		return []*bench.Group{call}
	}
	return []*bench.Group{call, batch}
}

func kernelCase(kernel, variant, form string, run func(int), extra ...[2]string) *bench.Case {
	keys := [][2]string{{"kernel", kernel}, {"variant", variant}, {"form", form}}
	return &bench.Case{Name: "Kernel", Keys: append(keys, extra...), Run: run}
}

// cycle is the index of call i into a set of inputs whose length is a
// power of two.
func cycle(i, n int) int { return i & (n - 1) }

// batchRun makes n calls of the batch form b on in from the cursor on, as
// few batches as the set's end allows (out holds a batch's results).
func batchRun[In, Out any](at *cursor, n int, in []In, out []Out, b func([]In, []Out)) {
	for s := at.next(n, len(in)); n > 0; s = 0 {
		m := min(n, len(in)-s)
		b(in[s:s+m], out[:m])
		n -= m
	}
}

// A cursor is where a case's next run starts in its set of inputs: each
// run goes on from the input after the last one's, so that every case
// walks the whole set however long its runs are. Runs that all started at
// the first input timed a case on the part of the set its run length
// reached: where a run is not a whole number of passes (the leaf searches'
// 65536 inputs take more than a run), a faster variant, making more calls
// a run, was timed on other inputs than a slower one, and a variant's A/A
// twin on other inputs than the original when their calibrations differed.
type cursor int

// next returns the index of the first input of a run of n calls in a set
// of l inputs (a power of two) and moves the cursor past them.
func (c *cursor) next(n, l int) int {
	s := int(*c)
	*c = cursor(cycle(s+n, l))
	return s
}

// lineAligned returns a new zero T at the start of a 64-byte cache line,
// wherever the heap would have put it: a kernel's output that straddles a
// line or not by chance is a case's time that moves with the process's
// placement, and a variant's with its allocation. T holds no pointers.
func lineAligned[T any]() *T {
	size := unsafe.Sizeof(*new(T))
	buf := make([]byte, size+63)
	off := (64 - uintptr(unsafe.Pointer(unsafe.SliceData(buf)))%64) % 64
	return (*T)(unsafe.Pointer(&buf[off]))
}
