//go:build goexperiment.simd && amd64

package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// The gosimd variants (package gosimd, GOEXPERIMENT=simd): ordinary Go
// whose vector operations are compiler intrinsics, so a call costs a Go
// call, not an assembly one. Their batch forms loop over the gosimd
// function itself, not a func value, so the compiler inlines it there
// when its cost allows.
//
// 256-bit code requires AVX2; 128-bit code is VEX-encoded, so AVX. AVX-512
// code requires the five subsets archsimd.X86.AVX512 bundles: the
// compiler treats a block holding 512-bit values as having all of them,
// and may rewrite its logic into VPTERNLOGQ or move masks with VPMOVQ2M
// (DQ). Rank 1: never a default (flipbench pick may still choose one).
var (
	reqAVX    = []Feature{AVX}
	reqAVX2   = []Feature{AVX, AVX2}
	reqAVX512 = []Feature{AVX, AVX2, AVX512F, AVX512CD, AVX512BW, AVX512DQ, AVX512VL}
)

func init() {
	Flip.Register(Info{Name: "gosimd-avx2-ppfill", Requires: reqAVX2, Rank: 1,
		Note: "archsimd Uint64x4: LS1B up, parallel-prefix fill for MS1B down (avx2-ppfill's shape)"}, gosimd.FlipAVX2PPFill)
	Flip.RegisterBatch("gosimd-avx2-ppfill", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipAVX2PPFill(b.P, b.O, b.X)
		}
	}))
	Flip.Register(Info{Name: "gosimd-avx512-lzcnt", Requires: reqAVX512, Rank: 1,
		Note: "archsimd Uint64x4, VPLZCNTQ for MS1B down (avx512-lzcnt's shape, 256-bit)"}, gosimd.FlipAVX512LZCNT)
	Flip.RegisterBatch("gosimd-avx512-lzcnt", FlipBatchFunc(func(in []BoardX, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.FlipAVX512LZCNT(b.P, b.O, b.X)
		}
	}))

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

	CountLastFlip.Register(Info{Name: "gosimd-avx2-movemask", Requires: reqAVX2, Rank: 1,
		Note: "archsimd: one VPMOVMSKB of file, diagonals and the row (VPSHUFB); 4 lookups (avx2-movemask's shape)"}, gosimd.CountLastFlipAVX2)
	CountLastFlip.RegisterBatch("gosimd-avx2-movemask", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipAVX2(c.P, c.X)
		}
	}))
	CountLastFlip.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "archsimd 128-bit: two VPMOVMSKB, the row byte from P; 4 lookups (sse2-movemask's shape, VEX)"}, gosimd.CountLastFlipAVX)
	CountLastFlip.RegisterBatch("gosimd-avx-movemask", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipAVX(c.P, c.X)
		}
	}))

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

	StableEdge.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "archsimd 128-bit: files by VPMOVMSKB of (O, P), ranks from bytes, multiply scatter"}, gosimd.StableEdgeAVX)
	StableEdgeCount.Register(Info{Name: "gosimd-avx-movemask", Requires: reqAVX, Rank: 1,
		Note: "archsimd 128-bit: files by VPMOVMSKB of (O, P), four table bytes in 32 bits, one popcount"}, gosimd.StableEdgeCountAVX)

	EvalUpdate.Register(Info{Name: "gosimd-avx2", Requires: reqAVX2, Rank: 1,
		Note: "archsimd 3 x Uint16x16: flipped rows summed, then one subtract (and add)"}, gosimd.EvalUpdateAVX2)
	EvalUpdate.RegisterBatch("gosimd-avx2", EvalUpdateBatchFunc(func(in []FeaturesMove, out []kernels.Features) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			gosimd.EvalUpdateAVX2(&out[i], &c.Src, c.X, c.Flipped, c.Mover)
		}
	}))
	EvalUpdate.Register(Info{Name: "gosimd-avx512", Requires: reqAVX512, Rank: 1, ZMM: true,
		Note: "archsimd Uint16x32 + Uint16x16 (AVX-512BW): two adds per flipped disc"}, gosimd.EvalUpdateAVX512)
	EvalUpdate.RegisterBatch("gosimd-avx512", EvalUpdateBatchFunc(func(in []FeaturesMove, out []kernels.Features) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			gosimd.EvalUpdateAVX512(&out[i], &c.Src, c.X, c.Flipped, c.Mover)
		}
	}))

	HashClear.Register(Info{Name: "gosimd-avx2", Requires: reqAVX2, Rank: 1,
		Note: "archsimd: empty pattern by 32-byte stores, 4 entries = 3 Uint64x4 (no streaming stores)"}, gosimd.HashClearAVX2)
	HashClear.Register(Info{Name: "gosimd-avx512", Requires: reqAVX512, Rank: 1, ZMM: true,
		Note: "archsimd: empty pattern by 64-byte stores, 8 entries = 3 Uint64x8"}, gosimd.HashClearAVX512)

	// The solver's gosimd bottoms (solver/bottom_gosimd.go): its search
	// calling the B forms of these kernels directly, inlined; one per
	// flip. Never a default; -bottom gosimd is the one this CPU runs best.
	Bottom.Register(Info{Name: BottomGoSIMDAVX2, Alias: BottomGoSIMD, Requires: reqAVX2, Rank: 1, Composed: true,
		Note: "Go on inlined gosimd kernels: flip gosimd-avx2-ppfill, moves gosimd-avx2, score_1 gosimd-avx2-movemask, stable_edge_count gosimd-avx-movemask"}, nil)
	Bottom.Register(Info{Name: BottomGoSIMDAVX512, Alias: BottomGoSIMD, Requires: reqAVX512, Rank: 2, Composed: true,
		Note: "gosimd-avx2 with flip gosimd-avx512-lzcnt"}, nil)
}
