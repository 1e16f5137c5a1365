//go:build goexperiment.simd && amd64

package variants

import (
	"simd/archsimd"
	"testing"
)

// The registry decides from cpuid what a gosimd variant may run on;
// archsimd (internal/cpu) is what the compiler trusts. A feature the
// registry sees and archsimd does not (no OS support, say) would let a
// variant fault.
func TestGoSIMDFeaturesAgree(t *testing.T) {
	d := Host().Detected
	avx512 := d[AVX512F] && d[AVX512CD] && d[AVX512BW] && d[AVX512DQ] && d[AVX512VL]
	for _, c := range []struct {
		name           string
		cpuid, archsim bool
	}{
		{"avx", d[AVX], archsimd.X86.AVX()},
		{"avx2", d[AVX2], archsimd.X86.AVX2()},
		{"avx512 (F, CD, BW, DQ, VL)", avx512, archsimd.X86.AVX512()},
	} {
		if c.cpuid && !c.archsim {
			t.Errorf("%s: cpuid says yes, archsimd says no", c.name)
		}
	}
}
