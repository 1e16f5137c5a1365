// Package variants holds every implementation of every kernel: the pure-Go
// forms (exported, so the solver and tests call them directly), the
// generated assembly (unexported: only the registry hands it out, and only
// to a CPU that has its features), the registry that names them, CPU
// detection, and the Selection of one variant per kernel.
//
// A kernel is declared once, in the file named after it (flip.go,
// moves.go, ...): its name, contract, reference and pure-Go variants. Its
// assembly variants are registered beside the generated code
// (*_asm_amd64.go); the harness's spec of the kernel (harness/<kernel>.go)
// says how a variant is checked, fuzzed and benchmarked.
package variants

import (
	"fmt"
	"slices"
	"strings"
)

// Info describes one variant.
type Info struct {
	Kernel   string
	Name     string
	Requires []Feature
	// Rank orders the default choice: the runnable variant of highest
	// rank is selected unless a rule below or the user says otherwise.
	Rank int
	// UsesPEXT marks variants built on PEXT/PDEP, never the default where
	// those are microcoded (AMD before Zen 3).
	UsesPEXT bool
	// ZMM marks variants using 512-bit registers, not the default on
	// Intel parts that downclock for them.
	ZMM bool
	// Bound marks variants whose result is only window-equivalent to the
	// reference (lazy cut-offs); see the kernel's contract. For score_1,
	// with E the exact final score and R the reference (board_score_1:
	// E, but a pass failing low gives the pass score, in [E, alpha]),
	// Bound alone is the lazy high cut: R at or below alpha, above it
	// any value in (alpha, E].
	Bound bool
	// BoundLow, with Bound, makes it the lazy low cut of score_1: E above
	// alpha, at or below it any value in [E, alpha].
	BoundLow bool
	// Uses lists the assembly functions a Go wrapper calls: their CPU
	// features (avo's analysis, generated with the stubs) are added to
	// Requires. A variant whose function is itself an assembly function
	// needs no Uses.
	Uses []any
	Note string
	// entry is the assembly entry point of a generated variant (what
	// other assembly calls: see Bottom), 0 for Go code.
	entry uintptr
	// Asm is set by Register when the variant's function, its batch form
	// or a function it Uses is generated assembly.
	Asm bool
}

// The kinds of implementation, as results files name them (the impl
// configuration line, and BenchmarkFloor/impl=...).
const (
	KindGo       = "go"       // plain Go, compiled by gc
	KindArchsimd = "archsimd" // Go with simd/archsimd (GOEXPERIMENT=simd): variants named gosimd-*
	KindAsm      = "asm"      // avo-generated Go assembly, or Go around it
	KindC        = "c"        // not a flipbench variant: a C kernel timed by cbench
)

// ArchsimdPrefix starts the name of every archsimd variant.
const ArchsimdPrefix = "gosimd-"

// Kind is the variant's kind of implementation: KindArchsimd for the
// gosimd-* variants, KindAsm when it runs generated assembly, else KindGo.
func (i Info) Kind() string {
	switch {
	case strings.HasPrefix(i.Name, ArchsimdPrefix):
		return KindArchsimd
	case i.Asm:
		return KindAsm
	}
	return KindGo
}

// Entry is the variant's assembly entry point, 0 for Go code.
func (i Info) Entry() uintptr { return i.entry }

// RequiresString is the comma-separated feature list, "-" for none.
func (i Info) RequiresString() string { return FeatureNames(i.Requires) }

// RunsOn reports whether cpu has every feature the variant needs.
func (i Info) RunsOn(cpu CPUInfo) bool { return len(cpu.Missing(i.Requires)) == 0 }

// Variant is a registered implementation F of a kernel.
type Variant[F any] struct {
	Info
	Fn F
	// Batch is the variant's batch form, func(in []In, out []Out) for the
	// kernel's input and output types (see batch.go), or nil.
	Batch any
	// batchAsm is the assembly function Batch is a Go closure around
	// (batchUses), nil otherwise.
	batchAsm any
}

// Kernel is the registry of one kernel's variants; variant 0 is the
// reference.
type Kernel[F any] struct {
	name     string
	contract string
	index    int // position in the catalog
	variants []*Variant[F]
}

