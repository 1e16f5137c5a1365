package variants

import (
	"fmt"
	"strings"
)

// A Selection is one variant per kernel, chosen for a CPU: the value a
// solver binds and a benchmark passes around. It is the whole truth of
// what runs: the solver binds exactly the variants it names, however
// each was chosen. It is immutable (With returns a new one), so variant
// sets can run side by side.
type Selection struct {
	cpu     CPUInfo
	profile map[string]string
	picks   []pick // by kernel index
}

type pick struct {
	v int // variant index
	// named: chosen by name (With), kept when other choices change; the
	// others follow the rules again
	named bool
}

// Default returns the selection of the built-in rules (with a pick
// profile's choices, if profile is not nil) for cpu.
func Default(cpu CPUInfo, profile map[string]string) Selection {
	s := Selection{cpu: cpu, profile: profile, picks: make([]pick, len(registered))}
	s.choose()
	return s
}

// References returns the selection of every kernel's variant 0 (its
// reference), named, for cpu.
func References(cpu CPUInfo) Selection {
	s := Selection{cpu: cpu, picks: make([]pick, len(registered))}
	for i := range s.picks {
		s.picks[i].named = true
	}
	return s
}

// choose applies the rules to every kernel not named: first the kernels
// whose variants need nothing of the rest of the selection, then the
// others (the bottom), which see their choices.
func (s *Selection) choose() {
	for _, dependent := range []bool{false, true} {
		for i, k := range registered {
			if !s.picks[i].named && k.dependent() == dependent {
				s.picks[i].v = k.defaultIndex(*s)
			}
		}
	}
}

// CPU is the CPU the selection was made for (after disables).
func (s Selection) CPU() CPUInfo { return s.cpu }

// Profile returns the pick profile's choices the selection applies.
func (s Selection) Profile() map[string]string { return s.profile }

// With applies "kernel=variant,kernel=variant" (the form of the -variants
// flag and FLIPBENCH_VARIANTS) to a copy of s; a variant may be named by
// its alias. Every item is checked before anything changes; a variant
// this CPU cannot run, or that cannot run with the rest of the
// selection, is an error. The kernels not named follow the rules again
// (the bottom's choice depends on the others').
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
		i, err := k.lookup(strings.TrimSpace(vn), s.cpu)
		if err != nil {
			return s, err
		}
		out.picks[k.Index()] = pick{v: i, named: true}
	}
	out.choose()
	for i, k := range registered {
		if out.picks[i].named {
			if err := k.needs(out.picks[i].v, out); err != nil {
				return s, err
			}
		}
	}
	return out, nil
}

// Name is the variant selected for k.
func (s Selection) Name(k KernelInfo) string { return k.Infos()[s.picks[k.Index()].v].Name }

// Info is the selected variant's Info.
func (s Selection) Info(k KernelInfo) Info { return k.Infos()[s.picks[k.Index()].v] }

// Selected returns the variant s selects for k.
func (k *Kernel[F, B]) Selected(s Selection) *Variant[F, B] { return k.variants[s.picks[k.index].v] }

// Fn returns the selected variant's function (nil for a Composed one).
func (k *Kernel[F, B]) Fn(s Selection) F { return k.Selected(s).Fn }

// Choices returns the variants of k that can run with the rest of s, in
// registration order, one per alias (the one the alias selects).
func (s Selection) Choices(k KernelInfo) []string {
	var out []string
	for i, v := range k.Infos() {
		if k.offered(i, s) {
			out = append(out, v.Name)
		}
	}
	return out
}

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
func DefaultName(k KernelInfo, cpu CPUInfo) string { return Default(cpu, nil).Name(k) }
