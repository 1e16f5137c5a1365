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
	} {
		Flip.Register(v.info, v.fn)
		registerWordsBatch[FlipFunc, BoardX](Flip, v.info.Name, v.batch)
	}
}
