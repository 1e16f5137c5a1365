// Command arm64 generates the arm64 variants of moves and
// potential_moves: Edax's shift fills on general registers, and on NEON
// with the board in lane 0 and the board turned half a turn (RBIT) in
// lane 1, so that each left shift walks two opposite directions.
package main

import (
	"fmt"

	. "github.com/flipbench/flipbench/gen/internal/arm64asm"
)

func main() {
	g := New("moves/arm64")
	movesGP(g.Func("movesShiftGP", "func(P, O uint64) uint64",
		"movesShiftGP is Edax's get_moves fill on general registers: eight directions, shifted operands.").
		Register(Variant{Kernel: "Moves", Name: "arm64-shift", Rank: 4, Note: "arm64 shifted-operand AND/ORR, eight six-step fills"}))
	movesNEON(g.Func("movesNEON", "func(P, O uint64) uint64",
		"movesNEON runs the fill in the two 64-bit lanes of NEON registers: the board and the board turned half a turn, four shifts for eight directions.", "ASIMD").
		Register(Variant{Kernel: "Moves", Name: "neon-rbit", Rank: 3, Note: "NEON: board and RBIT board in two lanes, four VSHL fills for eight directions"}))
	potentialGP(g.Func("potentialMovesShiftGP", "func(P, O uint64) uint64",
		"potentialMovesShiftGP is Edax's get_potential_moves on general registers.").
		Register(Variant{Kernel: "PotentialMoves", Name: "arm64-shift", Rank: 4, Note: "arm64 shifted-operand ORR, both ways per direction"}))
	potentialNEON(g.Func("potentialMovesNEON", "func(P, O uint64) uint64",
		"potentialMovesNEON is get_potential_moves with the board and the board turned half a turn in two NEON lanes.", "ASIMD").
		Register(Variant{Kernel: "PotentialMoves", Name: "neon-rbit", Rank: 3, Note: "NEON: board and RBIT board in two lanes, four VSHL for eight directions"}))
	g.Generate()
}

// R0 = P, R1 = O; R2.. masks and fills; R10 the result.
func movesGP(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", "ZR", "R10")
	for _, d := range Dirs {
		f.I("MOVD", Imm(d.Mask), "R2")
		f.I("AND", "R1", "R2", "R2")
		for _, sh := range []string{"<<", ">>"} {
			f.FillGP(3, 0, 2, 4, sh, d.Shift)
			f.I("ORR", R(3)+sh+fmt.Sprint(d.Shift), "R10", "R10")
		}
	}
	f.I("ORR", "R0", "R1", "R5")
	f.I("BIC", "R5", "R10", "R10")
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
}

// V0 = P, V1 = O, V2 the masked O, V3 the fill, V4 scratch, V5 the result.
func movesNEON(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.Lanes(0, 2, 0)
	f.Lanes(1, 2, 1)
	f.I("VEOR", V(5, "B16"), V(5, "B16"), V(5, "B16"))
	for _, d := range Dirs {
		f.I("MOVD", Imm(d.Mask), "R2")
		f.I("VDUP", "R2", V(2, "D2"))
		f.I("VAND", V(1, "B16"), V(2, "B16"), V(2, "B16"))
		f.FillNEON(3, 0, 2, 4, d.Shift)
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(3, "D2"), V(3, "D2"))
		f.I("VORR", V(3, "B16"), V(5, "B16"), V(5, "B16"))
	}
	f.Unlanes(5, 3, 4)
	f.I("ORR", "R0", "R1", "R5")
	f.I("BIC", "R5", "R3", "R3")
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")
}

// Each direction's inner O discs, shifted both ways, ORed.
func potentialGP(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", "ZR", "R10")
	for _, d := range potentialDirs {
		f.I("MOVD", Imm(d.Mask), "R2")
		f.I("AND", "R1", "R2", "R2")
		f.I("ORR", R(2)+"<<"+fmt.Sprint(d.Shift), "R10", "R10")
		f.I("ORR", R(2)+">>"+fmt.Sprint(d.Shift), "R10", "R10")
	}
	f.I("ORR", "R0", "R1", "R5")
	f.I("BIC", "R5", "R10", "R10")
	f.I("MOVD", "R10", f.Arg("ret"))
	f.I("RET")
}

func potentialNEON(f *Func) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.Lanes(1, 2, 1)
	f.I("VEOR", V(5, "B16"), V(5, "B16"), V(5, "B16"))
	for _, d := range potentialDirs {
		f.I("MOVD", Imm(d.Mask), "R2")
		f.I("VDUP", "R2", V(2, "D2"))
		f.I("VAND", V(1, "B16"), V(2, "B16"), V(2, "B16"))
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(2, "D2"), V(2, "D2"))
		f.I("VORR", V(2, "B16"), V(5, "B16"), V(5, "B16"))
	}
	f.Unlanes(5, 3, 4)
	f.I("ORR", "R0", "R1", "R5")
	f.I("BIC", "R5", "R3", "R3")
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")
}

// potentialDirs: a disc has a square on both sides of it vertically
// unless on the first or last row.
var potentialDirs = []struct {
	Shift int
	Mask  uint64
}{
	{1, 0x7e7e7e7e7e7e7e7e},
	{8, 0x00ffffffffffff00},
	{9, 0x007e7e7e7e7e7e00},
	{7, 0x007e7e7e7e7e7e00},
}
