//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// moves's gosimd variants (their requirements: gosimd_portable.go).
func init() {
	Moves.Register(Info{Name: "gosimd-portable-halfturn", Requires: reqPortable, Rank: 1,
		Note: "package simd: board and half-turned board in lane pairs, four Kogge-Stone fills (one shift for all lanes)"}, gosimd.MovesPortable)
	Moves.RegisterBatch("gosimd-portable-halfturn", MovesBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.MovesPortable(b.P, b.O)
		}
	}))
}
