//go:build !purego

package variants

// The generated flips (gen/flip), each with its batch form. Ranks order
// the default where no pick profile says otherwise: the AVX-512 form, then
// AVX2's, then PEXT (on the GP ports, slower per call), SSE2, and the
// scalar LZCNT form below the Go bitscan.
func init() {
	for _, v := range []struct {
		info  Info
		fn    FlipFunc
		batch func(in, out []uint64)
	}{
		{Info{Name: "sse2", Rank: 11,
			Note: "SSE2: LS1B on the up rays, smeared MS1B on the down rays, two rays per XMM"}, flipSSE2, flipSSE2Batch},
		{Info{Name: "avx2-ppfill", Rank: 20,
			Note: "AVX2 (Edax-AVX ppfill): LS1B up, parallel-prefix fill for MS1B down, four rays per YMM"}, flipAVX2PPFill, flipAVX2PPFillBatch},
		{Info{Name: "avx512-lzcnt", Rank: 30,
			Note: "AVX-512CD/VL in YMM: LS1B up, VPLZCNTQ down, validity in mask registers"}, flipAVX512LZCNT, flipAVX512LZCNTBatch},
		{Info{Name: "bmi2-pext", Rank: 15, UsesPEXT: true,
			Note: "BMI2: PEXT each line into a byte, outflank and flipped tables, PDEP back"}, flipBMI2PEXT, flipBMI2PEXTBatch},
		{Info{Name: "bitscan-lzcnt", Rank: 8,
			Note: "GP registers: LS1B by NEG/AND up, LZCNT down, branch-free"}, flipBitscanLZCNT, flipBitscanLZCNTBatch},
		// The rest of Edax-AVX's SIMD flips, named after their files; ranked
		// below the variants above on every CPU that runs both, so that they
		// are picked only by measurement (flipbench pick).
		{Info{Name: "avx-acepck", Rank: 19,
			Note: "AVX2 (Edax-AVX acepck, 4.6 default): down rays by a smear of P and VPCMPGTQ against the empties, up rays by BLSMSK"}, flipAVXAcepck, flipAVXAcepckBatch},
		{Info{Name: "sse-acepck", Rank: 7,
			Note: "SSE2 (Edax-AVX sse_acepck): PSADBW-gathered diagonals, byte carries on the row, compares on the file, two rays per XMM"}, flipSSEAcepck, flipSSEAcepckBatch},
		{Info{Name: "avx-ppseq", Rank: 16,
			Note: "AVX2 (Edax-AVX ppseq): down rays by a parallel-prefix walk of the O run from x, up rays by LS1B"}, flipAVXPPSeq, flipAVXPPSeqBatch},
		{Info{Name: "avx-cvtps", Rank: 13,
			Note: "AVX2 (Edax-AVX cvtps): MS1B down by int->float->int (the exponent), LS1B up"}, flipAVXCvtps, flipAVXCvtpsBatch},
		{Info{Name: "avx-lzcnt", Rank: 17,
			Note: "AVX2 (Edax-AVX lzcnt): MS1B down by LS1B of the byte swap (the row by LZCNT in GP), LS1B up"}, flipAVXLZCNT, flipAVXLZCNTBatch},
		{Info{Name: "avx-shuf-max", Rank: 14,
			Note: "AVX2 (Edax-AVX shuf_max): MS1B down by VPSHUFB nibble lookups, VPMAXUB and a highest-byte eraser, LS1B up"}, flipAVXShufMax, flipAVXShufMaxBatch},
		{Info{Name: "avx-gfni", Rank: 18,
			Note: "GFNI+AVX2 (Edax-AVX avxgfni): board bit-reversed by GF2P8AFFINEQB so every ray is an up ray, LS1B in two YMM"}, flipAVXGFNI, flipAVXGFNIBatch},
		{Info{Name: "avx512-gfni", Rank: 28, ZMM: true,
			Note: "GFNI+AVX-512 in ZMM (Edax-AVX avxgfni, 512-bit): board bit-reversed, all eight rays by BLSMSK and VPTESTMQ"}, flipAVX512GFNI, flipAVX512GFNIBatch},
		{Info{Name: "avx512cd-zmm", Rank: 29, ZMM: true,
			Note: "AVX-512CD in ZMM (Edax-AVX avx512cd, 512-bit): BLSMSK up, VPLZCNTQ down, all eight rays in one ZMM"}, flipAVX512CDZMM, flipAVX512CDZMMBatch},
		// Edax-AVX's other non-AVX forms, ranked below the forms above
		{Info{Name: "sse-bitscan", Rank: 6,
			Note: "Edax-AVX flip_sse_bitscan: carry propagation up, two rays per XMM; BSR down (last square as guard)"}, flipSSEBitscan, flipSSEBitscanBatch},
		{Info{Name: "sse-bitscan-lzcnt", Rank: 7,
			Note: "Edax-AVX flip_sse_bitscan with LZCNT: carry propagation up, two rays per XMM; LZCNT down"}, flipSSEBitscanLZCNT, flipSSEBitscanLZCNTBatch},
		{Info{Name: "roxane", Rank: 3,
			Note: "Edax flip_roxane: a table of 64 per-square functions, masks as immediates, carry and BSR, a branch per ray"}, flipRoxane, flipRoxaneBatch},
	} {
		Flip.Register(v.info, v.fn)
		registerWordsBatch[FlipFunc, BoardX](Flip, v.info.Name, v.batch)
	}
}
