//go:build goexperiment.simd && arm64 && go1.27

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// score_1's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	Score1.Register(Info{Name: "gosimd-neon-rbit-cnt", Requires: reqNEON, Rank: 1,
		Note: "board_score_1 on count_last_flip gosimd-neon-rbit-cnt; branchless pass fix-up"}, gosimd.Score1NEONRBIT)
	Score1.RegisterBatch("gosimd-neon-rbit-cnt", Score1BatchFunc(func(in []LastEmptyAlpha, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.Score1NEONRBIT(c.P, c.Alpha, c.X)
		}
	}))
}
