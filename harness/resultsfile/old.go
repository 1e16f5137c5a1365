package resultsfile

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/variants"
)

// The readers of the older formats. A file without the KeyFormat line is
// of version 1, which grew its lines one at a time: a reader of any line
// younger than the first files says here what a file without it means.

// View is a result's benchmark as the readers see it: a copy of its name
// and configuration, KeyFile set to file, and a KeyCPUID derived for
// files older than that line (so that -col cpu-id works on them too).
func View(rec *benchfmt.Result, file string) *benchfmt.Result {
	v := &benchfmt.Result{Name: slices.Clone(rec.Name), Config: make([]benchfmt.Config, len(rec.Config), len(rec.Config)+2)}
	for i, c := range rec.Config {
		v.Config[i] = benchfmt.Config{Key: c.Key, Value: slices.Clone(c.Value), File: c.File}
	}
	v.SetConfig(KeyFile, file)
	if v.GetConfig(KeyCPUID) == "" {
		if id := derivedID(v); id != "" {
			v.SetConfig(KeyCPUID, id)
		}
	}
	return v
}

// CPUOf names the machine of a result by its identity: the KeyCPUID
// line; in a file older than that line, the identity made from its
// cpu-vendor, cpu-family, cpu-model and cpu-stepping lines
// (variants.Identity); else its cpu-slug line, the folder of its file
// (results/<folder>/), or its cpu line. The name is reduced to letters,
// digits and '-', so that it is always a safe folder name.
func CPUOf(r *benchfmt.Result) string {
	if s := r.GetConfig(KeyCPUID); s != "" {
		return safeName(s)
	}
	if id := derivedID(r); id != "" {
		return id
	}
	if s := r.GetConfig(KeyCPUSlug); s != "" {
		return safeName(s)
	}
	if f := r.GetConfig(KeyFile); f != "" {
		if d := path.Base(filepath.ToSlash(filepath.Dir(f))); d != "." && d != "/" && d != "" {
			return safeName(d)
		}
	}
	return safeName(r.GetConfig(KeyCPU))
}

// derivedID is the identity of a result's CPU from its family, model and
// stepping lines, "" without them.
func derivedID(r *benchfmt.Result) string {
	c, ok := CPUInfoOf(r)
	if !ok {
		return ""
	}
	return c.ID()
}

// CPUInfoOf rebuilds the CPU of a result from its configuration lines
// (cpu, cpu-vendor, cpu-family, cpu-model, cpu-stepping, x64level or on
// arm64 sve-bits, cpu-features): the CPU the selection rules and pick
// judge it by. False when the family or model line is missing.
func CPUInfoOf(r *benchfmt.Result) (variants.CPUInfo, bool) {
	fam, err1 := strconv.ParseInt(r.GetConfig(KeyCPUFamily), 0, 32)
	mod, err2 := strconv.ParseInt(r.GetConfig(KeyCPUModel), 0, 32)
	if err1 != nil || err2 != nil || fam < 0 || mod < 0 {
		return variants.CPUInfo{}, false
	}
	step, _ := strconv.ParseInt(r.GetConfig(KeyCPUStepping), 0, 32)
	level, _ := strconv.Atoi(strings.TrimPrefix(r.GetConfig(KeyX64Level), "v"))
	var has []variants.Feature
	for _, f := range strings.Fields(r.GetConfig(KeyCPUFeatures)) {
		if slices.Contains(variants.AllFeatures, variants.Feature(f)) {
			has = append(has, variants.Feature(f))
		}
	}
	brand := r.GetConfig(KeyCPU)
	if brand == "unknown" {
		brand = ""
	}
	vendor := r.GetConfig(KeyCPUVendor)
	if vendor == "unknown" {
		vendor = ""
	}
	if r.GetConfig(KeyGOARCH) == "arm64" {
		sve, _ := strconv.Atoi(r.GetConfig(KeySVEBits))
		return variants.NewARMCPUInfo(brand, vendor, int(fam), int(mod), int(max(step, 0)), sve, has), true
	}
	return variants.NewCPUInfo(brand, vendor, int(fam), int(mod), int(max(step, 0)), level, has), true
}

// safeName keeps lower-case letters, digits and '-'.
func safeName(s string) string {
	b := []byte(strings.ToLower(s))
	out := b[:0]
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-':
			out = append(out, c)
		case len(out) > 0 && out[len(out)-1] != '-':
			out = append(out, '-')
		}
	}
	s = strings.Trim(string(out), "-")
	if len(s) > 80 {
		s = s[:80]
	}
	if s == "" {
		return "unknown"
	}
	return s
}

// baselineVariant is the bandwidth baseline's variant name
// (bench.BaselineVariant), plain Go in files without an impl line.
const baselineVariant = "write-bandwidth"

