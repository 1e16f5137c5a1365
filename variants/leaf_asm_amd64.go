//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// The assembly leaf searches (gen/leaf): solve_4 down to score_1 in one
// function per family, no call below the entry. The wrappers only split
// the board; they allocate nothing.
//
// Ranks from flipbench bench on Zen 5 (10 interleaved runs, per call,
// solve_2 / solve_3 / solve_4 in ns): avx512vl-pext 22 / 55 / 133,
// avx512vl-simul 30 / 67 / 129, avx512vl (lazy) 24 / 55 / 156, bmi2
// 26 / 60 / 148, avx2-pext 24 / 64 / 164, avx2 (lazy) 27 / 66 / 179,
// avx2-simul 33 / 76 / 158, sse2 33 / 84 / 192; Go parity-table - / 473 /
// 1062, reference 514 / 1243 / 2418. Machine noise is +-5-20%: the PEXT
// score_1 wins where it is fast, and the all-GP bmi2 leaf leads among
// AVX2-class CPUs (Haswell: VPSRLVQ is 3 uops there); without fast PEXT
// (Zen 2) the avx2 leaf is the default, without AVX (Nehalem) sse2.

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
		{"asm-avx512vl", 29, false, [3]asmSolve{solve2AVX512, solve3AVX512, solve4AVX512},
			[3]string{"solve2AVX512", "solve3AVX512", "solve4AVX512"}, "avx512-lzcnt (YMM)", "avx512-lazy-highcut"},
		{"asm-avx512vl-pext", 31, true, [3]asmSolve{solve2AVX512PEXT, solve3AVX512PEXT, solve4AVX512PEXT},
			[3]string{"solve2AVX512PEXT", "solve3AVX512PEXT", "solve4AVX512PEXT"}, "avx512-lzcnt (YMM)", "bmi2-pext"},
		{"asm-avx512vl-simul", 30, false, [3]asmSolve{solve2AVX512Simul, solve3AVX512Simul, solve4AVX512Simul},
			[3]string{"solve2AVX512Simul", "solve3AVX512Simul", "solve4AVX512Simul"}, "avx512-lzcnt (YMM)", "avx512-simul"},
		{"asm-avx2-pext", 24, true, [3]asmSolve{solve2AVX2PEXT, solve3AVX2PEXT, solve4AVX2PEXT},
			[3]string{"solve2AVX2PEXT", "solve3AVX2PEXT", "solve4AVX2PEXT"}, "avx2-ppfill", "bmi2-pext"},
		{"asm-avx2-simul", 19, false, [3]asmSolve{solve2AVX2Simul, solve3AVX2Simul, solve4AVX2Simul},
			[3]string{"solve2AVX2Simul", "solve3AVX2Simul", "solve4AVX2Simul"}, "avx2-ppfill", "avx2-simul"},
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
