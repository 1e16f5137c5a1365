// Package variants holds every implementation of every kernel (the
// reference, tuned pure-Go forms and generated assembly), the registry that
// names them with the CPU features they need, and the selection of one
// variant per kernel. A variant whose features this CPU lacks is never
// returned: asking for it is an error.
package variants

import (
	"fmt"
	"os"
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
	// Asm names the assembly functions the variant calls; their CPU
	// features, as avo listed them in the generated files, are added to
	// Requires at registration.
	Asm  []string
	Note string
}

// RequiresString is the comma-separated feature list, "-" for none.
func (i Info) RequiresString() string { return FeatureNames(i.Requires) }

// Runnable reports whether this CPU (after disables) has every feature.
func (i Info) Runnable() bool { return len(CPU.Missing(i.Requires)) == 0 }

// Variant is a registered implementation F of a kernel.
type Variant[F any] struct {
	Info
	Fn F
	// Batch is the variant's batch form (see batch.go), or nil.
	Batch any
}

// Kernel is the registry of one kernel's variants.
type Kernel[F any] struct {
	name     string
	contract string
	variants []*Variant[F]
	selected *Variant[F]
	pinned   bool // selected by the user, not by default rules
}

// KernelInfo is the type-erased view of a Kernel, for listings and
// selection by name.
type KernelInfo interface {
	Name() string
	Contract() string
	Infos() []Info
	SelectedName() string
	Select(variant string) error
	Lookup(variant string) (Info, error)
	resetDefault()
}

var registered []KernelInfo

// newKernel creates a kernel with its reference as variant 0. Kernels are
// package-level variables, so they exist before any init registers more.
func newKernel[F any](name, contract string, ref F) *Kernel[F] {
	k := &Kernel[F]{name: name, contract: contract}
	k.Register(RefInfo, ref)
	registered = append(registered, k)
	return k
}

// Kernels returns every kernel, in catalog order.
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

