// Command arm64 generates flip's arm64 variants and count_last_flip's on
// them: the six-step fill from x per direction, on general registers and
// on NEON lanes (the board, and the board turned half a turn by RBIT),
// keeping a direction's run only where P closes it.
package main

import (
	"fmt"

	. "github.com/flipbench/flipbench/gen/internal/arm64asm"
)

func main() {
	g := New("flip/arm64")
	flipGP(g.Func("flipFillGP", "func(P, O uint64, x int) uint64",
		"flipFillGP fills each of the eight directions from x through O on general registers and keeps the runs P closes (CSEL).").
		Register(Variant{Kernel: "Flip", Name: "arm64-fill", Rank: 2, Note: "arm64: six-step fill per direction on general registers, CSEL keeps closed runs"}))
	neon(g.Func("flipFillNEON", "func(P, O uint64, x int) uint64",
		"flipFillNEON fills four directions in each of two NEON lanes (the board and the board turned half a turn) and keeps the runs P closes (CMTST).", "ASIMD").
		Register(Variant{Kernel: "Flip", Name: "neon-fill", Rank: 3, Note: "NEON: board and RBIT board in two lanes, four fills for eight directions, CMTST keeps closed runs"}))
	g.SharedTable(RaysTable, Rays())
	bitscan(g.Func("flipBitscan", "func(P, O uint64, x int) uint64",
		"flipBitscan is Edax's flip_bitscan, its arm64 default: per direction the first square that is not O, by NEG/AND upward and CLZ downward.").
		Register(Variant{Kernel: "Flip", Name: "arm64-bitscan", Rank: 4, Note: "arm64: Edax flip_bitscan, first non-O square per ray by NEG/AND and CLZ, rays from a table"}))
	g.SharedTable(SVERaysTable, SVERays())
	sve(g.Func("flipBitscanSVE", "func(P, O uint64, x int) uint64",
		"flipBitscanSVE is flip_bitscan with one ray per SVE element (the downward ones on the board turned half a turn), reduced by ORV.", "SVE").
		Register(Variant{Kernel: "Flip", Name: "sve-bitscan", Rank: 1, Note: "SVE: a ray per 64-bit element (every ray at once from 512 bits), lowest bit by NEG/AND on RBIT-turned downward rays, ORV"}))
	g.Generate()
}

func sve(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", f.Arg("x"), "R7")
	f.FlipSVE(Shared(SVERaysTable), false)
	f.Enc(ORV(0, 1, 24))
	f.I("FMOVD", "F0", "R3")
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")
}

func bitscan(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", f.Arg("x"), "R7")
	f.FlipBitscan(Shared(RaysTable))
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
}

// flipGP: R0 = P, R1 = O, R2 = x's bit, R3 the masked O, R4 the fill,
// R5 scratch, R6 the closing test, R10 the result.
func flipGP(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", f.Arg("x"), "R7")
	f.I("MOVD", "$1", "R2")
	f.I("LSL", "R7", "R2", "R2")
	f.I("MOVD", "ZR", "R10")
	for _, d := range Dirs {
		f.I("MOVD", Imm(d.Mask), "R3")
		f.I("AND", "R1", "R3", "R3")
		for _, sh := range []string{"<<", ">>"} {
			f.FillGP(4, 2, 3, 5, sh, d.Shift)
			// keep the run if the square after it is P's
			f.I("TST", R(4)+sh+fmt.Sprint(d.Shift), "R0")
			f.I("CSEL", "NE", "R4", "ZR", "R4")
			f.I("ORR", "R4", "R10", "R10")
		}
	}
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
}

func neon(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", f.Arg("x"), "R7")
	f.FlipNEON()
	f.Unlanes(6, 3, 4)
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")
}
