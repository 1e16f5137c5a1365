// Command moves generates the assembly move generators (get_moves), each
// with its batch form: SSE2 (mirrored high lane), AVX2 (four directions
// per YMM), AVX-512VL (the same with VPTERNLOGQ) and AVX-512 (eight
// directions per ZMM with VPROLVQ).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

func main() {
	asmgen.Setup()
	sse2 := flipasm.NewMovesSSE2()
	avx2 := flipasm.NewMovesAVX2()
	vl := flipasm.NewMovesAVX512VL()
	zmm := flipasm.NewMovesAVX512()

	flipasm.MovesFuncs("movesSSE2", "finds P's legal moves with SSE2: vertical and diagonal pairs in an XMM (the high lane mirrored), the row in GP registers.", sse2)
	flipasm.MovesFuncs("movesAVX2", "finds P's legal moves with AVX2: four directions per YMM, shifted both ways.", avx2)
	flipasm.MovesFuncs("movesAVX512VL", "finds P's legal moves with AVX-512VL in YMM: as movesAVX2, VPTERNLOGQ folding the fill steps.", vl)
	flipasm.MovesFuncs("movesAVX512", "finds P's legal moves with AVX-512: eight directions in one ZMM, rotated by VPROLVQ.", zmm)



	// Edax-AVX's x86-64 get_moves without AVX2 (acepck's, board_sse.c) and
	// its plain get_moves (board.c) with each of its three fills
	flipasm.MovesFuncs("movesAcepck", "finds P's legal moves as acepck's all-SSE2 get_moves: the board and its vertical mirror in an XMM, the row by byte-wise carries.", flipasm.NewMovesAcepck(false))
	flipasm.MovesFuncs("movesAcepckAVX", "finds P's legal moves as acepck's get_moves built for AVX: movesAcepck in VEX encoding.", flipasm.NewMovesAcepck(true))
	flipasm.MovesFuncs("movesParallelPrefix", "finds P's legal moves as Edax-AVX's plain get_moves: parallel-prefix fills in GP registers, east by a carry.", flipasm.NewMovesGP(flipasm.FillParallelPrefix))
	flipasm.MovesFuncs("movesKoggeStoneGP", "finds P's legal moves as Edax-AVX's plain get_moves with KOGGE_STONE: Kogge-Stone fills (steps d, 2d, 4d) in GP registers, east by a carry.", flipasm.NewMovesGP(flipasm.FillKoggeStone))
	flipasm.MovesFuncs("movesSequential", "finds P's legal moves as Edax-AVX's plain get_moves with neither fill setting: six single steps both ways per direction, east by a carry.", flipasm.NewMovesGP(flipasm.FillSequential))

	asmgen.Generate()
}