// KindOf is the kind of implementation of a result's variant, from the
// results alone where they say it:
//
//  1. the result's KeyImpl line: c (cbench's files), go, gosimd
//     (archsimd in older files) or asm (flipbench bench writes it for
//     every variant);
//  2. without it (files older than that line): a variant named c-* is C,
//     gosimd-* gosimd, reference plain Go;
//  3. else the registry of this build, where it has the variant;
//  4. else avo assembly.
func KindOf(r *benchfmt.Result) string {
	switch impl := r.GetConfig(KeyImpl); impl {
	case variants.KindC, variants.KindGo, variants.KindGoSIMD, variants.KindAsm:
		return impl
	case variants.KindArchsimd:
		return variants.KindGoSIMD
	}
	keys := NameKeys(r.Name)
	v := keys["variant"]
	switch {
	case strings.HasPrefix(v, "c-"):
		return variants.KindC
	case strings.HasPrefix(v, variants.GoSIMDPrefix):
		return variants.KindGoSIMD
	case v == variants.RefName, v == baselineVariant:
		return variants.KindGo
	}
	if k, err := variants.KernelByName(keys["kernel"]); err == nil {
		for _, in := range k.Infos() {
			if in.Name == v {
				return in.Kind()
			}
		}
	}
	return variants.KindAsm
}

// NameKeys are the keys of a benchmark name (kernel=flip/variant=x:
// kernel, variant).
func NameKeys(n benchfmt.Name) map[string]string {
	_, parts := n.Parts()
	m := map[string]string{}
	for _, p := range parts {
		s := strings.TrimPrefix(string(p), "/")
		if k, v, ok := strings.Cut(s, "="); ok {
			m[k] = v
		}
	}
	return m
}

// Flavour names how a build departs from flipbench's default build (go
// build with the PGO profile, no build tag, no experiment), from its
// configuration lines (get returns "" for a line not there):
// "GOEXPERIMENT=simd", "PGO off", "-tags purego", joined by ", "; "" for
// the default.
func Flavour(get func(key string) string) string {
	var parts []string
	exp := get(KeyGOEXPERIMENT)
	if exp == "" {
		// files older than the goexperiment line: the go line says it
		if _, x, ok := strings.Cut(get(KeyGo), "-X:"); ok {
			exp = x
		}
	}
	if exp != "" {
		parts = append(parts, "GOEXPERIMENT="+exp)
	}
	if get(KeyPGO) == "off" {
		parts = append(parts, "PGO off")
	}
	if t := get(KeyTags); t != "" {
		parts = append(parts, "-tags "+t)
	}
	return strings.Join(parts, ", ")
}

// InputsVersion is the KeyInputs line of a kernel session: sets of 65536
// inputs for the kernels that branch on their input, which the predictor
// cannot learn, each case's runs walking its set on from where its last
// run stopped, so that a run's length does not choose which inputs it
// times. Sessions of another version measured the kernels of
// InputsChanged on other inputs: their figures are not comparable
// (docs/method.md).
const InputsVersion = "3"

// InputsChanged are the kernels whose figures InputsVersion 2 and 3
// changed.
var InputsChanged = []string{"count_last_flip", "score_1", "solve_2", "solve_3", "solve_4"}

// OldInputs reports a kernel benchmark's result measured on inputs older
// than InputsVersion for a kernel whose inputs changed since
// (InputsChanged): it measured another thing, and neither the page nor
// pick uses it. A whole solve (it names a kernel too) has no inputs line
// and is never one.
func OldInputs(r *benchfmt.Result) bool {
	return string(r.Name.Base()) == "Kernel" && slices.Contains(InputsChanged, NameKeys(r.Name)["kernel"]) &&
		r.GetConfig(KeyInputs) != InputsVersion
}

// RunsPerRound is how many consecutive results of one name make one
// round in a result's file (KeyRuns; 1 in files older than that line).
func RunsPerRound(r *benchfmt.Result) uint32 {
	if n, err := strconv.Atoi(r.GetConfig(KeyRuns)); err == nil && n > 1 {
		return uint32(n)
	}
	return 1
}

// Parts is a session's processes and rounds (its processes and count
// lines): bench gives process p the rounds r with r*parts/count == p,
// parts = min(processes, count). 0, 0 for a session in one process, and
// for files older than the processes line.
func Parts(r *benchfmt.Result) [2]uint32 {
	p, err1 := strconv.Atoi(r.GetConfig(KeyProcesses))
	c, err2 := strconv.Atoi(r.GetConfig(KeyCount))
	if err1 != nil || err2 != nil || p < 2 || c < 1 {
		return [2]uint32{}
	}
	return [2]uint32{uint32(min(p, c)), uint32(c)}
}
