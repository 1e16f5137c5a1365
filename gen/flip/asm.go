// Command flip generates the assembly flip variants, each with its batch
// form (the loop in assembly): SSE2, AVX2 parallel-prefix fill, AVX-512
// VPLZCNTQ (256-bit), BMI2 PEXT/PDEP and LZCNT bitscan, then the rest of
// Edax-AVX's SIMD flips (acepck AVX2 and SSE2, ppseq, cvtps, lzcnt,
// shuf_max, GFNI in YMM and ZMM, avx512cd in ZMM). The emitters live in
// gen/internal/flipasm so that larger generators can inline them.
package main

import (
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

	flipasm.FlipFuncs("flipAVXAcepck", "flips as Edax-AVX's flip_avx_acepck: down rays by a smear of P and VPCMPGTQ against the empties, up rays by BLSMSK.", flipasm.NewFlipAVXAcepck())
	flipasm.FlipFuncs("flipSSEAcepck", "flips as Edax-AVX's flip_sse_acepck: SSE2 only, PSADBW gathers, byte carries and compares, two rays per XMM.", flipasm.NewFlipSSEAcepck())
	flipasm.FlipFuncs("flipAVXPPSeq", "flips as Edax-AVX's flip_avx_ppseq: down rays by a sequential parallel-prefix search from x, up rays by LS1B.", flipasm.NewFlipAVXPPSeq())
	flipasm.FlipFuncs("flipAVXCvtps", "flips as Edax-AVX's flip_avx_cvtps: MS1B of the down rays by int -> float -> int conversion, up rays by LS1B.", flipasm.NewFlipAVXCvtps())
	flipasm.FlipFuncs("flipAVXLZCNT", "flips as Edax-AVX's flip_avx_lzcnt: down rays by LS1B of the byte swap (the row by LZCNT in GP), up rays by LS1B.", flipasm.NewFlipAVXLZCNT())
	flipasm.FlipFuncs("flipAVXShufMax", "flips as Edax-AVX's flip_avx_shuf_max: MS1B of the down rays by VPSHUFB nibble lookups and VPMAXUB, up rays by LS1B.", flipasm.NewFlipAVXShufMax())
	flipasm.FlipFuncs("flipAVXGFNI", "flips as Edax-AVX's flip_avxgfni (AVX2): the board bit-reversed by GF2P8AFFINEQB, every ray by LS1B in two YMM.", flipasm.NewFlipGFNI(false))
	flipasm.FlipFuncs("flipAVX512GFNI", "flips as Edax-AVX's flip_avxgfni (AVX512_PREFER512): the board bit-reversed by GF2P8AFFINEQB, every ray by BLSMSK in one ZMM.", flipasm.NewFlipGFNI(true))
	flipasm.FlipFuncs("flipAVX512CDZMM", "flips as Edax-AVX's flip_avx512cd (AVX512_PREFER512): up rays by BLSMSK, down rays by VPLZCNTQ, all eight in one ZMM.", flipasm.NewFlipAVX512ZMM())

	// Edax-AVX's flip_sse_bitscan.c (both of its compile-time forms) and
	// flip_roxane.c
	flipasm.FlipFuncs("flipSSEBitscan", "flips as Edax-AVX's flip_sse_bitscan: carry propagation on the up rays, two per XMM; BSR (the ray's last square a guard) on the down rays.", flipasm.NewFlipSSEBitscan(false))
	flipasm.FlipFuncs("flipSSEBitscanLZCNT", "flips as Edax-AVX's flip_sse_bitscan built with LZCNT: carry propagation on the up rays, two per XMM; LZCNT on the down rays.", flipasm.NewFlipSSEBitscan(true))
	flipasm.RoxaneFuncs("flipRoxane", "flips as Edax's flip_roxane (from Roxane): a jump through a table of one function per square, every mask an immediate, carry propagation and BSR, a branch per ray.")

	asmgen.Generate()
}
