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
	} {
		Moves.Register(v.info, v.fn)
		registerWordsBatch[MovesFunc, kernels.Board](Moves, v.info.Name, v.batch)
	}
}
