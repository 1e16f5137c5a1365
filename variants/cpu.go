package variants

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// Feature is a CPU feature a variant may require.
type Feature string

// The features that matter to the kernels here.
const (
	SSE2            Feature = "sse2"
	SSSE3           Feature = "ssse3"
	SSE41           Feature = "sse4.1"
	SSE42           Feature = "sse4.2"
	POPCNT          Feature = "popcnt"
	AVX             Feature = "avx"
	AVX2            Feature = "avx2"
	BMI1            Feature = "bmi1"
	BMI2            Feature = "bmi2"
	LZCNT           Feature = "lzcnt"
	AVX512F         Feature = "avx512f"
	AVX512CD        Feature = "avx512cd"
	AVX512BW        Feature = "avx512bw"
	AVX512DQ        Feature = "avx512dq"
	AVX512VL        Feature = "avx512vl"
	AVX512VPOPCNTDQ Feature = "avx512vpopcntdq"
	GFNI            Feature = "gfni"
	ERMS            Feature = "erms"
	CMOV            Feature = "cmov"

	// arm64, as Linux's HWCAP and Apple's hw.optional name them.
	ASIMD Feature = "asimd" // Advanced SIMD (NEON)
	CRC32 Feature = "crc32" // CRC32B..CRC32CX
	SVE   Feature = "sve"
	SVE2  Feature = "sve2"
)

// The features of each architecture, in report order.
var (
	X86Features = []Feature{SSE2, SSSE3, SSE41, SSE42, POPCNT, CMOV, AVX, AVX2, BMI1, BMI2, LZCNT,
		AVX512F, AVX512CD, AVX512BW, AVX512DQ, AVX512VL, AVX512VPOPCNTDQ, GFNI, ERMS}
	ARM64Features = []Feature{ASIMD, CRC32, SVE, SVE2}
)

// AllFeatures lists the features flipbench reports, in report order:
// x86's, then arm64's.
var AllFeatures = slices.Concat(X86Features, ARM64Features)

// Features lists the features of architecture arch (GOARCH) that
// flipbench's variants use; x86's for anything but arm64.
func Features(arch string) []Feature {
	if arch == "arm64" {
		return ARM64Features
	}
	return X86Features
}

var cpuidOf = map[Feature]cpuid.FeatureID{
	SSE2: cpuid.SSE2, SSSE3: cpuid.SSSE3, SSE41: cpuid.SSE4, SSE42: cpuid.SSE42,
	POPCNT: cpuid.POPCNT, CMOV: cpuid.CMOV, AVX: cpuid.AVX, AVX2: cpuid.AVX2,
	BMI1: cpuid.BMI1, BMI2: cpuid.BMI2, LZCNT: cpuid.LZCNT,
	AVX512F: cpuid.AVX512F, AVX512CD: cpuid.AVX512CD, AVX512BW: cpuid.AVX512BW,
	AVX512DQ: cpuid.AVX512DQ, AVX512VL: cpuid.AVX512VL, AVX512VPOPCNTDQ: cpuid.AVX512VPOPCNTDQ,
	GFNI: cpuid.GFNI, ERMS: cpuid.ERMS,
	ASIMD: cpuid.ASIMD, CRC32: cpuid.CRC32, SVE: cpuid.SVE, SVE2: cpuid.SVE2,
}

// CPUInfo describes a machine as the selection rules see it.
type CPUInfo struct {
	// Arch is the architecture (GOARCH) the CPU runs flipbench as:
	// amd64, or arm64, whose Family, Model and Stepping are MIDR's
	// variant, part number and revision.
	Arch     string
	Brand    string
	Vendor   string
	Family   int
	Model    int
	Stepping int
	Level    int    // x86-64 microarchitecture level 1..4 (0 if not amd64)
	SVEBits  int    // arm64: the SVE vector length in bits, 0 without SVE
	Uarch    string // microarchitecture name where known
	Has      map[Feature]bool
	Detected map[Feature]bool // before FLIPBENCH_DISABLE
	Disabled []string         // what Without switched off
	// SlowPEXT is true on AMD before Zen 3, where PEXT/PDEP are microcoded
	// (about 250 cycles): defaults never pick a PEXT variant there.
	SlowPEXT bool
	// ZMMDownclock is true on Intel parts whose 512-bit instructions lower
	// the clock (Skylake-SP/X, Cascade Lake, Cooper Lake): defaults prefer
	// 256-bit forms there.
	ZMMDownclock bool
}

// host is this machine as detected, before any feature is disabled. It
// is set once at start-up and never changed: selections carry their own
// copy (Without).
var host = detect()

// HypervisorVendor is the vendor string of CPUID leaf 0x40000000
// ("KVMKVMKVM", "Microsoft Hv"): "" on bare metal and where there is no
// CPUID.
func HypervisorVendor() string { return strings.TrimSpace(cpuid.CPU.HypervisorVendorString) }

