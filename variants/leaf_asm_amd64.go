//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// The assembly leaf searches (gen/leaf): solve_4 down to score_1 in one
// function per family, no call below the entry. The wrappers only split
// the board; they allocate nothing.

func init() {
	type asmSolve func(P, O uint64, alpha int) (int, uint64)
	for _, fam := range []struct {
		name     string
		rank     int
		pext     bool
		fns      [3]asmSolve // solve_2, solve_3, solve_4
		asm      [3]string
		flip, s1 string
	}{
		{"asm-avx512vl", 30, false, [3]asmSolve{solve2AVX512, solve3AVX512, solve4AVX512},
			[3]string{"solve2AVX512", "solve3AVX512", "solve4AVX512"}, "avx512-lzcnt (YMM)", "avx512-lazy-highcut"},
		{"asm-avx2", 20, false, [3]asmSolve{solve2AVX2, solve3AVX2, solve4AVX2},
			[3]string{"solve2AVX2", "solve3AVX2", "solve4AVX2"}, "avx2-ppfill", "avx2-lazy-highcut"},
		{"asm-bmi2", 25, true, [3]asmSolve{solve2BMI2, solve3BMI2, solve4BMI2},
			[3]string{"solve2BMI2", "solve3BMI2", "solve4BMI2"}, "bmi2-pext", "bmi2-pext"},
		{"asm-sse2", 10, false, [3]asmSolve{solve2SSE2, solve3SSE2, solve4SSE2},
			[3]string{"solve2SSE2", "solve3SSE2", "solve4SSE2"}, "sse2", "sse2-movemask"},
	} {
		for i, k := range []*Kernel[SolveFunc]{Solve2, Solve3, Solve4} {
			fn := fam.fns[i]
			note := "asm: whole leaf in one function, flip " + fam.flip + ", score_1 " + fam.s1
			if i > 0 {
				note += ", PSHUFB parity sort"
			}
			k.Register(Info{Name: fam.name, Rank: fam.rank, UsesPEXT: fam.pext, Asm: []string{fam.asm[i]}, Note: note},
				func(b kernels.Board, alpha int) (int, uint64) { return fn(b.P, b.O, alpha) })
		}
	}
}
