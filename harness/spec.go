// Package harness holds each kernel's spec, the inputs every check and
// benchmark runs on, and the cross-check.
//
// A spec (one file per kernel, named after it) says how a variant of the
// kernel is exercised: its inputs (random games of every phase, edge
// cases, exhaustive sets where small), how to call it and compare its
// output with the reference's, how to print a counterexample, how a
// fuzzer's values become an input, and its benchmark loop. Cross-check,
// fuzzing, CheckOne and the micro-benchmarks loop over the specs; the
// kernel itself (name, contract, reference, variants) is declared in
// package variants.
//
// Subpackages do the other jobs: bench runs benchmarks and writes results
// files, stats reads them and compares, regress compares two revisions.
package harness

import (
	"fmt"
	"iter"
	"math/bits"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Spec is how the harness exercises a kernel whose functions have type F
// and batch forms type B, on inputs In giving outputs Out.
type Spec[F, B any, In any, Out comparable] struct {
	Kernel *variants.Kernel[F, B]
	// Call runs a variant's function on one input.
	Call func(fn F, in In) Out
	// Cases yields the cross-check's inputs for options o: the exhaustive
	// and edge sets first, then inputs from random games (about o.N).
	Cases func(o Options) iter.Seq[In]
	// Lazy, if set, is the contract of the kernel's lazy variants (its
	// Kernel.Cut not Exact): score_1's cuts.
	Lazy LazyContract[In, Out]
	// Show writes an input for a counterexample: a board string (see
	// kernels.BoardString) and what else the input holds.
	Show func(in In) string
	// Fuzz makes an input of a fuzzer's values (any values: overlapping
	// discs, any square), false to skip them.
	Fuzz func(P, O uint64, x, alpha int) (In, bool)
	// Inputs are the micro-benchmark's inputs, the same on every machine;
	// Loop returns the per-call loop over them: n calls of fn from a Go
	// loop, cycling through in (its length a power of two), each run going
	// on from where the last one stopped (a cursor).
	Inputs func() []In
	Loop   func(fn F, in []In) func(n int)
	// Groups, if set, makes the benchmark groups instead (kernels whose
	// operation is not one call on one input: a table size, a slice).
	Groups func(k *variants.Kernel[F, B], vs []*variants.Variant[F, B], sel BenchSelect) []*bench.Group
	// Batch, if set, makes a variant's batch form (variants.Variant.Batch)
	// a function over In and Out: for a kernel whose batch form takes
	// more than its elements (the weights of eval_sum) or whose elements
	// are package variants' words laid out as In (see batchAs). Without
	// it B must be func([]In, []Out).
	Batch func(form B) func(in []In, out []Out)
}

// A LazyContract says what a kernel's lazy variants may return instead
// of the reference's output.
type LazyContract[In, Out any] interface {
	// Accepts reports whether a variant of that cut may return got on in,
	// the reference returning want.
	Accepts(cut variants.Cut, in In, got, want Out) bool
	// Want is want as a counterexample shows it, with what a variant of
	// that cut may return instead.
	Want(cut variants.Cut, in In, want Out) string
}

// KernelSpec is the type-erased view of a spec.
type KernelSpec interface {
	KernelInfo() variants.KernelInfo
	// Check cross-checks a variant cpu can run (and its batch form)
	// against the reference.
	Check(variant string, cpu variants.CPUInfo, o Options) (Result, error)
	// CheckOne runs every variant cpu can run on the input a fuzzer's
	// values make, and returns the first disagreement.
	CheckOne(P, O uint64, x, alpha int, cpu variants.CPUInfo) *Mismatch
	// Benchmarks makes the micro-benchmark groups of the variants cpu
	// can run.
	Benchmarks(sel BenchSelect, cpu variants.CPUInfo) []*bench.Group
	// Samples yields the inputs of a set with the reference's outputs,
	// as values of the spec's input and output types: "check", the
	// cross-check's cases for o; "bench", the benchmark inputs in the
	// order the benchmarks cycle through them.
	Samples(set string, o Options) (iter.Seq2[any, any], error)
	// missing names a field the spec lacks, "" if none (a test asks).
	missing() string
	// hasBatch reports whether a variant has a batch form of the kernel's
	// type (a test asks).
	hasBatch(variant string) bool
}

var specs []KernelSpec

// declare adds a spec; each spec file calls it once, for its kernel.
func declare[F, B any, In any, Out comparable](s *Spec[F, B, In, Out]) *Spec[F, B, In, Out] {
	specs = append(specs, s)
	return s
}

// Specs returns every kernel's spec, in catalog order.
func Specs() []KernelSpec {
	out := make([]KernelSpec, 0, len(specs))
	for _, k := range variants.Kernels() {
		if s := SpecOf(k); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// SpecOf returns the spec of a kernel, nil if it has none (a test fails).
func SpecOf(k variants.KernelInfo) KernelSpec {
	for _, s := range specs {
		if s.KernelInfo() == k {
			return s
		}
	}
	return nil
}

// SpecByName finds a kernel's spec by the kernel's name.
func SpecByName(name string) (KernelSpec, error) {
	k, err := variants.KernelByName(name)
	if err != nil {
		return nil, err
	}
	if s := SpecOf(k); s != nil {
		return s, nil
	}
	if k.Composed() {
		return nil, fmt.Errorf("kernel %s is composed by the solver of the others: whole solves measure it (flipbench bench -solve SET -solve-kernel %s), the solver's tests check it", name, name)
	}
	return nil, fmt.Errorf("kernel %s has no spec (harness/%s.go)", name, name)
}

// KernelInfo returns the kernel the spec is of.
func (s *Spec[F, B, In, Out]) KernelInfo() variants.KernelInfo { return s.Kernel }

// Check cross-checks one variant.
func (s *Spec[F, B, In, Out]) Check(variant string, cpu variants.CPUInfo, o Options) (Result, error) {
	r := Result{Kernel: s.Kernel.Name(), Variant: variant}
	i := slices.IndexFunc(s.Kernel.All(), func(v *variants.Variant[F, B]) bool { return v.Name == variant })
	if i < 0 {
		_, err := s.Kernel.Lookup(variant, cpu)
		return r, err
	}
	v := s.Kernel.All()[i]
	if miss := cpu.Missing(v.Requires); len(miss) > 0 {
		r.Skipped = "this CPU lacks " + variants.FeatureNames(miss)
		return r, nil
	}
	if v.Composed() {
		r.Skipped = "composed by the solver of the selection's kernels: its tests check it, node for node"
		return r, nil
	}
	return s.check(v, o)
}

// check runs a variant on every case, then its batch form on batches of
// every size; it stops at the first mismatch.
func (s *Spec[F, B, In, Out]) check(v *variants.Variant[F, B], o Options) (Result, error) {
	r := Result{Kernel: s.Kernel.Name(), Variant: v.Name}
	ref := s.Kernel.Reference()
	for in := range s.Cases(o) {
		r.Cases++
		if got, want := s.Call(v.Fn, in), s.Call(ref, in); !s.agree(v, in, got, want) {
			r.Mismatch = s.mismatch(v, in, got, want)
			return r, nil
		}
	}
	if !v.HasBatch() {
		return r, nil
	}
	batch, ok := s.batch(v)
	if !ok {
		return r, fmt.Errorf("%s/%s: batch form has type %T, not one of the kernel's", s.Kernel.Name(), v.Name, v.Batch)
	}
	next, stop := iter.Pull(s.Cases(o))
	defer stop()
	for _, n := range batchSizes {
		in := make([]In, 0, n)
		for len(in) < n {
			c, ok := next()
			if !ok {
				break
			}
			in = append(in, c)
		}
		out := make([]Out, len(in))
		batch(in, out)
		for i, c := range in {
			r.Cases++
			if want := s.Call(ref, c); !s.agree(v, c, out[i], want) {
				r.Mismatch = s.mismatch(v, c, out[i], want)
				r.Mismatch.Variant += " (batch)"
				r.Mismatch.Input = fmt.Sprintf("element %d of %d: %s", i, len(in), r.Mismatch.Input)
				return r, nil
			}
		}
	}
	return r, nil
}

// batch returns v's batch form over the spec's inputs, false if it has
// none or one of another type.
func (s *Spec[F, B, In, Out]) batch(v *variants.Variant[F, B]) (func([]In, []Out), bool) {
	switch {
	case !v.HasBatch():
		return nil, false
	case s.Batch != nil:
		return s.Batch(v.Batch), true
	}
	b, ok := any(v.Batch).(func([]In, []Out))
	return b, ok
}

func (s *Spec[F, B, In, Out]) hasBatch(variant string) bool {
	i := slices.IndexFunc(s.Kernel.All(), func(v *variants.Variant[F, B]) bool { return v.Name == variant })
	if i < 0 {
		return false
	}
	_, ok := s.batch(s.Kernel.All()[i])
	return ok
}

// batchSizes covers empty, short (tail paths) and long batches.
var batchSizes = []int{0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 64, 1000}

func (s *Spec[F, B, In, Out]) agree(v *variants.Variant[F, B], in In, got, want Out) bool {
	if got == want {
		return true
	}
	cut := s.Kernel.Cut(v.Name)
	return cut != variants.Exact && s.Lazy != nil && s.Lazy.Accepts(cut, in, got, want)
}

func (s *Spec[F, B, In, Out]) mismatch(v *variants.Variant[F, B], in In, got, want Out) *Mismatch {
	m := &Mismatch{Kernel: s.Kernel.Name(), Variant: v.Name, Input: s.Show(in), Got: format(got), Want: format(want)}
	if cut := s.Kernel.Cut(v.Name); cut != variants.Exact && s.Lazy != nil {
		m.Want = s.Lazy.Want(cut, in, want)
	}
	return m
}

// CheckOne runs every variant cpu can run, and its batch form, on one
// fuzzed input.
func (s *Spec[F, B, In, Out]) CheckOne(P, O uint64, x, alpha int, cpu variants.CPUInfo) *Mismatch {
	in, ok := s.Fuzz(P, O, x, alpha)
	if !ok {
		return nil
	}
	want := s.Call(s.Kernel.Reference(), in)
	for _, v := range s.Kernel.Runnable(cpu) {
		if got := s.Call(v.Fn, in); !s.agree(v, in, got, want) {
			return s.mismatch(v, in, got, want)
		}
		if b, ok := s.batch(v); ok {
			out := make([]Out, 1)
			if b([]In{in}, out); !s.agree(v, in, out[0], want) {
				m := s.mismatch(v, in, out[0], want)
				m.Variant += " (batch)"
				return m
			}
		}
	}
	return nil
}

// Samples yields the inputs of a set with the reference's outputs.
func (s *Spec[F, B, In, Out]) Samples(set string, o Options) (iter.Seq2[any, any], error) {
	var ins iter.Seq[In]
	switch {
	case set == "check":
		ins = s.Cases(o)
	case set == "bench" && s.Inputs != nil:
		ins = slices.Values(s.Inputs())
	case set == "bench":
		return nil, fmt.Errorf("%s: its benchmark is not one call per input", s.Kernel.Name())
	default:
		return nil, fmt.Errorf("set %q: want check or bench", set)
	}
	ref := s.Kernel.Reference()
	return func(yield func(any, any) bool) {
		for in := range ins {
			if !yield(in, s.Call(ref, in)) {
				return
			}
		}
	}, nil
}

// batchAs adapts batch forms over E, a word struct of package variants,
// to a spec whose inputs In are laid out as E (the same field types at
// the same offsets; the names may differ: a harness type whose unexported
// fields code outside the package reads). The slice is reinterpreted,
// not copied, so a benchmark times the batch form alone. It panics if
// the layouts differ.
func batchAs[In, E, Out any]() func(form func([]E, []Out)) func([]In, []Out) {
	mustSameLayout[In, E]()
	return func(b func([]E, []Out)) func([]In, []Out) {
		return func(in []In, out []Out) { b(castSlice[E](in), out) }
	}
}

// castSlice reinterprets s as a slice of E, a type laid out as In.
func castSlice[E, In any](s []In) []E {
	return unsafe.Slice((*E)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// mustSameLayout panics unless the structs A and B have fields of the
// same types at the same offsets.
func mustSameLayout[A, B any]() bool {
	a, b := reflect.TypeFor[A](), reflect.TypeFor[B]()
	same := a.Kind() == reflect.Struct && b.Kind() == reflect.Struct && a.Size() == b.Size() && a.NumField() == b.NumField()
	for i := 0; same && i < a.NumField(); i++ {
		fa, fb := a.Field(i), b.Field(i)
		same = fa.Type == fb.Type && fa.Offset == fb.Offset
	}
	if !same {
		panic(fmt.Sprintf("harness: %v is not laid out as %v", a, b))
	}
	return true
}

// format prints bitboards as hex and square names, anything else as is.
func format(v any) string {
	if m, ok := v.(uint64); ok {
		var sq []string
		for ; m != 0; m &= m - 1 {
			sq = append(sq, kernels.SquareName(bits.TrailingZeros64(m)))
		}
		return fmt.Sprintf("%#016x [%s]", v, strings.Join(sq, " "))
	}
	return fmt.Sprint(v)
}

func (s *Spec[F, B, In, Out]) missing() string {
	switch {
	case s.Kernel == nil:
		return "Kernel"
	case s.Call == nil:
		return "Call"
	case s.Cases == nil:
		return "Cases"
	case s.Show == nil:
		return "Show"
	case s.Fuzz == nil:
		return "Fuzz"
	case s.Groups == nil && (s.Inputs == nil || s.Loop == nil):
		return "Inputs and Loop (or Groups)"
	}
	for _, v := range s.Kernel.All() {
		if _, ok := s.batch(v); v.HasBatch() && !ok {
			return "a batch form of the kernel's type: " + v.Name + "'s is " + fmt.Sprintf("%T", v.Batch)
		}
		if s.Kernel.Cut(v.Name) != variants.Exact && s.Lazy == nil {
			return "a Lazy contract for variant " + v.Name
		}
	}
	return ""
}
