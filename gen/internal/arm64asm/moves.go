package arm64asm

// The frames of the arm64 moves and potential_moves variants
// (gen/moves/arm64, gen/potential_moves/arm64): general registers, two
// NEON lanes, or a direction per SVE element.

// Dir is a direction: its shift and the mask of the squares a run may
// cross.
type Dir = struct {
	Shift int
	Mask  uint64
}

// GPMoves emits the frame of the general-register forms: R0 = P, R1 = O,
// for each direction R2 = O & its mask and body once per way the shift
// goes ("<<", ">>"), ORing into R10; the result less the occupied squares.
func GPMoves(f *Func, dirs []Dir, body func(d Dir, sh string)) {
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
	Empties(f, "R10")
}

// NEONMoves emits the frame of the two-lane NEON forms: V0 = P (if
// withP) and V1 = O, each with the board turned half a turn in lane 1;
// for each direction V2 = O & its mask and body, which ORs into V5; the
// lanes joined, less the occupied squares.
func NEONMoves(f *Func, dirs []Dir, withP bool, body func(d Dir)) {
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
	Empties(f, "R3")
}

// Empties returns R(reg) less P's and O's squares (R0, R1).
func Empties(f *Func, reg string) {
	f.I("ORR", "R0", "R1", "R5")
	f.I("BIC", "R5", reg, reg)
	f.I("MOVD", reg, f.Arg("ret"))
	f.I("RET")
}

// SVEDirs is the table of the SVE forms: eight shift counts, the four
// directions twice (the second four on the turned board), then their
// eight masks (the same on the turned board: each is symmetric).
func SVEDirs(dirs []Dir) []uint64 {
	out := make([]uint64, 16)
	for i := 0; i < 8; i++ {
		out[i] = uint64(dirs[i%4].Shift)
		out[8+i] = dirs[i%4].Mask
	}
	return out
}

// SVEFill: R9 the shifts, R12 the masks, R10 the element index; Z20-Z23
// P, O and both turned; Z24 the result. With potential, a direction's
// inner discs shifted once; else the six-step fill.
func SVEFill(f *Func, table string, potential bool) {
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
	f.Enc(CMPHS(2, 0, 2, 4)) // P2: the downward Directions
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
	f.Enc(RBIT(5, 2, 5)) // the downward Directions turned back
	f.Enc(ORR(24, 24, 5))
	f.Enc(INCD(10))
	f.I("B", "dirs")
	f.Label("dirsdone")
	f.Enc(ORV(0, 1, 24))
	f.I("FMOVD", "F0", "R3")
	Empties(f, "R3")
}

// PotentialDirs: a disc has a square on both sides of it vertically
// unless on the first or last row.
var PotentialDirs = []Dir{
	{1, 0x7e7e7e7e7e7e7e7e},
	{8, 0x00ffffffffffff00},
	{9, 0x007e7e7e7e7e7e00},
	{7, 0x007e7e7e7e7e7e00},
}
