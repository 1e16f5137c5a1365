//go:build !purego

package variants

import "unsafe"

// The generated last-flip variants (gen/lastflip). Batch forms take their
// inputs as words: PX is (P, x), PXA is (P, x, alpha).

func pxWords(in []PX) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(in))), 2*len(in))
}

func pxaWords(in []PXA) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(in))), 3*len(in))
}

func countBatch(f func(in []uint64, out []int)) CountLastFlipBatchFunc {
	return func(in []PX, out []int) { f(pxWords(in), out[:len(in)]) }
}

func score1Batch(f func(in []uint64, out []int)) Score1BatchFunc {
	return func(in []PXA, out []int) { f(pxaWords(in), out[:len(in)]) }
}

func init() {
	type reg struct {
		info  Info
		fn    CountLastFlipFunc
		batch func(in []uint64, out []int)
	}
	for _, r := range []reg{
		{Info{Name: "sse2-movemask", Rank: 42, Asm: []string{"countLastFlipSSE2"},
			Note: "Edax SSE: PAND masks, PSUBB, PMOVMSKB line indexes; row byte from memory; 4 COUNT_FLIP lookups"},
			countLastFlipSSE2, countLastFlipSSE2Batch},
		{Info{Name: "avx2-movemask", Rank: 33, Asm: []string{"countLastFlipAVX2"},
			Note: "one VPMOVMSKB: file, both diagonals and the row (VPSHUFB); 4 lookups, 2 offsets per ADD"},
			countLastFlipAVX2, countLastFlipAVX2Batch},
		{Info{Name: "bmi2-pext", Rank: 40, UsesPEXT: true, Asm: []string{"countLastFlipPEXT"},
			Note: "Edax 4.5.4 BMI2: PEXT file + merged up/down rays, kindergarten merged east/west rays: 3 lookups (4 in the centre)"},
			countLastFlipPEXT, countLastFlipPEXTBatch},
		{Info{Name: "avx512-vptestmb", Rank: 34, Asm: []string{"countLastFlipAVX512"},
			Note: "avx2-movemask with VPTESTMB+KMOVD (AVX-512 BW/VL, 256-bit)"},
			countLastFlipAVX512, countLastFlipAVX512Batch},
		{Info{Name: "avx512-zmm-rays", Rank: 20, ZMM: true, Asm: []string{"countLastFlipZMM"},
			Note: "no table: 8 rays in a ZMM, lowest closing disc by S-1, highest by VPLZCNTQ; OR-reduce, POPCNT"},
			countLastFlipZMM, countLastFlipZMMBatch},
	} {
		CountLastFlip.Register(r.info, r.fn)
		CountLastFlip.RegisterBatch(r.info.Name, countBatch(r.batch))
		asmHelpers[r.info.Asm[0]+"Batch"] = true
	}

	type sreg struct {
		info  Info
		fn    Score1Func
		batch func(in []uint64, out []int)
	}
	for _, r := range []sreg{
		{Info{Name: "sse2-movemask", Rank: 34, Asm: []string{"score1SSE2"},
			Note: "board_score_1 on sse2-movemask, branchless pass fix-up; one call"},
			score1SSE2, score1SSE2Batch},
		{Info{Name: "avx2-movemask", Rank: 33, Asm: []string{"score1AVX2"},
			Note: "board_score_1 on avx2-movemask, branchless pass fix-up; one call"},
			score1AVX2, score1AVX2Batch},
		{Info{Name: "bmi2-pext", Rank: 40, UsesPEXT: true, Asm: []string{"score1PEXT"},
			Note: "board_score_1 on bmi2-pext, branchless pass fix-up; one call"},
			score1PEXT, score1PEXTBatch},
		{Info{Name: "avx512-vptestmb", Rank: 36, Asm: []string{"score1AVX512"},
			Note: "board_score_1 on avx512-vptestmb (256-bit), branchless pass fix-up"},
			score1AVX512, score1AVX512Batch},
		{Info{Name: "avx2-simul", Rank: 31, Asm: []string{"score1SimulAVX2"},
			Note: "Edax SIMULLASTFLIP: P's and O's counts from one movemask index (uint16 pair table by line extent); no branch"},
			score1SimulAVX2, score1SimulAVX2Batch},
		{Info{Name: "avx512-simul", Rank: 32, Asm: []string{"score1SimulAVX512"},
			Note: "avx2-simul with VPTESTMB+KMOVD (AVX-512 BW/VL, 256-bit); no branch"},
			score1SimulAVX512, score1SimulAVX512Batch},
		{Info{Name: "avx512-zmm-simul", Rank: 20, ZMM: true, Asm: []string{"score1SimulZMM"},
			Note: "both sides' flips from 8 rays in one ZMM (VPLZCNTQ), split by & P / &^ P; no table, no branch"},
			score1SimulZMM, score1SimulZMMBatch},
		{Info{Name: "avx2-lazy-highcut", Rank: 44, Bound: true, Asm: []string{"score1LazyAVX2"},
			Note: "Edax LASTFLIP_HIGHCUT: above alpha even with 2 flips, only test for a move (ray masks, VPTEST); returns a bound"},
			score1LazyAVX2, score1LazyAVX2Batch},
		{Info{Name: "avx512-lazy-highcut", Rank: 45, Bound: true, Asm: []string{"score1LazyAVX512"},
			Note: "lazy high cut with VPTESTMQ/VPTESTNMQ and KORTESTW (256-bit); returns a bound"},
			score1LazyAVX512, score1LazyAVX512Batch},
	} {
		Score1.Register(r.info, r.fn)
		Score1.RegisterBatch(r.info.Name, score1Batch(r.batch))
		asmHelpers[r.info.Asm[0]+"Batch"] = true
	}
}
