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
	MCPU  string // llvm-mca's -mcpu
	Label string // how tables name it
	// Note says what the model is, where that is not plain (LLVM 19's
	// znver5 schedules with Zen 4's model).
	Note string
	CPU  variants.CPUInfo
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

// Models are the microarchitectures predict knows, Intel then AMD, in
// order of age. Zen 4 and Zen 5 are the CPUs measured here: their
// predictions are what the others' are validated by.
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

// ModelByName finds a model by its -mcpu name.
func ModelByName(mcpu string) (Model, error) {
	for _, m := range Models {
		if m.MCPU == mcpu {
			return m, nil
		}
	}
	var names []string
	for _, m := range Models {
		names = append(names, m.MCPU)
	}
	return Model{}, fmt.Errorf("unknown model %q (known: %s)", mcpu, strings.Join(names, ", "))
}

// ModelOf returns the model of a measured CPU's microarchitecture
// (variants.CPUInfo.Uarch), false if predict has none.
func ModelOf(uarch string) (Model, bool) {
	for _, m := range Models {
		if m.CPU.Uarch != "" && m.CPU.Uarch == uarch {
			return m, true
		}
	}
	return Model{}, false
}
