package predict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// Model is one of llvm-mca's microarchitectures (its -mcpu name) and the
// CPU it stands for: a variant is predicted on a model only if that CPU
// has every feature the variant requires, as the registry would run it
// there.
type Model struct {
	MCPU  string // llvm-mca's -mcpu (of the target CPU.Arch: MTriple)
	Label string // how tables name it
	// Note says what the model is, where that is not plain (LLVM 19's
	// znver5 schedules with Zen 4's model).
	Note string
	// Chips are the chips built on the core, where the core's name does
	// not say it (Neoverse V1: Graviton3): Title's parenthesis.
	Chips string
	CPU   variants.CPUInfo
}

// Title is how the report's tables name the model's CPU: its label and
// the chips built on it, "Neoverse V2 (Graviton4, Grace)".
func (m Model) Title() string {
	if m.Chips == "" {
		return m.Label
	}
	return m.Label + " (" + m.Chips + ")"
}

// The CPU features of each model: the x86-64 levels, and what each part
// adds (vendors' documentation; LLVM's processor definitions agree).
var (
	v3   = []variants.Feature{variants.SSE2, variants.SSSE3, variants.SSE41, variants.SSE42, variants.POPCNT, variants.CMOV, variants.AVX, variants.AVX2, variants.BMI1, variants.BMI2, variants.LZCNT}
	v4   = append(slices.Clone(v3), variants.AVX512F, variants.AVX512CD, variants.AVX512BW, variants.AVX512DQ, variants.AVX512VL)
	erms = []variants.Feature{variants.ERMS}
)

func cpu(vendor string, family, model, level int, has ...[]variants.Feature) variants.CPUInfo {
	return variants.NewCPUInfo("", vendor, family, model, 0, level, slices.Concat(has...))
}

// Models are the x86-64 microarchitectures predict knows, Intel then
// AMD, in order of age: the models of an amd64 build. Zen 4 and Zen 5 are
// the CPUs measured here: their predictions are what the others' are
// validated by.
var Models = []Model{
	{MCPU: "skylake", Label: "Skylake", CPU: cpu("Intel", 6, 0x5e, 3, v3, erms)},
	{MCPU: "icelake-server", Label: "Ice Lake-SP", CPU: cpu("Intel", 6, 0x6a, 4, v4, erms, []variants.Feature{variants.AVX512VPOPCNTDQ, variants.GFNI})},
	{MCPU: "alderlake", Label: "Alder Lake", Note: "P-core", CPU: cpu("Intel", 6, 0x97, 3, v3, erms, []variants.Feature{variants.GFNI})},
	{MCPU: "sapphirerapids", Label: "Sapphire Rapids", CPU: cpu("Intel", 6, 0x8f, 4, v4, erms, []variants.Feature{variants.AVX512VPOPCNTDQ, variants.GFNI})},
	{MCPU: "znver2", Label: "Zen 2", CPU: cpu("AMD", 0x17, 0x31, 3, v3)},
	{MCPU: "znver3", Label: "Zen 3", CPU: cpu("AMD", 0x19, 0x01, 3, v3, erms)},
	{MCPU: "znver4", Label: "Zen 4", CPU: cpu("AMD", 0x19, 0x11, 4, v4, erms, []variants.Feature{variants.AVX512VPOPCNTDQ, variants.GFNI})},
	{MCPU: "znver5", Label: "Zen 5", Note: "LLVM 19 schedules znver5 with Zen 4's model", CPU: cpu("AMD", 0x1a, 0x02, 4, v4, erms, []variants.Feature{variants.AVX512VPOPCNTDQ, variants.GFNI})},
}

// The features of the arm64 models: Armv8.2 and later have Advanced SIMD
// and CRC32; SVE from Neoverse V1 (256-bit vectors), SVE2 from the
// Armv9 cores (128-bit); AmpereOne has neither (Arm's and Ampere's
// documentation; LLVM's processor definitions agree: TestARM64ModelsAgreeWithLLVM).
var (
	armBase = []variants.Feature{variants.ASIMD, variants.CRC32}
	sve     = []variants.Feature{variants.SVE}
	sve2    = []variants.Feature{variants.SVE, variants.SVE2}
)

// armCPU is an arm64 CPU by MIDR's implementer (as cpuid names it) and
// part number, with its SVE vector length.
func armCPU(vendor string, part, sveBits int, has ...[]variants.Feature) variants.CPUInfo {
	return variants.NewARMCPUInfo("", vendor, 0, part, 0, sveBits, slices.Concat(has...))
}

// ARM64Models are the aarch64 microarchitectures predict knows, the
// models of an arm64 build: Arm's Neoverse cores in order of age (N1:
// Graviton2, Ampere Altra; V1: Graviton3; N2; V2: Graviton4, Grace),
// then AmpereOne. llvm-mca runs them with -mtriple=aarch64.
var ARM64Models = []Model{
	{MCPU: "neoverse-n1", Label: "Neoverse N1", Chips: "Graviton2", CPU: armCPU("ARM", 0xd0c, 0, armBase)},
	{MCPU: "neoverse-v1", Label: "Neoverse V1", Chips: "Graviton3", CPU: armCPU("ARM", 0xd40, 256, armBase, sve)},
	{MCPU: "neoverse-n2", Label: "Neoverse N2", CPU: armCPU("ARM", 0xd49, 128, armBase, sve2)},
	{MCPU: "neoverse-v2", Label: "Neoverse V2", Chips: "Graviton4, Grace", CPU: armCPU("ARM", 0xd4f, 128, armBase, sve2)},
	{MCPU: "ampere1", Label: "AmpereOne", CPU: armCPU("Ampere", 0xac3, 0, armBase)},
}

// ModelsFor returns the models of an architecture (GOARCH): ARM64Models
// for arm64, Models for amd64, none for any other.
func ModelsFor(arch string) []Model {
	switch arch {
	case "arm64":
		return ARM64Models
	case "amd64":
		return Models
	}
	return nil
}

// AllModels are the models of every architecture: Models, then
// ARM64Models.
func AllModels() []Model { return slices.Concat(Models, ARM64Models) }

// Arch is the architecture (GOARCH) of the model's CPU.
func (m Model) Arch() string { return m.CPU.Arch }

// MTriple is llvm-mca's -mtriple for the model's architecture.
func (m Model) MTriple() string { return mtriple(m.Arch()) }

// Flags are the llvm-mca flags that name the model, as the predicted
// line of the results files gives them: -mcpu alone for x86-64 (the
// files written before arm64 had no -mtriple), -mtriple and -mcpu for
// aarch64.
func (m Model) Flags() string {
	if m.Arch() == "arm64" {
		return "-mtriple=" + m.MTriple() + " -mcpu=" + m.MCPU
	}
	return "-mcpu=" + m.MCPU
}

// ModelByName finds a model of any architecture by its -mcpu name.
func ModelByName(mcpu string) (Model, error) {
	all := AllModels()
	for _, m := range all {
		if m.MCPU == mcpu {
			return m, nil
		}
	}
	var names []string
	for _, m := range all {
		names = append(names, m.MCPU)
	}
	return Model{}, fmt.Errorf("unknown model %q (known: %s)", mcpu, strings.Join(names, ", "))
}

// ModelOf returns the model of a measured CPU's microarchitecture
// (variants.CPUInfo.Uarch), false if predict has none.
func ModelOf(uarch string) (Model, bool) {
	for _, m := range AllModels() {
		if m.CPU.Uarch != "" && m.CPU.Uarch == uarch {
			return m, true
		}
	}
	return Model{}, false
}
