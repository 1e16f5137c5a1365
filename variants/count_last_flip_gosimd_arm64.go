//go:build goexperiment.simd && arm64 && go1.27

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// count_last_flip's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	CountLastFlip.Register(Info{Name: "gosimd-neon-rbit-cnt", Requires: reqNEON, Rank: 1,
		Note: "archsimd: flip gosimd-neon-rbit's rays with O = ^P &^ x, CNT + ADDV of both lanes"}, gosimd.CountLastFlipNEONRBIT)
	CountLastFlip.RegisterBatch("gosimd-neon-rbit-cnt", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipNEONRBIT(c.P, c.X)
		}
	}))
}
