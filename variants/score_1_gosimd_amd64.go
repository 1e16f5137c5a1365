//go:build goexperiment.simd && amd64

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// score_1's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	Score1.Register(Info{Name: "gosimd-avx2-movemask", Requires: reqAVX2, Rank: 1,
		Note: "board_score_1 on count_last_flip gosimd-avx2-movemask; branchless pass fix-up"}, gosimd.Score1AVX2)
	Score1.RegisterBatch("gosimd-avx2-movemask", Score1BatchFunc(func(in []LastEmptyAlpha, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.Score1AVX2(c.P, c.Alpha, c.X)
		}
	}))
	Score1.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "board_score_1 on count_last_flip gosimd-avx-movemask; branchless pass fix-up"}, gosimd.Score1AVX)
	Score1.RegisterBatch("gosimd-avx-movemask", Score1BatchFunc(func(in []LastEmptyAlpha, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.Score1AVX(c.P, c.Alpha, c.X)
		}
	}))
}
