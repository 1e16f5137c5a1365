//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package variants

import (
	"runtime"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// The portable gosimd variants (package gosimd, *_portable.go): Go 1.27's
// package simd, one source for amd64 and arm64. The package picks its
// vector length at start-up from what the CPU has, and emulates vectors
// in Go without AVX (amd64) or without PMULL (arm64; no Feature here):
// Requires is what its hardware vectors need at the least, so that the
// variants run beside the archsimd ones and not as emulation. Rank 1:
// never a default.
var reqPortable = map[string][]Feature{"amd64": {AVX}, "arm64": {ASIMD}}[runtime.GOARCH]

func init() {
	Flip.Register(Info{Name: "gosimd-portable-rays", Requires: reqPortable, Rank: 1,
		Note: "package simd: board and half-turned board in lane pairs, every ray an up ray, lowest stop by s &^ (s-1)"}, gosimd.FlipPortable)
	Flip.RegisterBatch("gosimd-portable-rays", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipPortable(b.P, b.O, b.X)
		}
	}))

	Moves.Register(Info{Name: "gosimd-portable-halfturn", Requires: reqPortable, Rank: 1,
		Note: "package simd: board and half-turned board in lane pairs, four Kogge-Stone fills (one shift for all lanes)"}, gosimd.MovesPortable)
	Moves.RegisterBatch("gosimd-portable-halfturn", MovesBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.MovesPortable(b.P, b.O)
		}
	}))

	CountLastFlip.Register(Info{Name: "gosimd-portable-rays", Requires: reqPortable, Rank: 1,
		Note: "package simd: flip gosimd-portable-rays with O = ^P &^ x, stored and counted by scalar popcount"}, gosimd.CountLastFlipPortable)
	CountLastFlip.RegisterBatch("gosimd-portable-rays", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipPortable(c.P, c.X)
		}
	}))
}
