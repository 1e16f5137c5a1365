//go:build goexperiment.simd && arm64 && go1.27

package variants

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// The NEON gosimd variants (package gosimd, *_neon.go): Go 1.27's
// simd/archsimd on arm64, as gosimd_amd64.go's on amd64, batch forms
// alike. archsimd's NEON needs ASIMD alone. Rank 1: never a default.
var reqNEON = []Feature{ASIMD}

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

	Moves.Register(Info{Name: "gosimd-neon-ushl", Requires: reqNEON, Rank: 1,
		Note: "archsimd Uint64x2: USHL by (d, -d), four Kogge-Stone fills for eight directions"}, gosimd.MovesNEONUSHL)
	Moves.RegisterBatch("gosimd-neon-ushl", MovesBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = gosimd.MovesNEONUSHL(b.P, b.O)
		}
	}))

	CountLastFlip.Register(Info{Name: "gosimd-neon-rbit-cnt", Requires: reqNEON, Rank: 1,
		Note: "archsimd: flip gosimd-neon-rbit's rays with O = ^P &^ x, CNT + ADDV of both lanes"}, gosimd.CountLastFlipNEONRBIT)
	CountLastFlip.RegisterBatch("gosimd-neon-rbit-cnt", CountLastFlipBatchFunc(func(in []LastEmpty, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.CountLastFlipNEONRBIT(c.P, c.X)
		}
	}))

	Score1.Register(Info{Name: "gosimd-neon-rbit-cnt", Requires: reqNEON, Rank: 1,
		Note: "board_score_1 on count_last_flip gosimd-neon-rbit-cnt; branchless pass fix-up"}, gosimd.Score1NEONRBIT)
	Score1.RegisterBatch("gosimd-neon-rbit-cnt", Score1BatchFunc(func(in []LastEmptyAlpha, out []int) {
		out = out[:len(in)]
		for i, c := range in {
			out[i] = gosimd.Score1NEONRBIT(c.P, c.Alpha, c.X)
		}
	}))

	StableEdge.Register(Info{Name: "gosimd-neon-zip-addv", Requires: reqNEON, Rank: 1,
		Note: "archsimd: files by ZIP1 of (O, P) bytes, USHL per row, ADDV (Edax's aarch64 gather), multiply scatter"}, gosimd.StableEdgeNEON)
	StableEdgeCount.Register(Info{Name: "gosimd-neon-zip-addv", Requires: reqNEON, Rank: 1,
		Note: "archsimd: files by ZIP1 of (O, P) bytes, USHL per row, ADDV; four table bytes in 32 bits, one popcount"}, gosimd.StableEdgeCountNEON)

	HashClear.Register(Info{Name: "gosimd-neon", Requires: reqNEON, Rank: 1,
		Note: "archsimd: empty pattern by 16-byte stores, 2 entries = 3 Uint64x2"}, gosimd.HashClearNEON)
}