// Register adds a variant; called from init in the variant's file.
func (k *Kernel[F]) Register(info Info, fn F) {
	info.Kernel = k.name
	info.Requires = withAsmRequires(info.Requires, info.Asm)
	for _, v := range k.variants {
		if v.Name == info.Name {
			panic("variants: duplicate " + k.name + "/" + info.Name)
		}
	}
	k.variants = append(k.variants, &Variant[F]{Info: info, Fn: fn})
	k.selected = nil
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

// Reference returns the reference variant (always runnable).
func (k *Kernel[F]) Reference() F { return k.variants[0].Fn }

// Lookup finds a variant by name; it is an error if it is unknown or this
// CPU cannot run it, naming what is available.
func (k *Kernel[F]) Lookup(name string) (Info, error) {
	v, err := k.Get(name)
	if err != nil {
		return Info{}, err
	}
	return v.Info, nil
}

// Get returns the named variant if this CPU can run it.
func (k *Kernel[F]) Get(name string) (*Variant[F], error) {
	for _, v := range k.variants {
		if v.Name != name {
			continue
		}
		if miss := CPU.Missing(v.Requires); len(miss) > 0 {
			return nil, fmt.Errorf("%s variant %q needs %s, which this CPU lacks%s; runnable here: %s",
				k.name, name, FeatureNames(miss), disabledNote(), k.runnableNames())
		}
		return v, nil
	}
	return nil, fmt.Errorf("unknown %s variant %q; registered: %s (runnable here: %s)",
		k.name, name, k.allNames(), k.runnableNames())
}

func disabledNote() string {
	if len(CPU.Disabled) == 0 {
		return ""
	}
	return " (disabled: " + strings.Join(CPU.Disabled, ",") + ")"
}

func (k *Kernel[F]) allNames() string {
	var s []string
	for _, v := range k.variants {
		s = append(s, v.Name)
	}
	return strings.Join(s, ", ")
}

func (k *Kernel[F]) runnableNames() string {
	var s []string
	for _, v := range k.variants {
		if v.Runnable() {
			s = append(s, v.Name)
		}
	}
	return strings.Join(s, ", ")
}

// Runnable returns the variants this CPU can run.
func (k *Kernel[F]) Runnable() []*Variant[F] {
	var out []*Variant[F]
	for _, v := range k.variants {
		if v.Runnable() {
			out = append(out, v)
		}
	}
	return out
}

// defaultVariant applies the rules: highest rank among runnable variants,
// skipping PEXT variants where PEXT is slow, ZMM variants where 512-bit
// code downclocks, and variants the active profile overrides.
func (k *Kernel[F]) defaultVariant() *Variant[F] {
	if name, ok := profileChoice(k.name); ok {
		if v, err := k.Get(name); err == nil {
			return v
		}
	}
	var best *Variant[F]
	for _, v := range k.variants {
		if !v.Runnable() || v.Bound ||
			v.UsesPEXT && CPU.SlowPEXT || v.ZMM && CPU.ZMMDownclock {
			continue
		}
		if best == nil || v.Rank > best.Rank {
			best = v
		}
	}
	return best
}

// Selected returns the variant in use.
func (k *Kernel[F]) Selected() *Variant[F] {
	if k.selected == nil {
		k.selected = k.defaultVariant()
	}
	return k.selected
}

// Fn returns the selected variant's function.
func (k *Kernel[F]) Fn() F { return k.Selected().Fn }

// Pinned reports whether the selection was made explicitly (Select,
// -variants), not by the default rules or a profile.
func (k *Kernel[F]) Pinned() bool { return k.pinned }

// SelectedName returns the selected variant's name.
func (k *Kernel[F]) SelectedName() string { return k.Selected().Name }

// Select makes name the variant in use.
func (k *Kernel[F]) Select(name string) error {
	v, err := k.Get(name)
	if err != nil {
		return err
	}
	k.selected, k.pinned = v, true
	return nil
}

func (k *Kernel[F]) resetDefault() { k.selected, k.pinned = nil, false }

// ResetSelection drops every user choice and goes back to the defaults.
func ResetSelection() {
	for _, k := range registered {
		k.resetDefault()
	}
}

// SelectSpec applies "kernel=variant,kernel=variant" (the form of the
// -variants flag and FLIPBENCH_VARIANTS). It checks every item before it
// changes anything.
func SelectSpec(spec string) error {
	type pick struct {
		k KernelInfo
		v string
	}
	var picks []pick
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		kn, vn, ok := strings.Cut(item, "=")
		if !ok {
			return fmt.Errorf("variant choice %q: want kernel=variant, e.g. flip=kogge-stone", item)
		}
		k, err := KernelByName(strings.TrimSpace(kn))
		if err != nil {
			return err
		}
		if _, err := k.Lookup(strings.TrimSpace(vn)); err != nil {
			return err
		}
		picks = append(picks, pick{k, strings.TrimSpace(vn)})
	}
	for _, p := range picks {
		if err := p.k.Select(p.v); err != nil {
			return err
		}
	}
	return nil
}

// Selection returns the current choice as a spec string, every kernel.
func Selection() string {
	var s []string
	for _, k := range registered {
		s = append(s, k.Name()+"="+k.SelectedName())
	}
	return strings.Join(s, ",")
}

// ApplyEnv applies FLIPBENCH_VARIANTS; the CLI and tests call it after
// all variants have registered.
func ApplyEnv() error {
	if err := EnvError(); err != nil {
		return err
	}
	if s := os.Getenv("FLIPBENCH_VARIANTS"); s != "" {
		if err := SelectSpec(s); err != nil {
			return fmt.Errorf("FLIPBENCH_VARIANTS: %v", err)
		}
	}
	return nil
}

// sortedKeys is a small helper for stable output.
func sortedKeys[M ~map[string]V, V any](m M) []string {
	k := make([]string, 0, len(m))
	for s := range m {
		k = append(k, s)
	}
	slices.Sort(k)
	return k
}

// Unregister removes a variant (tests register broken variants on purpose
// and remove them again). The reference cannot be removed.
func (k *Kernel[F]) Unregister(name string) {
	for i, v := range k.variants {
		if i > 0 && v.Name == name {
			k.variants = append(k.variants[:i:i], k.variants[i+1:]...)
			k.selected = nil
			return
		}
	}
}
