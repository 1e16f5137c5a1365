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
		// the rest of Edax-AVX 4.5.6's count_last_flip_*.c (pext-kg is bmi2-pext
		// above); ranked by per-call time on Zen 4, below the defaults
		{Info{Name: "plain", Rank: 24,
			Note: "Edax plain: row by shift, file by kindergarten multiply, diagonals by byte-sum multiply; 4 lookups, x86-64 only"},
			countLastFlipPlain, countLastFlipPlainBatch},
		{Info{Name: "bmi", Rank: 22,
			Note: "Edax bmi: row by lookup; file and diagonals shifted past x's row, TZCNT/LZCNT & 0x38 = 8 x flips"},
			countLastFlipBMI, countLastFlipBMIBatch},
		{Info{Name: "lzcnt", Rank: 25,
			Note: "Edax lzcnt: BSWAP to the upper half; top 2 rows: S/SE/SW rays by LZCNT, middle rows by kindergarten; row by lookup"},
			countLastFlipLZCNT, countLastFlipLZCNTBatch},
		{Info{Name: "32", Rank: 23,
			Note: "Edax 32's method in one function: 32-bit halves, byte sums of row and merged diagonal V's, 32-bit packV; 4 lookups"},
			countLastFlip32, countLastFlip32Batch},
		{Info{Name: "sse", Rank: 28,
			Note: "Edax 4.5.6 sse: PSADBW sums a diagonal and the row, PMOVMSKB packs the other diagonal and the file; 4 lookups"},
			countLastFlipSSEPSADBW, countLastFlipSSEPSADBWBatch},
		{Info{Name: "sse-avxlastflip", Rank: 26,
			Note: "Edax sse with AVXLASTFLIP: one VPMOVMSKB for file and diagonals, row by shift; 4 lookups"},
			countLastFlipSSEAVX, countLastFlipSSEAVXBatch},
		{Info{Name: "avx-ppfill", Rank: 27,
			Note: "Edax avx_ppfill: 4 down-rays by parallel prefix fill (VPSRLVQ), 4 up-rays below the lowest P; one popcount"},
			countLastFlipPPFill, countLastFlipPPFillBatch},
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
		// the rest of Edax-AVX 4.5.6: each count_last_flip_*.c's own score form
		{Info{Name: "plain", Rank: 26,
			Note: "Edax plain solve_exact_1: P's and O's counts from one set of lookups (uint16 pair table), reference cut at alpha; no branch"},
			score1Plain, score1PlainBatch},
		{Info{Name: "bmi", Rank: 25,
			Note: "board_score_1 on bmi (Edax LASTFLIP_LOWCUT solve_1), branchless pass fix-up"},
			score1BMI, score1BMIBatch},
		{Info{Name: "lzcnt", Rank: 28,
			Note: "board_score_1 on lzcnt (Edax LASTFLIP_LOWCUT solve_1), branchless pass fix-up"},
			score1LZCNT, score1LZCNTBatch},
		{Info{Name: "32", Rank: 24,
			Note: "Edax 32 solve_exact_1 in 32-bit arithmetic: both counts from one set of lookups, reference cut at alpha; no branch"},
			score132, score132Batch},
		{Info{Name: "sse", Rank: 27,
			Note: "Edax 4.5.6 sse mm_solve_exact_1 (SIMULLASTFLIP): both counts from the PSADBW/PMOVMSKB lookups, reference cut at alpha"},
			score1SSEPSADBW, score1SSEPSADBWBatch},
		{Info{Name: "sse-avxlastflip", Rank: 29,
			Note: "Edax sse LASTFLIP_LOWCUT + AVXLASTFLIP mm_solve_1: board_score_1 on sse-avxlastflip"},
			score1SSEAVX, score1SSEAVXBatch},
		{Info{Name: "avx-ppfill", Rank: 30,
			Note: "Edax avx_ppfill LASTFLIP_LOWCUT mm_solve_1: board_score_1 on avx-ppfill"},
			score1PPFill, score1PPFillBatch},
		{Info{Name: "avx2-lazy-lowcut", Rank: 18, Bound: true, BoundLow: true,
			Note: "Edax lazy low cut (LASTFLIP_HIGHCUT's score <= alpha branch) alone: score+P's flips, no pass test; bound: exact above alpha, in [exact, alpha] at or below"},
			score1LowCutAVX2, score1LowCutAVX2Batch},
		{Info{Name: "avx512-lazy-lowcut", Rank: 19, Bound: true, BoundLow: true,
			Note: "avx2-lazy-lowcut on the VPTESTMB count (256-bit); bound: exact above alpha, in [exact, alpha] at or below"},
			score1LowCutAVX512, score1LowCutAVX512Batch},
	} {
		Score1.Register(r.info, r.fn)
		registerWordsBatch[Score1Func, PXA](Score1, r.info.Name, r.batch)
	}
}
