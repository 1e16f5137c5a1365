package variants

import (
	"fmt"
	"os"
	"strings"
)

// A Selection is one variant per kernel, chosen for a CPU: the value a
// solver binds and a benchmark passes around. It is immutable (With
// returns a new one), so variant sets can run side by side.
type Selection struct {
	cpu     CPUInfo
	profile map[string]string
	picks   []pick // by kernel index
}

type pick struct {
	v      int  // variant index
	pinned bool // chosen by name (a spec), not by the default rules
}

// Default returns the selection of the built-in rules (with a pick
// profile's choices, if profile is not nil) for cpu.
func Default(cpu CPUInfo, profile map[string]string) Selection {
	s := Selection{cpu: cpu, profile: profile, picks: make([]pick, len(registered))}
	for i, k := range registered {
		s.picks[i] = pick{v: k.defaultIndex(cpu, profile)}
	}
	return s
}

// FromEnv is the selection the CLI and tests start from: this machine's
// CPU less FLIPBENCH_DISABLE, the profile's choices, then
// FLIPBENCH_VARIANTS. An error names the variable.
func FromEnv(profile map[string]string) (Selection, error) {
	cpu, err := Host().Without(os.Getenv("FLIPBENCH_DISABLE"))
	if err != nil {
		return Selection{}, fmt.Errorf("FLIPBENCH_DISABLE: %v", err)
	}
	s, err := Default(cpu, profile).With(os.Getenv("FLIPBENCH_VARIANTS"))
	if err != nil {
		return Selection{}, fmt.Errorf("FLIPBENCH_VARIANTS: %v", err)
	}
	return s, nil
}

// CPU is the CPU the selection was made for (after disables).
func (s Selection) CPU() CPUInfo { return s.cpu }

// Profile returns the pick profile's choices the selection applies.
func (s Selection) Profile() map[string]string { return s.profile }

// With applies "kernel=variant,kernel=variant" (the form of the -variants
// flag and FLIPBENCH_VARIANTS) to a copy of s. Every item is checked
// before anything changes; a variant this CPU cannot run is an error.
func (s Selection) With(spec string) (Selection, error) {
	out := s
	out.picks = append([]pick(nil), s.picks...)
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		kn, vn, ok := strings.Cut(item, "=")
		if !ok {
			return s, fmt.Errorf("variant choice %q: want kernel=variant, e.g. flip=kogge-stone", item)
		}
		k, err := KernelByName(strings.TrimSpace(kn))
		if err != nil {
			return s, err
		}
		vn = strings.TrimSpace(vn)
		if _, err := k.Lookup(vn, s.cpu); err != nil {
			return s, err
		}
		out.picks[k.Index()] = pick{v: k.find(vn), pinned: true}
	}
	return out, nil
}

// Name is the variant selected for k.
func (s Selection) Name(k KernelInfo) string { return k.Infos()[s.picks[k.Index()].v].Name }

// Info is the selected variant's Info.
func (s Selection) Info(k KernelInfo) Info { return k.Infos()[s.picks[k.Index()].v] }

// Pinned reports whether k's variant was chosen by name (With), not by the
// default rules or a profile.
func (s Selection) Pinned(k KernelInfo) bool { return s.picks[k.Index()].pinned }

// Selected returns the variant s selects for k.
func (k *Kernel[F]) Selected(s Selection) *Variant[F] { return k.variants[s.picks[k.index].v] }

// Fn returns the selected variant's function.
func (k *Kernel[F]) Fn(s Selection) F { return k.Selected(s).Fn }

// String is the selection as a spec, every kernel: kernel=variant,...
func (s Selection) String() string {
	parts := make([]string, len(registered))
	for i, k := range registered {
		parts[i] = k.Name() + "=" + s.Name(k)
	}
	return strings.Join(parts, ",")
}

// DefaultName is the variant the built-in rules choose for k on cpu,
// without any profile: the default a measurement must beat.
func DefaultName(k KernelInfo, cpu CPUInfo) string { return k.Infos()[k.defaultIndex(cpu, nil)].Name }
