//go:build !purego

package variants

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// movesBatch adapts an assembly moves batch to MovesBatchFunc.
func movesBatch(fn func(in, out []uint64)) MovesBatchFunc {
	return func(in []kernels.Board, out []uint64) {
		fn(unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(in))), 2*len(in)), out[:len(in)])
	}
}

func init() {
	// Ranks follow measured times on Zen 5 (per call / batched): avx512
	// 9.4 / 5.9 ns, avx512vl 10.5 / 7.9, avx2 9.9 / 9.2, sse2 17.3 / 13.6,
	// Go kogge-stone 38 (reference 3.8 us).
	for _, v := range []struct {
		info  Info
		fn    MovesFunc
		batch func(in, out []uint64)
	}{
		{Info{Name: "sse2", Rank: 11, Asm: []string{"movesSSE2"},
			Note: "SSE2: vertical and diagonal pairs per XMM (high lane mirrored by BSWAP), the row in GP registers"}, movesSSE2, movesSSE2Batch},
		{Info{Name: "avx2", Rank: 20, Asm: []string{"movesAVX2"},
			Note: "AVX2 (Edax-AVX get_moves): four directions per YMM, VPSLLVQ/VPSRLVQ Kogge-Stone fill"}, movesAVX2, movesAVX2Batch},
		{Info{Name: "avx512vl", Rank: 25, Asm: []string{"movesAVX512VL"},
			Note: "AVX-512VL in YMM: the AVX2 fill with VPTERNLOGQ folding AND and OR"}, movesAVX512VL, movesAVX512VLBatch},
		{Info{Name: "avx512", Rank: 30, ZMM: true, Asm: []string{"movesAVX512"},
			Note: "AVX-512: eight directions in one ZMM, VPROLVQ rotating left and right"}, movesAVX512, movesAVX512Batch},
		// Edax-AVX's x86-64 forms without AVX2, ranked below sse2
		{Info{Name: "acepck", Rank: 8, Asm: []string{"movesAcepck"},
			Note: "Edax-AVX x86-64 get_moves without AVX2 (acepck): all SSE2, board and mirror per XMM, row by byte carries"}, movesAcepck, movesAcepckBatch},
		{Info{Name: "acepck-avx", Rank: 9, Asm: []string{"movesAcepckAVX"},
			Note: "acepck's get_moves as Edax-AVX builds it for AVX without AVX2: VEX encoding"}, movesAcepckAVX, movesAcepckAVXBatch},
		{Info{Name: "parallel-prefix", Rank: 7, Asm: []string{"movesParallelPrefix"},
			Note: "Edax-AVX plain get_moves (board.c, PARALLEL_PREFIX) in GP registers, east by a carry"}, movesParallelPrefix, movesParallelPrefixBatch},
		{Info{Name: "kogge-stone-gp", Rank: 6, Asm: []string{"movesKoggeStoneGP"},
			Note: "Edax-AVX plain get_moves with KOGGE_STONE: d, 2d, 4d fills in GP registers, east by a carry"}, movesKoggeStoneGP, movesKoggeStoneGPBatch},
		{Info{Name: "sequential", Rank: 5, Asm: []string{"movesSequential"},
			Note: "Edax-AVX plain get_moves, sequential fill: six single steps both ways in GP registers"}, movesSequential, movesSequentialBatch},
	} {
		Moves.Register(v.info, v.fn)
		Moves.RegisterBatch(v.info.Name, movesBatch(v.batch))
		asmHelpers[v.info.Asm[0]+"Batch"] = true
	}
}
