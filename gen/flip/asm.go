// Command flip generates the assembly flip variants, each with its batch
// form (the loop in assembly): SSE2, AVX2 parallel-prefix fill, AVX-512
// VPLZCNTQ (256-bit), BMI2 PEXT/PDEP and LZCNT bitscan. The emitters live
// in gen/internal/flipasm so that larger generators can inline them.
package main

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

func main() {
	asmgen.Setup()
	sse2 := flipasm.NewFlipSSE2()
	avx2 := flipasm.NewFlipAVX2PPFill()
	avx512 := flipasm.NewFlipAVX512()
	pext := flipasm.NewFlipPEXT()
	bitscan := flipasm.NewFlipBitscan()

	flipasm.FlipFuncs("flipSSE2", "flips with SSE2: LS1B on the up rays, a smeared MS1B on the down rays, two rays per XMM.", sse2)
	flipasm.FlipFuncs("flipAVX2PPFill", "flips with AVX2: LS1B on the up rays, parallel-prefix fill for MS1B on the down rays.", avx2)
	flipasm.FlipFuncs("flipAVX512LZCNT", "flips with AVX-512VL in YMM: LS1B up, VPLZCNTQ down, VPTESTMQ masks.", avx512)
	flipasm.FlipFuncs("flipBMI2PEXT", "flips line by line: PEXT the line into a byte, two table lookups, PDEP back.", pext)
	flipasm.FlipFuncs("flipBitscanLZCNT", "flips ray by ray in GP registers: NEG/AND for LS1B, LZCNT for MS1B.", bitscan)

	// Edax-AVX's flip_sse_bitscan.c (both of its compile-time forms) and
	// flip_roxane.c
	flipasm.FlipFuncs("flipSSEBitscan", "flips as Edax-AVX's flip_sse_bitscan: carry propagation on the up rays, two per XMM; BSR (the ray's last square a guard) on the down rays.", flipasm.NewFlipSSEBitscan(false))
	flipasm.FlipFuncs("flipSSEBitscanLZCNT", "flips as Edax-AVX's flip_sse_bitscan built with LZCNT: carry propagation on the up rays, two per XMM; LZCNT on the down rays.", flipasm.NewFlipSSEBitscan(true))
	flipasm.RoxaneFuncs("flipRoxane", "flips as Edax's flip_roxane (from Roxane): a jump through a table of one function per square, every mask an immediate, carry propagation and BSR, a branch per ray.")

	Generate()
}