// Host returns this machine's CPU as detected.
func Host() CPUInfo { return host.clone() }

func (c CPUInfo) clone() CPUInfo {
	c.Has = maps.Clone(c.Has)
	c.Detected = maps.Clone(c.Detected)
	c.Disabled = slices.Clone(c.Disabled)
	return c
}

func detect() CPUInfo {
	var has []Feature
	for _, f := range Features(runtime.GOARCH) {
		if cpuid.CPU.Supports(cpuidOf[f]) {
			has = append(has, f)
		}
	}
	if runtime.GOARCH == "arm64" {
		return detectARM64(has)
	}
	return NewCPUInfo(strings.TrimSpace(cpuid.CPU.BrandName), cpuid.CPU.VendorID.String(),
		cpuid.CPU.Family, cpuid.CPU.Model, cpuid.CPU.Stepping, cpuid.CPU.X64Level(), has)
}

// NewCPUInfo describes a CPU from what CPUID says of it (brand, vendor as
// klauspost/cpuid names it: "AMD", "Intel", ...; family, model and
// stepping; the x86-64 level and the features): the microarchitecture
// and the selection rules (SlowPEXT, ZMMDownclock) follow from them. It is
// a pure function, so that tests fake CPUs and results files' configuration
// lines become a CPUInfo again.
func NewCPUInfo(brand, vendor string, family, model, stepping, level int, has []Feature) CPUInfo {
	c := CPUInfo{
		Arch:     "amd64",
		Brand:    brand,
		Vendor:   vendor,
		Family:   family,
		Model:    model,
		Stepping: stepping,
		Level:    level,
		Has:      map[Feature]bool{},
		Detected: map[Feature]bool{},
	}
	for _, f := range has {
		c.Detected[f] = true
		c.Has[f] = true
	}
	c.Uarch = uarchName(c.Vendor, c.Family, c.Model)
	c.SlowPEXT = c.Vendor == "AMD" && c.Family < 0x19
	c.ZMMDownclock = c.Vendor == "Intel" && c.Family == 6 && c.Model == 0x55
	return c
}

// Without returns c as if it lacked the features of list, for selection
// and checks: a comma-separated list of feature names, or group names
// avx512 (every AVX-512 subset), avx (AVX and later), bmi (BMI1, BMI2)
// and sve (SVE, SVE2).
func (c CPUInfo) Without(list string) (CPUInfo, error) {
	c = c.clone()
	for _, name := range strings.Split(list, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		var hit []Feature
		for _, f := range AllFeatures {
			s := string(f)
			switch {
			case s == name,
				name == "avx512" && strings.HasPrefix(s, "avx512"),
				name == "avx" && (strings.HasPrefix(s, "avx") || f == GFNI),
				name == "bmi" && strings.HasPrefix(s, "bmi"),
				name == "sve" && strings.HasPrefix(s, "sve"):
				hit = append(hit, f)
			}
		}
		if len(hit) == 0 {
			var names []string
			for _, f := range AllFeatures {
				names = append(names, string(f))
			}
			return c, fmt.Errorf("unknown CPU feature %q (known: avx512, avx, bmi, sve, %s)", name, strings.Join(names, ", "))
		}
		for _, f := range hit {
			delete(c.Has, f)
		}
		c.Disabled = append(c.Disabled, name)
	}
	return c, nil
}

func (c CPUInfo) disabledNote() string {
	if len(c.Disabled) == 0 {
		return ""
	}
	return " (disabled: " + strings.Join(c.Disabled, ",") + ")"
}

// Missing returns the features of req this CPU lacks.
func (c CPUInfo) Missing(req []Feature) []Feature {
	var m []Feature
	for _, f := range req {
		if !c.Has[f] {
			m = append(m, f)
		}
	}
	return m
}

// FeatureList returns the features this CPU has, in report order.
func (c CPUInfo) FeatureList() []Feature {
	var out []Feature
	for _, f := range AllFeatures {
		if c.Has[f] {
			out = append(out, f)
		}
	}
	return out
}

// Slug is a file-system-safe form of the brand string (the cpu-slug
// configuration line): a label, not an identity. Under a hypervisor many
// CPUs share one brand ("AMD EPYC" for Zen 2 to Zen 5); ID tells them apart.
func (c CPUInfo) Slug() string {
	s := strings.ToLower(c.Brand)
	if s == "" {
		s = fmt.Sprintf("%s-family%d-model%d", strings.ToLower(c.Vendor), c.Family, c.Model)
	}
	out := strings.TrimSuffix(sanitize(s), "-")
	for _, junk := range []string{"-processor", "-with-radeon-graphics"} {
		out = strings.ReplaceAll(out, junk, "")
	}
	return out
}

