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

// Each flip registers as a variant of package variants' Flip, with its
// batch form. Ranks order the default where no pick profile says
// otherwise: the AVX-512 form, then AVX2's, then PEXT (on the GP ports,
// slower per call), SSE2, and the scalar forms below the Go bitscan; the
// rest of Edax-AVX's catalog ranks below the form it competes with on
// every CPU that runs both, so that only a measurement (flipbench pick)
// makes one the default.
func main() {
	asmgen.Setup()
	for _, f := range []struct {
		name, doc string
		flip      flipasm.Flipper
		v         asmgen.Variant
	}{
		{"flipSSE2", "flips with SSE2: LS1B on the up rays, a smeared MS1B on the down rays, two rays per XMM.", flipasm.NewFlipSSE2(),
			asmgen.Variant{Name: "sse2", Rank: 11, Note: "SSE2: LS1B on the up rays, smeared MS1B on the down rays, two rays per XMM"}},
		{"flipAVX2PPFill", "flips with AVX2: LS1B on the up rays, parallel-prefix fill for MS1B on the down rays.", flipasm.NewFlipAVX2PPFill(),
			asmgen.Variant{Name: "avx2-ppfill", Rank: 20, Note: "AVX2 (Edax-AVX ppfill): LS1B up, parallel-prefix fill for MS1B down, four rays per YMM"}},
		{"flipAVX512LZCNT", "flips with AVX-512VL in YMM: LS1B up, VPLZCNTQ down, VPTESTMQ masks.", flipasm.NewFlipAVX512(),
			asmgen.Variant{Name: "avx512-lzcnt", Rank: 30, Note: "AVX-512CD/VL in YMM: LS1B up, VPLZCNTQ down, validity in mask registers"}},
		{"flipBMI2PEXT", "flips line by line: PEXT the line into a byte, two table lookups, PDEP back.", flipasm.NewFlipPEXT(),
			asmgen.Variant{Name: "bmi2-pext", Rank: 15, PEXT: true, Note: "BMI2: PEXT each line into a byte, outflank and flipped tables, PDEP back"}},
		{"flipBitscanLZCNT", "flips ray by ray in GP registers: NEG/AND for LS1B, LZCNT for MS1B.", flipasm.NewFlipBitscan(),
			asmgen.Variant{Name: "bitscan-lzcnt", Rank: 8, Note: "GP registers: LS1B by NEG/AND up, LZCNT down, branch-free"}},

		{"flipAVXAcepck", "flips as Edax-AVX's flip_avx_acepck: down rays by a smear of P and VPCMPGTQ against the empties, up rays by BLSMSK.", flipasm.NewFlipAVXAcepck(),
			asmgen.Variant{Name: "avx-acepck", Rank: 19, Note: "AVX2 (Edax-AVX acepck, 4.6 default): down rays by a smear of P and VPCMPGTQ against the empties, up rays by BLSMSK"}},
		{"flipSSEAcepck", "flips as Edax-AVX's flip_sse_acepck: SSE2 only, PSADBW gathers, byte carries and compares, two rays per XMM.", flipasm.NewFlipSSEAcepck(),
			asmgen.Variant{Name: "sse-acepck", Rank: 7, Note: "SSE2 (Edax-AVX sse_acepck): PSADBW-gathered diagonals, byte carries on the row, compares on the file, two rays per XMM"}},
		{"flipAVXPPSeq", "flips as Edax-AVX's flip_avx_ppseq: down rays by a sequential parallel-prefix search from x, up rays by LS1B.", flipasm.NewFlipAVXPPSeq(),
			asmgen.Variant{Name: "avx-ppseq", Rank: 16, Note: "AVX2 (Edax-AVX ppseq): down rays by a parallel-prefix walk of the O run from x, up rays by LS1B"}},
		{"flipAVXCvtps", "flips as Edax-AVX's flip_avx_cvtps: MS1B of the down rays by int -> float -> int conversion, up rays by LS1B.", flipasm.NewFlipAVXCvtps(),
			asmgen.Variant{Name: "avx-cvtps", Rank: 13, Note: "AVX2 (Edax-AVX cvtps): MS1B down by int->float->int (the exponent), LS1B up"}},
		{"flipAVXLZCNT", "flips as Edax-AVX's flip_avx_lzcnt: down rays by LS1B of the byte swap (the row by LZCNT in GP), up rays by LS1B.", flipasm.NewFlipAVXLZCNT(),
			asmgen.Variant{Name: "avx-lzcnt", Rank: 17, Note: "AVX2 (Edax-AVX lzcnt): MS1B down by LS1B of the byte swap (the row by LZCNT in GP), LS1B up"}},
		{"flipAVXShufMax", "flips as Edax-AVX's flip_avx_shuf_max: MS1B of the down rays by VPSHUFB nibble lookups and VPMAXUB, up rays by LS1B.", flipasm.NewFlipAVXShufMax(),
			asmgen.Variant{Name: "avx-shuf-max", Rank: 14, Note: "AVX2 (Edax-AVX shuf_max): MS1B down by VPSHUFB nibble lookups, VPMAXUB and a highest-byte eraser, LS1B up"}},
		{"flipAVXGFNI", "flips as Edax-AVX's flip_avxgfni (AVX2): the board bit-reversed by GF2P8AFFINEQB, every ray by LS1B in two YMM.", flipasm.NewFlipGFNI(false),
			asmgen.Variant{Name: "avx-gfni", Rank: 18, Note: "GFNI+AVX2 (Edax-AVX avxgfni): board bit-reversed by GF2P8AFFINEQB so every ray is an up ray, LS1B in two YMM"}},
		{"flipAVX512GFNI", "flips as Edax-AVX's flip_avxgfni (AVX512_PREFER512): the board bit-reversed by GF2P8AFFINEQB, every ray by BLSMSK in one ZMM.", flipasm.NewFlipGFNI(true),
			asmgen.Variant{Name: "avx512-gfni", Rank: 28, ZMM: true, Note: "GFNI+AVX-512 in ZMM (Edax-AVX avxgfni, 512-bit): board bit-reversed, all eight rays by BLSMSK and VPTESTMQ"}},
		{"flipAVX512CDZMM", "flips as Edax-AVX's flip_avx512cd (AVX512_PREFER512): up rays by BLSMSK, down rays by VPLZCNTQ, all eight in one ZMM.", flipasm.NewFlipAVX512ZMM(),
			asmgen.Variant{Name: "avx512cd-zmm", Rank: 29, ZMM: true, Note: "AVX-512CD in ZMM (Edax-AVX avx512cd, 512-bit): BLSMSK up, VPLZCNTQ down, all eight rays in one ZMM"}},

		// Edax-AVX's flip_sse_bitscan.c, both of its compile-time forms
		{"flipSSEBitscan", "flips as Edax-AVX's flip_sse_bitscan: carry propagation on the up rays, two per XMM; BSR (the ray's last square a guard) on the down rays.", flipasm.NewFlipSSEBitscan(false),
			asmgen.Variant{Name: "sse-bitscan", Rank: 6, Note: "Edax-AVX flip_sse_bitscan: carry propagation up, two rays per XMM; BSR down (last square as guard)"}},
		{"flipSSEBitscanLZCNT", "flips as Edax-AVX's flip_sse_bitscan built with LZCNT: carry propagation on the up rays, two per XMM; LZCNT on the down rays.", flipasm.NewFlipSSEBitscan(true),
			asmgen.Variant{Name: "sse-bitscan-lzcnt", Rank: 7, Note: "Edax-AVX flip_sse_bitscan with LZCNT: carry propagation up, two rays per XMM; LZCNT down"}},
	} {
		flipasm.FlipFuncs(f.name, f.doc, f.flip, f.v)
	}
	// flip_roxane.c: a call through a table of functions, never inlined
	flipasm.RoxaneFuncs("flipRoxane", "flips as Edax's flip_roxane (from Roxane): a jump through a table of one function per square, every mask an immediate, carry propagation and BSR, a branch per ray.",
		asmgen.Variant{Name: "roxane", Rank: 3, Note: "Edax flip_roxane: a table of 64 per-square functions, masks as immediates, carry and BSR, a branch per ray"})

	asmgen.Generate()
}
