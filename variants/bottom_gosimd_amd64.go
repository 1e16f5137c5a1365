//go:build goexperiment.simd && amd64

package variants

// bottom's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	// The solver's gosimd bottoms (solver/bottom_gosimd.go): its search
	// calling the B forms of these kernels directly, inlined; one per
	// flip. Never a default; -bottom gosimd is the one this CPU runs best.
	Bottom.RegisterComposed(Info{Name: BottomGoSIMDAVX2, Requires: reqAVX2, Rank: 1,
		Note: "Go on inlined gosimd kernels: flip gosimd-avx2-ppfill, moves gosimd-avx2, score_1 gosimd-avx2-movemask, stable_edge_count gosimd-avx-movemask"},
		Composition{Alias: BottomGoSIMD})
	Bottom.RegisterComposed(Info{Name: BottomGoSIMDAVX512, Requires: reqAVX512, Rank: 2,
		Note: "gosimd-avx2 with flip gosimd-avx512-lzcnt"},
		Composition{Alias: BottomGoSIMD})
}
