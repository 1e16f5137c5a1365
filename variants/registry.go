// Package variants holds every implementation of every kernel: the pure-Go
// forms (exported, so the solver and tests call them directly), the
// generated assembly (unexported: only the registry hands it out, and only
// to a CPU that has its features), the registry that names them, CPU
// detection, and the Selection of one variant per kernel.
//
// Every file of a kernel K is named after it, and every variant of K is
// registered in one of them (TestRegisteredInKernelFile checks it): K.go
// declares the kernel (name, contract, reference) and registers its Go
// variants; K_gen_amd64.go and K_gen_arm64.go are generated from gen/K
// and gen/K/arm64 with K_gen_<arch>.s and register the assembly the
// generator declares; K_amd64.go registers by hand the assembly that
// needs Go around it; K_gosimd_<arch>.go (K_gosimd_portable.go) the
// gosimd variants; K_tables*.go holds its tables. "_gen" marks every
// generated file (gen.go). The harness's spec of the kernel
// (harness/<kernel>.go) says how a variant is checked, fuzzed and
// benchmarked.
package variants

import (
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
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
	// Uses lists the assembly functions a Go wrapper calls: their CPU
	// features (avo's analysis, generated with the stubs) are added to
	// Requires. A variant whose function is itself an assembly function
	// needs no Uses.
	Uses []any
	Note string
	// composed marks a variant the solver puts together from the
	// selection's other kernels (RegisterComposed).
	composed bool
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
	KindGo     = "go"     // plain Go, compiled by gc
	KindGoSIMD = "gosimd" // Go with simd/archsimd (GOEXPERIMENT=simd): variants named gosimd-*, package variants/gosimd
	KindAsm    = "asm"    // avo-generated Go assembly, or Go around it
	KindC      = "c"      // not a flipbench variant: a C kernel timed by cbench
)

// GoSIMDPrefix starts the name of every gosimd variant.
const GoSIMDPrefix = "gosimd-"

// KindArchsimd is what results files written before the kind was named
// gosimd call it (impl: archsimd): read as KindGoSIMD.
const KindArchsimd = "archsimd"

// Kind is the variant's kind of implementation: KindGoSIMD for the
// gosimd-* variants, KindAsm when it runs generated assembly, else KindGo.
func (i Info) Kind() string {
	switch {
	case strings.HasPrefix(i.Name, GoSIMDPrefix):
		return KindGoSIMD
	case i.Asm:
		return KindAsm
	}
	return KindGo
}

// Cut is what a variant returns against its reference. Only score_1
// has variants whose result is not exact (Kernel.SetCut).
type Cut int

const (
	// Exact: the reference's result.
	Exact Cut = iota
	// LazyHighCut (score_1): with E the exact final score and R the
	// reference (board_score_1: E, but a pass failing low gives the
	// pass score, in [E, alpha]), R at or below alpha, above it any value
	// in (alpha, E].
	LazyHighCut
	// LazyLowCut (score_1): E above alpha, at or below it any value in
	// [E, alpha].
	LazyLowCut
)

// Composed reports whether the solver puts the variant together from the
// selection's other kernels (its own leaf, score_1 and bottoms): it has
// no function of its own, the harness neither checks nor times it, and
// the solver's tests check it node for node.
func (i Info) Composed() bool { return i.composed }

// Entry is the variant's assembly entry point, 0 for Go code.
func (i Info) Entry() uintptr { return i.entry }

// RequiresString is the comma-separated feature list, "-" for none.
func (i Info) RequiresString() string { return FeatureNames(i.Requires) }

// RunsOn reports whether cpu has every feature the variant needs.
func (i Info) RunsOn(cpu CPUInfo) bool { return len(cpu.Missing(i.Requires)) == 0 }

// Variant is a registered implementation F of a kernel, with its batch
// form of type B if it has one.
type Variant[F, B any] struct {
	Info
	Fn F
	// Batch is the variant's batch form (see batch.go), nil if it has
	// none (HasBatch).
	Batch    B
	hasBatch bool
	// site is the file whose initialisation registered the variant
	// (registrationSite): each kernel's are named after it.
	site string
	// batchAsm is the assembly function Batch is a Go closure around
	// (batchUses), nil otherwise.
	batchAsm any
}

// Kernel is the registry of one kernel's variants, functions F with
// batch forms B (NoBatch for a kernel without); variant 0 is the
// reference (of a composed kernel: the plainest of its variants).
type Kernel[F, B any] struct {
	name     string
	contract string
	index    int  // position in the catalog
	composed bool // every variant Composed: no reference function, no spec
	variants []*Variant[F, B]
	// cuts is the kind of result of each variant that is not exact (the
	// lazy ones of score_1), by name: SetCut, where they are registered.
	cuts map[string]Cut
	// compositions is what each composed variant has beyond its Info (the
	// bottom's needs and aliases), by name: RegisterComposed.
	compositions map[string]Composition
}

