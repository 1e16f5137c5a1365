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

	asmgen.Generate()
}
