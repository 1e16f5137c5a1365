//go:build !purego

package variants

// The generated leaf searches (gen/leaf): solve_4 down to score_1 in one
// function per family, no call below the entry. Each family pairs a flip
// with a score_1; the ranks put the PEXT score_1 first where PEXT is fast,
// the all-GP bmi2 leaf first among AVX2-class CPUs (VPSRLVQ is slow on
// Haswell), avx2 where PEXT is microcoded (Zen 2) and sse2 without AVX.
func init() {
	for _, fam := range []struct {
		name     string
		rank     int
		pext     bool
		fns      [3]SolveFunc // solve_2, solve_3, solve_4
		flip, s1 string
	}{
		{"asm-avx512vl", 29, false, [3]SolveFunc{solve2AVX512, solve3AVX512, solve4AVX512}, "avx512-lzcnt (YMM)", "avx512-lazy-highcut"},
		{"asm-avx512vl-pext", 31, true, [3]SolveFunc{solve2AVX512PEXT, solve3AVX512PEXT, solve4AVX512PEXT}, "avx512-lzcnt (YMM)", "bmi2-pext"},
		{"asm-avx512vl-simul", 30, false, [3]SolveFunc{solve2AVX512Simul, solve3AVX512Simul, solve4AVX512Simul}, "avx512-lzcnt (YMM)", "avx512-simul"},
		{"asm-avx2-pext", 24, true, [3]SolveFunc{solve2AVX2PEXT, solve3AVX2PEXT, solve4AVX2PEXT}, "avx2-ppfill", "bmi2-pext"},
		{"asm-avx2-simul", 19, false, [3]SolveFunc{solve2AVX2Simul, solve3AVX2Simul, solve4AVX2Simul}, "avx2-ppfill", "avx2-simul"},
		{"asm-avx2", 20, false, [3]SolveFunc{solve2AVX2, solve3AVX2, solve4AVX2}, "avx2-ppfill", "avx2-lazy-highcut"},
		{"asm-bmi2", 25, true, [3]SolveFunc{solve2BMI2, solve3BMI2, solve4BMI2}, "bmi2-pext", "bmi2-pext"},
		{"asm-sse2", 10, false, [3]SolveFunc{solve2SSE2, solve3SSE2, solve4SSE2}, "sse2", "sse2-movemask"},
	} {
		for i, k := range []*Kernel[SolveFunc]{Solve2, Solve3, Solve4} {
			note := "asm: whole leaf in one function, flip " + fam.flip + ", score_1 " + fam.s1
			if i > 0 {
				note += ", PSHUFB parity sort"
			}
			k.Register(Info{Name: fam.name, Rank: fam.rank, UsesPEXT: fam.pext, Note: note}, fam.fns[i])
		}
	}
}
