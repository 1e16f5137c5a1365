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
	movesKSGP(g.Func("movesKoggeStoneGP", "func(P, O uint64) uint64",
		"movesKoggeStoneGP is get_moves with Edax's doubling fill: two single steps, then two steps of two through squares whose predecessor is O too.").
		Register(Variant{Kernel: "Moves", Name: "arm64-kogge-stone", Rank: 4, Note: "arm64 shifted operands, Edax's doubling fill: four steps a direction"}))
	movesKSNEON(g.Func("movesKoggeStoneNEON", "func(P, O uint64) uint64",
		"movesKoggeStoneNEON is the doubling fill in the two NEON lanes of the board and the board turned half a turn.", "ASIMD").
		Register(Variant{Kernel: "Moves", Name: "neon-rbit-kogge-stone", Rank: 3, Note: "NEON two-lane board and RBIT board, Edax's doubling fill: four steps a direction"}))
	dirs := g.Table("movesSVEDirs", sveDirs(Dirs))
	movesSVE(g.Func("movesSVE", "func(P, O uint64) uint64",
		"movesSVE runs a direction per SVE element, shifted by its own count (LSL by vector), the downward ones on the board turned half a turn.", "SVE").
		Register(Variant{Kernel: "Moves", Name: "sve-lanes", Rank: 1, Note: "SVE: a direction per 64-bit element (LSL by vector), downward ones on the RBIT board, ORV"}), dirs, false)
	dirs = g.Table("potentialSVEDirs", sveDirs(potentialDirs))
	movesSVE(g.Func("potentialMovesSVE", "func(P, O uint64) uint64",
		"potentialMovesSVE shifts each direction's inner discs in its own SVE element, the downward ones on the board turned half a turn.", "SVE").
		Register(Variant{Kernel: "PotentialMoves", Name: "sve-lanes", Rank: 1, Note: "SVE: a direction per 64-bit element (LSL by vector), downward ones on the RBIT board, ORV"}), dirs, true)
	g.Generate()
}

// sveDirs is the table of the SVE forms: eight shift counts, the four
// directions twice (the second four on the turned board), then their
// eight masks (the same on the turned board: each is symmetric).
func sveDirs(dirs []dir) []uint64 {
	out := make([]uint64, 16)
	for i := 0; i < 8; i++ {
		out[i] = uint64(dirs[i%4].Shift)
		out[8+i] = dirs[i%4].Mask
	}
	return out
}

// movesSVE: R9 the shifts, R12 the masks, R10 the element index; Z20-Z23
// P, O and both turned; Z24 the result. With potential, a direction's
// inner discs shifted once; else the six-step fill.
func movesSVE(f *Func, table string, potential bool) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", "$"+table+"(SB)", "R9")
	f.I("ADD", "$64", "R9", "R12")
	f.SVEBoards()
	f.Label("dirs")
	f.Enc(WHILELO(0, 10, 11))
	f.I("BEQ", "dirsdone")
	f.Enc(LD1D(0, 0, 9, 10))  // shifts (0 where inactive)
	f.Enc(LD1D(1, 0, 12, 10)) // masks (0 where inactive)
	f.Enc(INDEX(2, 10, 1))
	f.Enc(CMPHS(2, 0, 2, 4)) // P2: the downward directions
	f.Enc(SEL(3, 2, 22, 20)) // P per element
	f.Enc(SEL(4, 2, 23, 21)) // O per element
	f.Enc(AND(1, 1, 4))      // O's squares a run may cross
	if potential {
		f.Enc(ORR(5, 1, 1))
	} else {
		f.Enc(ORR(5, 3, 3))
		f.Enc(LSLV(5, 1, 0))
		f.Enc(AND(5, 5, 1))
		for i := 0; i < 5; i++ {
			f.Enc(ORR(6, 5, 5))
			f.Enc(LSLV(6, 1, 0))
			f.Enc(AND(6, 6, 1))
			f.Enc(ORR(5, 5, 6))
		}
	}
	f.Enc(LSLV(5, 1, 0))
	f.Enc(RBIT(5, 2, 5)) // the downward directions turned back
	f.Enc(ORR(24, 24, 5))
	f.Enc(INCD(10))
	f.I("B", "dirs")
	f.Label("dirsdone")
	f.Enc(ORV(0, 1, 24))
	f.I("FMOVD", "F0", "R3")
	empties(f, "R3")
}

// movesKSGP: R3 the fill, R4 scratch, R5 the squares whose predecessor
// is O too.
func movesKSGP(f *Func) {
	gpMoves(f, Dirs, func(d dir, sh string) {
		s1, s2 := sh+fmt.Sprint(d.Shift), sh+fmt.Sprint(2*d.Shift)
		f.I("AND", "R0"+s1, "R2", "R3")
		f.I("AND", "R3"+s1, "R2", "R4")
		f.I("ORR", "R4", "R3", "R3")
		f.I("AND", "R2"+s1, "R2", "R5")
		for i := 0; i < 2; i++ {
			f.I("AND", "R3"+s2, "R5", "R4")
			f.I("ORR", "R4", "R3", "R3")
		}
		f.I("ORR", "R3"+s1, "R10", "R10")
	})
}

