//go:build goexperiment.simd && arm64 && go1.27

package variants

import "github.com/flipbench/flipbench/variants/gosimd"

// flip's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	Flip.Register(Info{Name: "gosimd-neon-rbit", Requires: reqNEON, Rank: 1,
		Note: "archsimd Uint64x2: board and RBIT board, every ray an up ray from a table, lowest stop by s &^ (s-1)"}, gosimd.FlipNEONRBIT)
	Flip.RegisterBatch("gosimd-neon-rbit", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipNEONRBIT(b.P, b.O, b.X)
		}
	}))
	Flip.Register(Info{Name: "gosimd-neon-ushl", Requires: reqNEON, Rank: 1,
		Note: "archsimd Uint64x2: USHL by (d, -d), a Kogge-Stone fill from x per direction pair, no table"}, gosimd.FlipNEONUSHL)
	Flip.RegisterBatch("gosimd-neon-ushl", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipNEONUSHL(b.P, b.O, b.X)
		}
	}))
}