// Composition is what a composed variant may have beyond its Info.
type Composition struct {
	// Needs, if set, says why the variant cannot run with the rest of a
	// selection (nil if it can): the assembly bottom calls the selected
	// kernels' assembly entry points. It reads only kernels none of whose
	// variants have Needs.
	Needs func(Selection) error
	// Alias is a second name, shared by variants that do one job: it
	// selects the one of highest rank the CPU runs (bottom gosimd).
	Alias string
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
	// Composed reports whether the kernel is one the solver composes of
	// others (the bottom): its variants are all Composed.
	Composed() bool
	// Lookup finds a variant this CPU can run, by name or alias, or says
	// why not.
	Lookup(variant string, cpu CPUInfo) (Info, error)
	// Cut is the kind of result of the named variant.
	Cut(variant string) Cut
	// Eligible says whether v, one of the kernel's variants, may be a
	// default on cpu (see Kernel.Eligible).
	Eligible(v Info, cpu CPUInfo) (why string, ok bool)
	defaultIndex(s Selection) int
	dependent() bool
	needs(i int, s Selection) error
	offered(i int, s Selection) bool
	lookup(variant string, cpu CPUInfo) (int, error)
	setIndex(i int)
	funcs() []any
	sites() []string
}

var registered []KernelInfo

// newKernel creates a kernel with its reference as variant 0. Kernels are
// package-level variables, so they exist before any init registers more.
func newKernel[F, B any](name, contract string, ref F) *Kernel[F, B] {
	k := catalog(&Kernel[F, B]{name: name, contract: contract})
	k.Register(Info{Name: RefName, Note: "plain pure Go: the oracle"}, ref)
	return k
}

// newComposedKernel creates a kernel the solver composes of the
// selection's other kernels, with first as variant 0: the one chosen when
// no other can run.
func newComposedKernel[F, B any](name, contract string, first Info) *Kernel[F, B] {
	k := catalog(&Kernel[F, B]{name: name, contract: contract, composed: true})
	k.RegisterComposed(first, Composition{})
	return k
}

