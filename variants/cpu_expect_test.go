package variants

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// expectedCPUs describes the CPUs CI emulates with qemu-x86_64 -cpu MODEL
// and qemu-aarch64 -cpu MODEL (set FLIPBENCH_EXPECT_CPU=MODEL in that run,
// as zeebo/blake3 does): the features flipbench must see, and the variant
// each kernel must select by default there. A kernel missing from
// defaults must select a variant that passes the rules (runnable, not
// PEXT on slow-PEXT parts).
var expectedCPUs = map[string]struct {
	has, lacks []Feature
	slowPEXT   bool
	sveBits    int
	id         string // the identity, where the model fixes it
	defaults   map[string]string
}{
	"cortex-a72": {
		has: []Feature{ASIMD, CRC32}, lacks: []Feature{SVE, SVE2},
		id: "arm-cortex-a72-pd08-v0-r3", defaults: arm64Defaults,
	},
	"neoverse-n1": {
		has: []Feature{ASIMD, CRC32}, lacks: []Feature{SVE, SVE2},
		id: "arm-neoverse-n1-pd0c-v4-r1", defaults: arm64Defaults,
	},
	"max,sve128=on": {has: []Feature{ASIMD, CRC32, SVE, SVE2}, sveBits: 128, defaults: arm64Defaults},
	"max,sve512=on": {has: []Feature{ASIMD, CRC32, SVE, SVE2}, sveBits: 512, defaults: arm64Defaults},
	"a64fx":         {has: []Feature{ASIMD, CRC32, SVE}, lacks: []Feature{SVE2}, sveBits: 512, id: "fujitsu-a64fx-p001-v1-r0", defaults: arm64Defaults},
	"Haswell": {
		has:      []Feature{SSE2, SSE42, POPCNT, AVX, AVX2, BMI1, BMI2, LZCNT},
		lacks:    []Feature{AVX512F, AVX512CD, AVX512BW, AVX512VL, AVX512VPOPCNTDQ, GFNI},
		defaults: avx2Defaults("asm-bmi2", "bmi2-pext"),
	},
	"EPYC-Rome": {
		has:      []Feature{SSE2, SSE42, POPCNT, AVX, AVX2, BMI1, BMI2, LZCNT},
		lacks:    []Feature{AVX512F, AVX512CD, AVX512BW, AVX512VL, AVX512VPOPCNTDQ, GFNI},
		slowPEXT: true,
		defaults: avx2Defaults("asm-avx2", "sse2-movemask"),
	},
	"Nehalem": {
		has:   []Feature{SSE2, SSE42, POPCNT},
		lacks: []Feature{AVX, AVX2, BMI1, BMI2, LZCNT, AVX512F},
		defaults: map[string]string{
			"popcount":          "popcnt",
			"solve_2":           "asm-sse2",
			"solve_3":           "asm-sse2",
			"solve_4":           "asm-sse2",
			"count_last_flip":   "sse2-movemask",
			"score_1":           "sse2-movemask",
			"stable_edge":       "sse2-movmsk",
			"stable_edge_count": "sse2-movmsk",
			"stability":         "go",
			"hash_code":         "crc32-sse42",
			"hash_clear":        "generation",
			"hash_prefetch":     "prefetcht0-lines",
			"flip":              "sse2",
			"moves":             "sse2",
			"eval_features":     "go-x2f-walk",
			"eval_update":       "go-x2f",
			"eval_sum":          "go-plain",
			"move_evaluate":     "parity-table",
		},
	},
}

// arm64Defaults: until an arm64 machine's results pick otherwise, the
// assembly ranks below the tuned Go variants, which stay the defaults.
var arm64Defaults = map[string]string{
	"popcount":          "neon-cnt-x4",
	"flip":              "bitscan",
	"moves":             "kogge-stone",
	"potential_moves":   "shift",
	"count_last_flip":   "kindergarten",
	"hash_code":         "zobrist-table",
	"score_1":           "kindergarten",
	"hash_clear":        "generation",
	"stable_edge":       "a2a7-unpack",
	"stable_edge_count": "packed-count",
	"eval_sum":          "go-plain",
}

