//go:build goexperiment.simd && amd64

package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// moves's gosimd variants (their requirements: gosimd_amd64.go).
func init() {
	Moves.Register(Info{Name: "gosimd-avx2", Requires: reqAVX2, Rank: 1,
		Note: "archsimd Uint64x4: four directions, Kogge-Stone fill by vector shift counts"}, gosimd.MovesAVX2)
	Moves.RegisterBatch("gosimd-avx2", MovesBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.MovesAVX2(b.P, b.O)
		}
	}))
	Moves.Register(Info{Name: "gosimd-avx512", Requires: reqAVX512, Rank: 1, ZMM: true,
		Note: "archsimd Uint64x8: eight directions, rotated by VPROLVQ"}, gosimd.MovesAVX512)
	Moves.RegisterBatch("gosimd-avx512", MovesBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.MovesAVX512(b.P, b.O)
		}
	}))
}
