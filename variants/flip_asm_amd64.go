//go:build !purego

package variants

import (
	"fmt"
	"unsafe"
)

// boardXWords views a batch of BoardX as the (P, O, x) words the assembly
// batch forms read.
func boardXWords(in []BoardX) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(in))), 3*len(in))
}

// flipBatch adapts an assembly flip batch to FlipBatchFunc.
func flipBatch(fn func(in, out []uint64)) FlipBatchFunc {
	return func(in []BoardX, out []uint64) { fn(boardXWords(in), out[:len(in)]) }
}

func init() {
	// Ranks follow per-call times measured on Zen 5 (flipbench bench, 20
	// interleaved runs): avx512-lzcnt 5.9 ns, avx2-ppfill 6.9, bmi2-pext
	// 9.6, sse2 12.6, Go kindergarten 12.3, Go bitscan 15.3, bitscan-lzcnt
	// 18.9 (reference 180). PEXT runs on the GP ports: in the perft tail
	// beside vector moves it is as fast as ppfill, but per call it is not.
	for _, v := range []struct {
		info  Info
		fn    FlipFunc
		batch func(in, out []uint64)
	}{
		{Info{Name: "sse2", Rank: 11, Asm: []string{"flipSSE2"},
			Note: "SSE2: LS1B on the up rays, smeared MS1B on the down rays, two rays per XMM"}, flipSSE2, flipSSE2Batch},
		{Info{Name: "avx2-ppfill", Rank: 20, Asm: []string{"flipAVX2PPFill"},
			Note: "AVX2 (Edax-AVX ppfill): LS1B up, parallel-prefix fill for MS1B down, four rays per YMM"}, flipAVX2PPFill, flipAVX2PPFillBatch},
		{Info{Name: "avx512-lzcnt", Rank: 30, Asm: []string{"flipAVX512LZCNT"},
			Note: "AVX-512CD/VL in YMM: LS1B up, VPLZCNTQ down, validity in mask registers"}, flipAVX512LZCNT, flipAVX512LZCNTBatch},
		{Info{Name: "bmi2-pext", Rank: 15, UsesPEXT: true, Asm: []string{"flipBMI2PEXT"},
			Note: "BMI2: PEXT each line into a byte, outflank and flipped tables, PDEP back"}, flipBMI2PEXT, flipBMI2PEXTBatch},
		{Info{Name: "bitscan-lzcnt", Rank: 8, Asm: []string{"flipBitscanLZCNT"},
			Note: "GP registers: LS1B by NEG/AND up, LZCNT down, branch-free"}, flipBitscanLZCNT, flipBitscanLZCNTBatch},
		// Edax-AVX's other non-AVX forms, ranked below the forms above
		{Info{Name: "sse-bitscan", Rank: 6, Asm: []string{"flipSSEBitscan"},
			Note: "Edax-AVX flip_sse_bitscan: carry propagation up, two rays per XMM; BSR down (last square as guard)"}, flipSSEBitscan, flipSSEBitscanBatch},
		{Info{Name: "sse-bitscan-lzcnt", Rank: 7, Asm: []string{"flipSSEBitscanLZCNT"},
			Note: "Edax-AVX flip_sse_bitscan with LZCNT: carry propagation up, two rays per XMM; LZCNT down"}, flipSSEBitscanLZCNT, flipSSEBitscanLZCNTBatch},
		{Info{Name: "roxane", Rank: 3, Asm: []string{"flipRoxane"},
			Note: "Edax flip_roxane: a table of 64 per-square functions, masks as immediates, carry and BSR, a branch per ray"}, flipRoxane, flipRoxaneBatch},
	} {
		Flip.Register(v.info, v.fn)
		Flip.RegisterBatch(v.info.Name, flipBatch(v.batch))
		asmHelpers[v.info.Asm[0]+"Batch"] = true
	}
	// roxane's per-square functions, reached through its table
	for x := 0; x < 64; x++ {
		asmHelpers[fmt.Sprintf("flipRoxane%c%d", 'A'+x&7, x>>3+1)] = true
	}
}
