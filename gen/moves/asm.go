// Command moves generates the assembly move generators (get_moves), each
// with its batch form: SSE2 (mirrored high lane), AVX2 (four directions
// per YMM), AVX-512VL (the same with VPTERNLOGQ) and AVX-512 (eight
// directions per ZMM with VPROLVQ), and Edax-AVX's forms for CPUs
// without AVX2 (gen/internal/flipasm).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

// Each registers as a variant of package variants' Moves, with its batch
// form. Ranks: the eight-direction ZMM form, its 256-bit VL form, AVX2's
// four directions per YMM, then SSE2; Edax-AVX's forms for CPUs without
// AVX2 rank below SSE2, and all above the Go Kogge-Stone fill.
func main() {
	asmgen.Setup()

	flipasm.MovesFuncs("movesSSE2", "finds P's legal moves with SSE2: vertical and diagonal pairs in an XMM (the high lane mirrored), the row in GP registers.", flipasm.NewMovesSSE2(),
		asmgen.Variant{Name: "sse2", Rank: 11, Note: "SSE2: vertical and diagonal pairs per XMM (high lane mirrored by BSWAP), the row in GP registers"})
	flipasm.MovesFuncs("movesAVX2", "finds P's legal moves with AVX2: four directions per YMM, shifted both ways.", flipasm.NewMovesAVX2(),
		asmgen.Variant{Name: "avx2", Rank: 20, Note: "AVX2 (Edax-AVX get_moves): four directions per YMM, VPSLLVQ/VPSRLVQ Kogge-Stone fill"})
	flipasm.MovesFuncs("movesAVX512VL", "finds P's legal moves with AVX-512VL in YMM: as movesAVX2, VPTERNLOGQ folding the fill steps.", flipasm.NewMovesAVX512VL(),
		asmgen.Variant{Name: "avx512vl", Rank: 25, Note: "AVX-512VL in YMM: the AVX2 fill with VPTERNLOGQ folding AND and OR"})
	flipasm.MovesFuncs("movesAVX512", "finds P's legal moves with AVX-512: eight directions in one ZMM, rotated by VPROLVQ.", flipasm.NewMovesAVX512(),
		asmgen.Variant{Name: "avx512", Rank: 30, ZMM: true, Note: "AVX-512: eight directions in one ZMM, VPROLVQ rotating left and right"})

	// Edax-AVX's x86-64 get_moves without AVX2 (acepck's, board_sse.c) and
	// its plain get_moves (board.c) with each of its three fills
	flipasm.MovesFuncs("movesAcepck", "finds P's legal moves as acepck's all-SSE2 get_moves: the board and its vertical mirror in an XMM, the row by byte-wise carries.", flipasm.NewMovesAcepck(false),
		asmgen.Variant{Name: "acepck", Rank: 8, Note: "Edax-AVX x86-64 get_moves without AVX2 (acepck): all SSE2, board and mirror per XMM, row by byte carries"})
	flipasm.MovesFuncs("movesAcepckAVX", "finds P's legal moves as acepck's get_moves built for AVX: movesAcepck in VEX encoding.", flipasm.NewMovesAcepck(true),
		asmgen.Variant{Name: "acepck-avx", Rank: 9, Note: "acepck's get_moves as Edax-AVX builds it for AVX without AVX2: VEX encoding"})
	flipasm.MovesFuncs("movesParallelPrefix", "finds P's legal moves as Edax-AVX's plain get_moves: parallel-prefix fills in GP registers, east by a carry.", flipasm.NewMovesGP(flipasm.FillParallelPrefix),
		asmgen.Variant{Name: "parallel-prefix", Rank: 7, Note: "Edax-AVX plain get_moves (board.c, PARALLEL_PREFIX) in GP registers, east by a carry"})
	flipasm.MovesFuncs("movesKoggeStoneGP", "finds P's legal moves as Edax-AVX's plain get_moves with KOGGE_STONE: Kogge-Stone fills (steps d, 2d, 4d) in GP registers, east by a carry.", flipasm.NewMovesGP(flipasm.FillKoggeStone),
		asmgen.Variant{Name: "kogge-stone-gp", Rank: 6, Note: "Edax-AVX plain get_moves with KOGGE_STONE: d, 2d, 4d fills in GP registers, east by a carry"})
	flipasm.MovesFuncs("movesSequential", "finds P's legal moves as Edax-AVX's plain get_moves with neither fill setting: six single steps both ways per direction, east by a carry.", flipasm.NewMovesGP(flipasm.FillSequential),
		asmgen.Variant{Name: "sequential", Rank: 5, Note: "Edax-AVX plain get_moves, sequential fill: six single steps both ways in GP registers"})
	asmgen.Generate()
}