// KernelInfo is the type-erased view of a Kernel, for listings, selection
// by name and the harness.
type KernelInfo interface {
	Name() string
	Contract() string
	// Index is the kernel's position in the catalog (Kernels()).
	Index() int
	Infos() []Info
	// Code lists every variant's functions as values, for tools that
	// read their machine code (harness/predict).
	Code() []Code
	// Lookup finds a variant this CPU can run, or says why not.
	Lookup(variant string, cpu CPUInfo) (Info, error)
	defaultIndex(cpu CPUInfo, profile map[string]string) int
	find(variant string) int
	setIndex(i int)
	funcs() []any
}

var registered []KernelInfo

// newKernel creates a kernel with its reference as variant 0. Kernels are
// package-level variables, so they exist before any init registers more.
func newKernel[F any](name, contract string, ref F) *Kernel[F] {
	k := &Kernel[F]{name: name, contract: contract}
	k.Register(Info{Name: RefName, Note: "plain pure Go: the oracle"}, ref)
	i, _ := slices.BinarySearchFunc(registered, name, func(k KernelInfo, n string) int { return strings.Compare(k.Name(), n) })
	registered = slices.Insert(registered, i, KernelInfo(k))
	for j, k := range registered {
		k.setIndex(j)
	}
	return k
}

// RefName names every kernel's reference variant.
const RefName = "reference"

// Kernels returns every kernel, in catalog order: by name.
func Kernels() []KernelInfo { return registered }

// KernelByName finds a kernel.
func KernelByName(name string) (KernelInfo, error) {
	for _, k := range registered {
		if k.Name() == name {
			return k, nil
		}
	}
	var names []string
	for _, k := range registered {
		names = append(names, k.Name())
	}
	return nil, fmt.Errorf("unknown kernel %q (kernels: %s)", name, strings.Join(names, ", "))
}

// Name returns the kernel's catalog name.
func (k *Kernel[F]) Name() string { return k.name }

// Contract is one sentence on what every variant computes.
func (k *Kernel[F]) Contract() string { return k.contract }

// Index is the kernel's position in the catalog.
func (k *Kernel[F]) Index() int { return k.index }

func (k *Kernel[F]) setIndex(i int) { k.index = i }

// Register adds a variant; called from init in the variant's file. The
// features of fn (when it is generated assembly), of info.Uses and of
// info.Requires make up the variant's requirements.
func (k *Kernel[F]) Register(info Info, fn F) {
	if k.find(info.Name) >= 0 {
		panic("variants: duplicate " + k.name + "/" + info.Name)
	}
	k.variants = append(k.variants, &Variant[F]{Info: k.complete(info, fn), Fn: fn})
}

func (k *Kernel[F]) complete(info Info, fns ...any) Info {
	info.Kernel = k.name
	req := slices.Clone(info.Requires)
	for _, fn := range append(fns, info.Uses...) {
		if isAsm(fn) {
			info.Asm = true
		}
		for _, f := range asmFeatures(fn) {
			if !slices.Contains(req, f) {
				req = append(req, f)
			}
		}
	}
	info.Requires = req
	return info
}

// RegisterBatch attaches a batch form, func(in []In, out []Out), to the
// named variant; the harness checks its type against the kernel's spec.
// Its features are added to the variant's, as for Register.
func (k *Kernel[F]) RegisterBatch(name string, fn any) {
	i := k.find(name)
	if i < 0 {
		panic("variants: RegisterBatch of unknown " + k.name + "/" + name)
	}
	v := k.variants[i]
	v.Info = k.complete(v.Info, fn)
	v.Batch = fn
}

func (k *Kernel[F]) find(name string) int {
	return slices.IndexFunc(k.variants, func(v *Variant[F]) bool { return v.Name == name })
}

func (k *Kernel[F]) funcs() []any {
	out := make([]any, len(k.variants))
	for i, v := range k.variants {
		out[i] = v.Fn
	}
	return out
}

// Code is one variant's functions as values: what runs per call (Fn),
// its batch form (Batch, nil without one) and, when Batch is a Go closure
// around a generated batch loop, that loop (BatchAsm), which a closure's
// code only reaches through a func value.
type Code struct {
	Info
	Fn, Batch, BatchAsm any
}