// avx2Defaults are the defaults on an AVX2 CPU without AVX-512: the
// leaves' (solve) and score_1's are where fast and slow PEXT differ.
func avx2Defaults(solve, score1 string) map[string]string {
	return map[string]string{
		"popcount":          "popcnt",
		"solve_2":           solve,
		"solve_3":           solve,
		"solve_4":           solve,
		"count_last_flip":   "sse2-movemask",
		"score_1":           score1,
		"stable_edge":       "sse2-movmsk",
		"stable_edge_count": "sse2-movmsk",
		"stability":         "avx2-full-lines",
		"hash_code":         "crc32-sse42",
		"hash_clear":        "generation",
		"hash_prefetch":     "prefetcht0-lines",
		"flip":              "avx2-ppfill",
		"moves":             "avx2",
		"eval_features":     "avx2-shuffle",
		"eval_update":       "avx2",
		"eval_sum":          "avx2-gather-offset",
		"move_evaluate":     "parity-table-avx2",
	}
}

func TestExpectedCPU(t *testing.T) {
	model := os.Getenv("FLIPBENCH_EXPECT_CPU")
	if model == "" {
		t.Skip("FLIPBENCH_EXPECT_CPU not set (CI sets it under qemu-x86_64 -cpu MODEL)")
	}
	exp, ok := expectedCPUs[model]
	if !ok {
		t.Fatalf("FLIPBENCH_EXPECT_CPU=%s: no expectations for it", model)
	}
	CPU := Host()
	s := Default(CPU, nil)
	t.Logf("cpu %q vendor %s family %#x model %#x, level v%d, features %v", CPU.Brand, CPU.Vendor, CPU.Family, CPU.Model, CPU.Level, CPU.FeatureList())
	for _, f := range exp.has {
		if !CPU.Has[f] {
			t.Errorf("%s: %s not detected", model, f)
		}
	}
	for _, f := range exp.lacks {
		if CPU.Has[f] {
			t.Errorf("%s: %s detected, the model has none", model, f)
		}
	}
	if CPU.SVEBits != exp.sveBits {
		t.Errorf("%s: SVE vectors of %d bits, want %d", model, CPU.SVEBits, exp.sveBits)
	}
	if exp.id != "" && CPU.ID() != exp.id {
		t.Errorf("%s: identity %s, want %s", model, CPU.ID(), exp.id)
	}
	if CPU.SlowPEXT != exp.slowPEXT {
		t.Errorf("%s: SlowPEXT = %v, want %v", model, CPU.SlowPEXT, exp.slowPEXT)
	}
	for _, k := range Kernels() {
		sel, info := s.Name(k), s.Info(k)
		var runnable []string
		for _, in := range k.Infos() {
			if in.RunsOn(CPU) {
				runnable = append(runnable, in.Name)
			}
		}
		t.Logf("%-18s selected %-22s runnable: %s", k.Name(), sel, strings.Join(runnable, ", "))
		if !info.RunsOn(CPU) {
			t.Errorf("%s: selected %s, which needs %v", k.Name(), sel, info.Requires)
		}
		if CPU.SlowPEXT && info.UsesPEXT {
			t.Errorf("%s: selected PEXT variant %s on a CPU where PEXT is microcoded", k.Name(), sel)
		}
		for _, in := range k.Infos() {
			need512 := slices.ContainsFunc(in.Requires, func(f Feature) bool { return strings.HasPrefix(string(f), "avx512") })
			if need512 && in.RunsOn(CPU) {
				t.Errorf("%s/%s needs AVX-512 and is listed runnable on %s", k.Name(), in.Name, model)
			}
			for _, f := range exp.lacks {
				if slices.Contains(in.Requires, f) {
					if _, err := k.Lookup(in.Name, CPU); err == nil {
						t.Errorf("%s/%s needs %s, which %s lacks, and can be selected", k.Name(), in.Name, f, model)
					} else {
						t.Logf("not selectable on %s: %v", model, err)
					}
					break
				}
			}
		}
		if want, ok := exp.defaults[k.Name()]; ok && sel != want {
			t.Errorf("%s: default %s on %s, want %s", k.Name(), sel, model, want)
		}
	}
}
