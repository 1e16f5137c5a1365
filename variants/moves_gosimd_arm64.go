//go:build goexperiment.simd && arm64 && go1.27

package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// moves's gosimd variants (their requirements: gosimd_arm64.go).
func init() {
	Moves.Register(Info{Name: "gosimd-neon-ushl", Requires: reqNEON, Rank: 1,
		Note: "archsimd Uint64x2: USHL by (d, -d), four Kogge-Stone fills for eight directions"}, gosimd.MovesNEONUSHL)
	Moves.RegisterBatch("gosimd-neon-ushl", MovesBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.MovesNEONUSHL(b.P, b.O)
		}
	}))
}