// Code lists every variant's functions, runnable or not.
func (k *Kernel[F]) Code() []Code {
	out := make([]Code, len(k.variants))
	for i, v := range k.variants {
		out[i] = Code{Info: v.Info, Fn: v.Fn, Batch: v.Batch, BatchAsm: v.batchAsm}
	}
	return out
}

// All returns every registered variant, runnable or not.
func (k *Kernel[F]) All() []*Variant[F] { return k.variants }

// Infos returns every variant's Info.
func (k *Kernel[F]) Infos() []Info {
	out := make([]Info, len(k.variants))
	for i, v := range k.variants {
		out[i] = v.Info
	}
	return out
}

// Reference returns the reference variant's function (always runnable).
func (k *Kernel[F]) Reference() F { return k.variants[0].Fn }

// Lookup finds a variant by name; it is an error if it is unknown or cpu
// cannot run it, naming what is available.
func (k *Kernel[F]) Lookup(name string, cpu CPUInfo) (Info, error) {
	v, err := k.Get(name, cpu)
	if err != nil {
		return Info{}, err
	}
	return v.Info, nil
}

// Get returns the named variant if cpu can run it.
func (k *Kernel[F]) Get(name string, cpu CPUInfo) (*Variant[F], error) {
	i := k.find(name)
	if i < 0 {
		return nil, fmt.Errorf("unknown %s variant %q; registered: %s (runnable here: %s)",
			k.name, name, k.names(nil), k.names(&cpu))
	}
	v := k.variants[i]
	if miss := cpu.Missing(v.Requires); len(miss) > 0 {
		return nil, fmt.Errorf("%s variant %q needs %s, which this CPU lacks%s; runnable here: %s",
			k.name, name, FeatureNames(miss), cpu.disabledNote(), k.names(&cpu))
	}
	return v, nil
}

// names lists the variants (those cpu runs, if not nil).
func (k *Kernel[F]) names(cpu *CPUInfo) string {
	var s []string
	for _, v := range k.variants {
		if cpu == nil || v.RunsOn(*cpu) {
			s = append(s, v.Name)
		}
	}
	return strings.Join(s, ", ")
}

// Runnable returns the variants cpu can run.
func (k *Kernel[F]) Runnable(cpu CPUInfo) []*Variant[F] {
	var out []*Variant[F]
	for _, v := range k.variants {
		if v.RunsOn(cpu) {
			out = append(out, v)
		}
	}
	return out
}

// With returns a copy of the kernel with one more variant, for tests that
// check what the harness does with a variant no build should register (a
// deliberately broken one): the registry itself is not changed.
func (k *Kernel[F]) With(info Info, fn F) *Kernel[F] {
	c := *k
	c.variants = slices.Clip(slices.Clone(k.variants))
	c.Register(info, fn)
	return &c
}

// allowed is what no profile overrides: cpu runs v, v's result is
// exact, and v does not use PEXT/PDEP where they are microcoded.
func allowed(v Info, cpu CPUInfo) bool {
	return v.RunsOn(cpu) && !v.Bound && !(v.UsesPEXT && cpu.SlowPEXT)
}

// defaultIndex applies the rules: the profile's choice if it is allowed
// (runnable, exact, no PEXT where PEXT is slow: a profile measured on
// another CPU that slipped through never breaks that rule), else the
// highest rank among allowed variants, skipping ZMM variants where
// 512-bit code downclocks.
func (k *Kernel[F]) defaultIndex(cpu CPUInfo, profile map[string]string) int {
	if name, ok := profile[k.name]; ok {
		// a profile is only applied to the CPU it was measured on
		// (results.Find); the rules hold even so
		if i := k.find(name); i >= 0 && allowed(k.variants[i].Info, cpu) {
			return i
		}
	}
	best := 0
	for i, v := range k.variants {
		if !allowed(v.Info, cpu) || v.ZMM && cpu.ZMMDownclock {
			continue
		}
		if v.Rank > k.variants[best].Rank {
			best = i
		}
	}
	return best
}
