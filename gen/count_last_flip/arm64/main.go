// Command arm64 generates count_last_flip's arm64 variants: the flip of
// the last empty square (O is every other square) counted with CNT.
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("count_last_flip/arm64")
	bitscan(g.Func("countLastFlipBitscan", "func(P uint64, x int) int",
		"countLastFlipBitscan is flip_bitscan on the full board, its flipped discs counted with CNT.", "ASIMD").
		Register(Variant{Kernel: "CountLastFlip", Name: "arm64-bitscan-cnt", Rank: 4, Note: "arm64: flip_bitscan with O = ^P &^ x, CNT + UADDLV"}))
	neon(g.Func("countLastFlipNEON", "func(P uint64, x int) int",
		"countLastFlipNEON is the NEON fill flip on the full board; CNT counts both lanes at once, as they are disjoint.", "ASIMD").
		Register(Variant{Kernel: "CountLastFlip", Name: "neon-fill-cnt", Rank: 3, Note: "NEON: the two-lane fill flip with O = ^P &^ x, both lanes counted by one CNT + UADDLV"}))
	sve(g.Func("countLastFlipSVE", "func(P uint64, x int) int",
		"countLastFlipSVE is the SVE flip_bitscan on the full board, each element's flips counted by CNT, summed by UADDV.", "SVE").
		Register(Variant{Kernel: "CountLastFlip", Name: "sve-bitscan-cnt", Rank: 1, Note: "SVE: a ray per element with O = ^P &^ x, CNT per element, UADDV"}))
	g.Generate()
}

func sve(f *Func) {
	full(f)
	f.FlipSVE(Shared(SVERaysTable), true)
	f.Enc(UADDV(0, 1, 24))
	f.I("FMOVD", "F0", "R3")
	f.I("LSL", "$1", "R3", "R3")
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")
}

// full loads P into R0, x into R7 and the rest of the board into R1.
func full(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("x"), "R7")
	f.I("MOVD", "$1", "R2")
	f.I("LSL", "R7", "R2", "R2")
	f.I("ORR", "R0", "R2", "R1")
	f.I("MVN", "R1", "R1")
}

func bitscan(f *Func) {
	full(f)
	f.FlipBitscan(Shared(RaysTable))
	f.CountGP(10, 10)
	f.I("LSL", "$1", "R10", "R10")
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
}

func neon(f *Func) {
	full(f)
	f.FlipNEON()
	f.CountV(6, 3)
	f.I("LSL", "$1", "R3", "R3")
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")
}