// movesKSNEON: V3 the fill, V4 scratch, V7 the squares whose
// predecessor is O too.
func movesKSNEON(f *Func) {
	shl := func(n, src, dst int) { f.I("VSHL", fmt.Sprintf("$%d", n), V(src, "D2"), V(dst, "D2")) }
	and := func(a, b, dst int) { f.I("VAND", V(a, "B16"), V(b, "B16"), V(dst, "B16")) }
	or := func(a, b, dst int) { f.I("VORR", V(a, "B16"), V(b, "B16"), V(dst, "B16")) }
	neonMoves(f, Dirs, true, func(d dir) {
		shl(d.Shift, 0, 3)
		and(2, 3, 3)
		shl(d.Shift, 3, 4)
		and(2, 4, 4)
		or(4, 3, 3)
		shl(d.Shift, 2, 7)
		and(2, 7, 7)
		for i := 0; i < 2; i++ {
			shl(2*d.Shift, 3, 4)
			and(7, 4, 4)
			or(4, 3, 3)
		}
		shl(d.Shift, 3, 3)
		or(3, 5, 5)
	})
}

// dir is a direction: its shift and the mask of the squares a run may
// cross.
type dir = struct {
	Shift int
	Mask  uint64
}

// gpMoves emits the frame of the general-register forms: R0 = P, R1 = O,
// for each direction R2 = O & its mask and body once per way the shift
// goes ("<<", ">>"), ORing into R10; the result less the occupied squares.
func gpMoves(f *Func, dirs []dir, body func(d dir, sh string)) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	f.I("MOVD", "ZR", "R10")
	for _, d := range dirs {
		f.I("MOVD", Imm(d.Mask), "R2")
		f.I("AND", "R1", "R2", "R2")
		for _, sh := range []string{"<<", ">>"} {
			body(d, sh)
		}
	}
	empties(f, "R10")
}

// neonMoves emits the frame of the two-lane NEON forms: V0 = P (if
// withP) and V1 = O, each with the board turned half a turn in lane 1;
// for each direction V2 = O & its mask and body, which ORs into V5; the
// lanes joined, less the occupied squares.
func neonMoves(f *Func, dirs []dir, withP bool, body func(d dir)) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	if withP {
		f.Lanes(0, 2, 0)
	}
	f.Lanes(1, 2, 1)
	f.I("VEOR", V(5, "B16"), V(5, "B16"), V(5, "B16"))
	for _, d := range dirs {
		f.I("MOVD", Imm(d.Mask), "R2")
		f.I("VDUP", "R2", V(2, "D2"))
		f.I("VAND", V(1, "B16"), V(2, "B16"), V(2, "B16"))
		body(d)
	}
	f.Unlanes(5, 3, 4)
	empties(f, "R3")
}

// empties returns R(reg) less P's and O's squares (R0, R1).
func empties(f *Func, reg string) {
	f.I("ORR", "R0", "R1", "R5")
	f.I("BIC", "R5", reg, reg)
	f.I("MOVD", reg, f.Arg("ret"))
	f.I("RET")
}

// Edax's get_moves: the six-step fill per direction and way.
func movesGP(f *Func) {
	gpMoves(f, Dirs, func(d dir, sh string) {
		f.FillGP(3, 0, 2, 4, sh, d.Shift)
		f.I("ORR", R(3)+sh+fmt.Sprint(d.Shift), "R10", "R10")
	})
}

// V3 the fill, V4 scratch.
func movesNEON(f *Func) {
	neonMoves(f, Dirs, true, func(d dir) {
		f.FillNEON(3, 0, 2, 4, d.Shift)
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(3, "D2"), V(3, "D2"))
		f.I("VORR", V(3, "B16"), V(5, "B16"), V(5, "B16"))
	})
}

// Each direction's inner O discs, shifted both ways, ORed.
func potentialGP(f *Func) {
	gpMoves(f, potentialDirs, func(d dir, sh string) {
		f.I("ORR", R(2)+sh+fmt.Sprint(d.Shift), "R10", "R10")
	})
}

func potentialNEON(f *Func) {
	neonMoves(f, potentialDirs, false, func(d dir) {
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(2, "D2"), V(2, "D2"))
		f.I("VORR", V(2, "B16"), V(5, "B16"), V(5, "B16"))
	})
}

// potentialDirs: a disc has a square on both sides of it vertically
// unless on the first or last row.
var potentialDirs = []dir{
	{1, 0x7e7e7e7e7e7e7e7e},
	{8, 0x00ffffffffffff00},
	{9, 0x007e7e7e7e7e7e00},
	{7, 0x007e7e7e7e7e7e00},
}