// sanitize keeps lower-case letters and digits of s, and one '-' for
// every run of anything else (none at the start).
func sanitize(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return b.String()
}

// ID is the CPU's identity: the name of its results folder
// (results/<id>/), the cpu-id configuration line of its results files and
// the key of its pick profile. It is made of what identifies the silicon,
// never of the brand string alone:
//
//	<vendor>-<uarch>-f<family>-m<model>-s<stepping>
//
// vendor in lower case (amd, intel, ...), the microarchitecture as
// flipbench names it (zen4, haswell, skylake-sp-cascade-lake; left out
// when unknown), family and model as two hexadecimal digits (CPUID's
// display family and model), stepping in decimal: amd-zen4-f19-m11-s1 for
// every Zen 4 EPYC of family 0x19 model 0x11 stepping 1, whatever brand a
// hypervisor shows. A CPU without CPUID (not x86) is <vendor>-<brand slug>.
//
// An arm64 CPU's identity is its own form (ARMIdentity).
func (c CPUInfo) ID() string {
	if c.Arch == "arm64" {
		return ARMIdentity(c.Vendor, c.Family, c.Model, c.Stepping, c.Brand)
	}
	return Identity(c.Vendor, c.Family, c.Model, c.Stepping, c.Brand)
}

// Identity is CPUInfo.ID from a CPU's vendor, family, model, stepping and
// brand (the cpu-vendor, cpu-family, cpu-model, cpu-stepping and cpu lines
// of a results file that predates the cpu-id line).
func Identity(vendor string, family, model, stepping int, brand string) string {
	v := strings.ToLower(strings.TrimSpace(vendor))
	if v == "" || v == "vendorunknown" || v == "unknown" {
		v = "unknown"
	}
	v = strings.TrimSuffix(sanitize(v), "-")
	if family == 0 && model == 0 && stepping == 0 {
		b := strings.TrimSuffix(sanitize(brand), "-")
		if b == "" {
			b = "unknown"
		}
		return v + "-" + b
	}
	id := v
	if u := UarchID(uarchName(vendor, family, model)); u != "" {
		id += "-" + u
	}
	return id + fmt.Sprintf("-f%02x-m%02x-s%d", family, model, stepping)
}

// UarchID is a microarchitecture name as it appears in an identity:
// "Zen 4" zen4, "Sapphire Rapids" sapphire-rapids, "Zen/Zen+" zen-zenplus.
func UarchID(uarch string) string {
	var b strings.Builder
	for i, r := range uarch {
		switch {
		case r == ' ' && i+1 < len(uarch) && uarch[i+1] >= '0' && uarch[i+1] <= '9':
			// "Zen 4": zen4
		case r == '+':
			b.WriteString("plus")
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSuffix(sanitize(b.String()), "-")
}

// uarchName names the microarchitecture for the families the selection
// rules care about; "" when unknown.
func uarchName(vendor string, family, model int) string {
	switch vendor {
	case "AMD":
		switch {
		case family == 0x17 && model < 0x30:
			return "Zen/Zen+"
		case family == 0x17:
			return "Zen 2"
		case family == 0x19 && (model < 0x10 || model >= 0x20 && model < 0x60):
			return "Zen 3"
		case family == 0x19:
			return "Zen 4"
		case family == 0x1a:
			return "Zen 5"
		}
	case "Intel":
		if family != 6 {
			return ""
		}
		names := map[int]string{
			0x3c: "Haswell", 0x3f: "Haswell", 0x45: "Haswell", 0x46: "Haswell",
			0x3d: "Broadwell", 0x47: "Broadwell", 0x4f: "Broadwell", 0x56: "Broadwell",
			0x4e: "Skylake", 0x5e: "Skylake", 0x8e: "Kaby Lake", 0x9e: "Coffee Lake",
			0x55: "Skylake-SP/Cascade Lake", 0x6a: "Ice Lake-SP", 0x6c: "Ice Lake-SP",
			0x7d: "Ice Lake", 0x7e: "Ice Lake", 0x8c: "Tiger Lake", 0x8d: "Tiger Lake",
			0x97: "Alder Lake", 0x9a: "Alder Lake", 0xb7: "Raptor Lake", 0xba: "Raptor Lake",
			0x8f: "Sapphire Rapids", 0xcf: "Emerald Rapids", 0xad: "Granite Rapids",
			0x1a: "Nehalem", 0x1e: "Nehalem", 0x2a: "Sandy Bridge", 0x2d: "Sandy Bridge",
			0x3a: "Ivy Bridge", 0x3e: "Ivy Bridge",
		}
		return names[model]
	}
	return ""
}

// FeatureNames is the sorted, comma-separated list of fs, "-" for none.
func FeatureNames(fs []Feature) string {
	if len(fs) == 0 {
		return "-"
	}
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = string(f)
	}
	slices.Sort(s)
	return strings.Join(s, ",")
}
