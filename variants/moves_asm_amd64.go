//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// The generated move generators (gen/moves), each with its batch form.
// Ranks: the eight-direction ZMM form, its 256-bit VL form, AVX2's four
// directions per YMM, then SSE2; all above the Go Kogge-Stone fill.
func init() {
	for _, v := range []struct {
		info  Info
		fn    MovesFunc
		batch func(in, out []uint64)
	}{
		{Info{Name: "sse2", Rank: 11,
			Note: "SSE2: vertical and diagonal pairs per XMM (high lane mirrored by BSWAP), the row in GP registers"}, movesSSE2, movesSSE2Batch},
		{Info{Name: "avx2", Rank: 20,
			Note: "AVX2 (Edax-AVX get_moves): four directions per YMM, VPSLLVQ/VPSRLVQ Kogge-Stone fill"}, movesAVX2, movesAVX2Batch},
		{Info{Name: "avx512vl", Rank: 25,
			Note: "AVX-512VL in YMM: the AVX2 fill with VPTERNLOGQ folding AND and OR"}, movesAVX512VL, movesAVX512VLBatch},
		{Info{Name: "avx512", Rank: 30, ZMM: true,
			Note: "AVX-512: eight directions in one ZMM, VPROLVQ rotating left and right"}, movesAVX512, movesAVX512Batch},
		// Edax-AVX's x86-64 forms without AVX2, ranked below sse2
		{Info{Name: "acepck", Rank: 8,
			Note: "Edax-AVX x86-64 get_moves without AVX2 (acepck): all SSE2, board and mirror per XMM, row by byte carries"}, movesAcepck, movesAcepckBatch},
		{Info{Name: "acepck-avx", Rank: 9,
			Note: "acepck's get_moves as Edax-AVX builds it for AVX without AVX2: VEX encoding"}, movesAcepckAVX, movesAcepckAVXBatch},
		{Info{Name: "parallel-prefix", Rank: 7,
			Note: "Edax-AVX plain get_moves (board.c, PARALLEL_PREFIX) in GP registers, east by a carry"}, movesParallelPrefix, movesParallelPrefixBatch},
		{Info{Name: "kogge-stone-gp", Rank: 6,
			Note: "Edax-AVX plain get_moves with KOGGE_STONE: d, 2d, 4d fills in GP registers, east by a carry"}, movesKoggeStoneGP, movesKoggeStoneGPBatch},
		{Info{Name: "sequential", Rank: 5,
			Note: "Edax-AVX plain get_moves, sequential fill: six single steps both ways in GP registers"}, movesSequential, movesSequentialBatch},
	} {
		Moves.Register(v.info, v.fn)
		registerWordsBatch[MovesFunc, kernels.Board](Moves, v.info.Name, v.batch)
	}
}
