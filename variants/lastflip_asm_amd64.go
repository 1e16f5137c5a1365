//go:build !purego

package variants

// The generated last-flip variants (gen/lastflip), each with its batch form.

func init() {
	type reg struct {
		info  Info
		fn    CountLastFlipFunc
		batch func(in []uint64, out []int)
	}
	for _, r := range []reg{
		{Info{Name: "sse2-movemask", Rank: 42,
			Note: "Edax SSE: PAND masks, PSUBB, PMOVMSKB line indexes; row byte from memory; 4 COUNT_FLIP lookups"},
			countLastFlipSSE2, countLastFlipSSE2Batch},
		{Info{Name: "avx2-movemask", Rank: 33,
			Note: "one VPMOVMSKB: file, both diagonals and the row (VPSHUFB); 4 lookups, 2 offsets per ADD"},
			countLastFlipAVX2, countLastFlipAVX2Batch},
		{Info{Name: "bmi2-pext", Rank: 40, UsesPEXT: true,
			Note: "Edax 4.5.4 BMI2: PEXT file + merged up/down rays, kindergarten merged east/west rays: 3 lookups (4 in the centre)"},
			countLastFlipPEXT, countLastFlipPEXTBatch},
		{Info{Name: "avx512-vptestmb", Rank: 34,
			Note: "avx2-movemask with VPTESTMB+KMOVD (AVX-512 BW/VL, 256-bit)"},
			countLastFlipAVX512, countLastFlipAVX512Batch},
		{Info{Name: "avx512-zmm-rays", Rank: 20, ZMM: true,
			Note: "no table: 8 rays in a ZMM, lowest closing disc by S-1, highest by VPLZCNTQ; OR-reduce, POPCNT"},
			countLastFlipZMM, countLastFlipZMMBatch},
	} {
		CountLastFlip.Register(r.info, r.fn)
		registerWordsBatch[CountLastFlipFunc, PX](CountLastFlip, r.info.Name, r.batch)
	}

	type sreg struct {
		info  Info
		fn    Score1Func
		batch func(in []uint64, out []int)
	}
	for _, r := range []sreg{
		{Info{Name: "sse2-movemask", Rank: 34,
			Note: "board_score_1 on sse2-movemask, branchless pass fix-up; one call"},
			score1SSE2, score1SSE2Batch},
		{Info{Name: "avx2-movemask", Rank: 33,
			Note: "board_score_1 on avx2-movemask, branchless pass fix-up; one call"},
			score1AVX2, score1AVX2Batch},
		{Info{Name: "bmi2-pext", Rank: 40, UsesPEXT: true,
			Note: "board_score_1 on bmi2-pext, branchless pass fix-up; one call"},
			score1PEXT, score1PEXTBatch},
		{Info{Name: "avx512-vptestmb", Rank: 36,
			Note: "board_score_1 on avx512-vptestmb (256-bit), branchless pass fix-up"},
			score1AVX512, score1AVX512Batch},
		{Info{Name: "avx2-simul", Rank: 31,
			Note: "Edax SIMULLASTFLIP: P's and O's counts from one movemask index (uint16 pair table by line extent); no branch"},
			score1SimulAVX2, score1SimulAVX2Batch},
		{Info{Name: "avx512-simul", Rank: 32,
			Note: "avx2-simul with VPTESTMB+KMOVD (AVX-512 BW/VL, 256-bit); no branch"},
			score1SimulAVX512, score1SimulAVX512Batch},
		{Info{Name: "avx512-zmm-simul", Rank: 20, ZMM: true,
			Note: "both sides' flips from 8 rays in one ZMM (VPLZCNTQ), split by & P / &^ P; no table, no branch"},
			score1SimulZMM, score1SimulZMMBatch},
		{Info{Name: "avx2-lazy-highcut", Rank: 44, Bound: true,
			Note: "Edax LASTFLIP_HIGHCUT: above alpha even with 2 flips, only test for a move (ray masks, VPTEST); returns a bound"},
			score1LazyAVX2, score1LazyAVX2Batch},
		{Info{Name: "avx512-lazy-highcut", Rank: 45, Bound: true,
			Note: "lazy high cut with VPTESTMQ/VPTESTNMQ and KORTESTW (256-bit); returns a bound"},
			score1LazyAVX512, score1LazyAVX512Batch},
	} {
		Score1.Register(r.info, r.fn)
		registerWordsBatch[Score1Func, PXA](Score1, r.info.Name, r.batch)
	}
}