func catalog[F, B any](k *Kernel[F, B]) *Kernel[F, B] {
	i, _ := slices.BinarySearchFunc(registered, k.name, func(k KernelInfo, n string) int { return strings.Compare(k.Name(), n) })
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
func (k *Kernel[F, B]) Name() string { return k.name }

// Contract is one sentence on what every variant computes.
func (k *Kernel[F, B]) Contract() string { return k.contract }

// Index is the kernel's position in the catalog.
func (k *Kernel[F, B]) Index() int { return k.index }

func (k *Kernel[F, B]) setIndex(i int) { k.index = i }

// Composed reports whether the solver composes the kernel of others.
func (k *Kernel[F, B]) Composed() bool { return k.composed }

// Register adds a variant; called from init in the variant's file. The
// features of fn (when it is generated assembly), of info.Uses and of
// info.Requires make up the variant's requirements.
func (k *Kernel[F, B]) Register(info Info, fn F) {
	if k.find(info.Name) >= 0 {
		panic("variants: duplicate " + k.name + "/" + info.Name)
	}
	if k.composed && !info.composed {
		panic("variants: " + k.name + "/" + info.Name + ": a composed kernel's variants are registered with RegisterComposed")
	}
	k.variants = append(k.variants, &Variant[F, B]{Info: k.complete(info, fn), Fn: fn, site: registrationSite()})
}

// RegisterComposed adds a variant the solver composes of the selection's
// other kernels (Info.Composed): it has no function. c says what it needs
// of the selection and its alias, if any.
func (k *Kernel[F, B]) RegisterComposed(info Info, c Composition) {
	info.composed = true
	var none F
	k.Register(info, none)
	if c.Needs != nil || c.Alias != "" {
		if k.compositions == nil {
			k.compositions = map[string]Composition{}
		}
		k.compositions[info.Name] = c
	}
}

// SetCut sets the kind of result of the named variant, one whose result
// is not exact; called where the variant is registered.
func (k *Kernel[F, B]) SetCut(name string, cut Cut) {
	if k.find(name) < 0 {
		panic("variants: SetCut of unknown " + k.name + "/" + name)
	}
	if k.cuts == nil {
		k.cuts = map[string]Cut{}
	}
	k.cuts[name] = cut
}

// Cut is the kind of result of the named variant; a lazy one is only
// window-equivalent to the reference (see the kernel's contract).
func (k *Kernel[F, B]) Cut(name string) Cut { return k.cuts[name] }

// registrationSite is the file of the package initialisation (an init
// function or a variable's initialiser) on the stack: where a variant is
// registered, whatever helper the registration goes through. "" outside
// initialisation.
func registrationSite() string {
	pc := make([]uintptr, 32)
	frames := runtime.CallersFrames(pc[:runtime.Callers(2, pc)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function[strings.LastIndex(f.Function, "/")+1:], "variants.init") {
			return filepath.Base(f.File)
		}
		if !more {
			return ""
		}
	}
}

func (k *Kernel[F, B]) complete(info Info, fns ...any) Info {
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

// RegisterBatch attaches a batch form to the named variant. Its features
// are added to the variant's, as for Register.
func (k *Kernel[F, B]) RegisterBatch(name string, fn B) {
	i := k.find(name)
	if i < 0 {
		panic("variants: RegisterBatch of unknown " + k.name + "/" + name)
	}
	v := k.variants[i]
	v.Info = k.complete(v.Info, fn)
	v.Batch, v.hasBatch = fn, true
}

func (k *Kernel[F, B]) find(name string) int {
	return slices.IndexFunc(k.variants, func(v *Variant[F, B]) bool { return v.Name == name })
}

// sites lists the file that registered each variant, in order.
func (k *Kernel[F, B]) sites() []string {
	out := make([]string, len(k.variants))
	for i, v := range k.variants {
		out[i] = v.site
	}
	return out
}

func (k *Kernel[F, B]) funcs() []any {
	out := make([]any, len(k.variants))
	for i, v := range k.variants {
		out[i] = v.Fn
	}
	return out
}

// HasBatch reports whether the variant has a batch form.
func (v *Variant[F, B]) HasBatch() bool { return v.hasBatch }

// NoBatch is the batch form type of a kernel none of whose variants has
// one: its operation is not one call on one input (a table, a slice) or
// its variants are not timed per call.
type NoBatch func()

// Code is one variant's functions as values: what runs per call (Fn),
// its batch form (Batch, nil without one) and, when Batch is a Go closure
// around a generated batch loop, that loop (BatchAsm), which a closure's
// code only reaches through a func value.
type Code struct {
	Info
	Fn, Batch, BatchAsm any
}

// Code lists every variant's functions, runnable or not.
func (k *Kernel[F, B]) Code() []Code {
	var out []Code
	for _, v := range k.variants {
		if v.Composed() {
			continue // the solver's own code, no function of its own
		}
		c := Code{Info: v.Info, Fn: v.Fn, BatchAsm: v.batchAsm}
		if v.hasBatch {
			c.Batch = v.Batch
		}
		out = append(out, c)
	}
	return out
}

// All returns every registered variant, runnable or not.
func (k *Kernel[F, B]) All() []*Variant[F, B] { return k.variants }

// Infos returns every variant's Info.
func (k *Kernel[F, B]) Infos() []Info {
	out := make([]Info, len(k.variants))
	for i, v := range k.variants {
		out[i] = v.Info
	}
	return out
}

// Reference returns the reference variant's function (always runnable).
func (k *Kernel[F, B]) Reference() F { return k.variants[0].Fn }

// Lookup finds a variant by name or alias; it is an error if it is
// unknown or cpu cannot run it, naming what is available.
func (k *Kernel[F, B]) Lookup(name string, cpu CPUInfo) (Info, error) {
	v, err := k.Get(name, cpu)
	if err != nil {
		return Info{}, err
	}
	return v.Info, nil
}

// Get returns the variant named (or the one an alias selects) if cpu can
// run it.
func (k *Kernel[F, B]) Get(name string, cpu CPUInfo) (*Variant[F, B], error) {
	i, err := k.lookup(name, cpu)
	if err != nil {
		return nil, err
	}
	return k.variants[i], nil
}

// Variant returns the variant of that name (no alias), nil if none.
func (k *Kernel[F, B]) Variant(name string) *Variant[F, B] {
	if i := k.find(name); i >= 0 {
		return k.variants[i]
	}
	return nil
}

func (k *Kernel[F, B]) lookup(name string, cpu CPUInfo) (int, error) {
	i := k.find(name)
	if i < 0 {
		i = k.alias(name, cpu)
	}
	if i < 0 {
		hint := ""
		if strings.HasPrefix(name, "gosimd") && !slices.ContainsFunc(k.variants, func(v *Variant[F, B]) bool { return strings.HasPrefix(v.Name, "gosimd") }) {
			hint = "; the gosimd variants are in GOEXPERIMENT=simd builds on amd64"
		}
		return -1, fmt.Errorf("unknown %s variant %q; registered: %s (runnable here: %s)%s",
			k.name, name, k.names(nil), k.names(&cpu), hint)
	}
	v := k.variants[i]
	if miss := cpu.Missing(v.Requires); len(miss) > 0 {
		return -1, fmt.Errorf("%s variant %q needs %s, which this CPU lacks%s; runnable here: %s",
			k.name, v.Name, FeatureNames(miss), cpu.disabledNote(), k.names(&cpu))
	}
	return i, nil
}

// alias returns the variant of highest rank cpu runs among those the
// alias names (the first of them if cpu runs none: Get then says what it
// lacks), -1 if no variant has that alias.
func (k *Kernel[F, B]) alias(name string, cpu CPUInfo) int {
	best := -1
	for i, v := range k.variants {
		if k.compositions[v.Name].Alias != name {
			continue
		}
		if best < 0 || v.RunsOn(cpu) && (!k.variants[best].RunsOn(cpu) || v.Rank > k.variants[best].Rank) {
			best = i
		}
	}
	return best
}

// names lists the variants (those cpu runs, if not nil).
func (k *Kernel[F, B]) names(cpu *CPUInfo) string {
	var s []string
	for _, v := range k.variants {
		if cpu == nil || v.RunsOn(*cpu) {
			s = append(s, v.Name)
		}
	}
	return strings.Join(s, ", ")
}

// Runnable returns the variants cpu can run that are functions: not the
// Composed ones, which only the solver runs.
func (k *Kernel[F, B]) Runnable(cpu CPUInfo) []*Variant[F, B] {
	var out []*Variant[F, B]
	for _, v := range k.variants {
		if v.RunsOn(cpu) && !v.Composed() {
			out = append(out, v)
		}
	}
	return out
}

// With returns a copy of the kernel with one more variant, for tests that
// check what the harness does with a variant no build should register (a
// deliberately broken one): the registry itself is not changed.
func (k *Kernel[F, B]) With(info Info, fn F) *Kernel[F, B] {
	c := *k
	c.variants = slices.Clip(slices.Clone(k.variants))
	c.cuts = maps.Clone(k.cuts)
	c.compositions = maps.Clone(k.compositions)
	c.Register(info, fn)
	return &c
}

// Eligible is the one rule of what may be a default on cpu, whether by
// rank or by a pick profile (and so of what flipbench pick may choose):
// cpu runs v, v's result is exact, v uses no PEXT/PDEP where they are
// microcoded, and no 512-bit registers where they lower the clock. If
// not, why says which rule v breaks.
func (k *Kernel[F, B]) Eligible(v Info, cpu CPUInfo) (why string, ok bool) {
	switch {
	case !v.RunsOn(cpu):
		return "needs " + FeatureNames(cpu.Missing(v.Requires)), false
	case k.Cut(v.Name) != Exact:
		return "bound result, never a default", false
	case v.UsesPEXT && cpu.SlowPEXT:
		return "PEXT/PDEP are microcoded on this CPU", false
	case v.ZMM && cpu.ZMMDownclock:
		return "512-bit code lowers this CPU's clock", false
	}
	return "", true
}

// defaultIndex chooses k's variant in s (the choices of kernels whose
// variants have no Needs made already): the profile's choice if it is
// eligible (a profile measured on another CPU that slipped through never
// breaks the rules) and runs with the rest of s, else the eligible one of
// highest rank that does, else variant 0.
func (k *Kernel[F, B]) defaultIndex(s Selection) int {
	fits := func(i int) bool {
		_, ok := k.Eligible(k.variants[i].Info, s.cpu)
		return ok && k.fits(i, s)
	}
	if name, ok := s.profile[k.name]; ok {
		// a profile is only applied to the CPU it was measured on
		// (results.Find); the rules hold even so
		if i := k.find(name); i >= 0 && fits(i) {
			return i
		}
	}
	best := 0
	for i, v := range k.variants {
		if fits(i) && v.Rank > k.variants[best].Rank {
			best = i
		}
	}
	return best
}

// needs says why variant i cannot run with the rest of s, nil if it can.
func (k *Kernel[F, B]) needs(i int, s Selection) error {
	v := k.variants[i]
	if needs := k.compositions[v.Name].Needs; needs != nil {
		if err := needs(s); err != nil {
			return fmt.Errorf("%s=%s: %w", k.name, v.Name, err)
		}
	}
	return nil
}

// fits reports whether variant i runs with the rest of s.
func (k *Kernel[F, B]) fits(i int, s Selection) bool {
	needs := k.compositions[k.variants[i].Name].Needs
	return needs == nil || needs(s) == nil
}

// offered reports whether variant i is one of s's choices for k: it runs
// with the rest of s, and if it has an alias, the alias selects it.
func (k *Kernel[F, B]) offered(i int, s Selection) bool {
	v := k.variants[i]
	if !v.RunsOn(s.cpu) || !k.fits(i, s) {
		return false
	}
	alias := k.compositions[v.Name].Alias
	return alias == "" || k.alias(alias, s.cpu) == i
}

// dependent reports whether a variant of k has Needs: k is chosen after
// the kernels none of whose variants have them.
func (k *Kernel[F, B]) dependent() bool {
	for _, c := range k.compositions {
		if c.Needs != nil {
			return true
		}
	}
	return false
}
