// Command arm64 generates score_1's arm64 variants: Edax's board_score_1
// on each arm64 count_last_flip (bitscan, NEON fill, SVE), the pass
// fix-up with a branch only where O must be tried.
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("score_1/arm64")
	score1(g.Func("score1Bitscan", "func(P uint64, alpha int, x int) int",
		"score1Bitscan is board_score_1 on flip_bitscan counted by CNT.", "ASIMD").
		Register(Variant{Kernel: "Score1", Name: "arm64-bitscan", Rank: 4, Note: "arm64: board_score_1 on count_last_flip arm64-bitscan-cnt"}),
		func(f *Func) {
			f.FlipBitscan(Shared(RaysTable))
			f.CountGP(10, 3)
		})
	score1(g.Func("score1NEON", "func(P uint64, alpha int, x int) int",
		"score1NEON is board_score_1 on the two-lane NEON fill, both lanes counted by one CNT.", "ASIMD").
		Register(Variant{Kernel: "Score1", Name: "neon-fill", Rank: 3, Note: "NEON: board_score_1 on count_last_flip neon-fill-cnt"}),
		func(f *Func) {
			f.FlipNEON()
			f.CountV(6, 3)
		})
	score1(g.Func("score1SVE", "func(P uint64, alpha int, x int) int",
		"score1SVE is board_score_1 on the SVE flip_bitscan, a ray per element.", "ASIMD", "SVE").
		Register(Variant{Kernel: "Score1", Name: "sve-bitscan", Rank: 1, Note: "SVE: board_score_1 on count_last_flip sve-bitscan-cnt"}),
		func(f *Func) {
			f.FlipSVE(Shared(SVERaysTable), true)
			f.Enc(UADDV(0, 1, 24))
			f.I("FMOVD", "F0", "R3")
		})
	g.Generate()
}

// score1 emits the skeleton around count, which from R0 = P, R1 = O and
// R7 = x leaves the number of flipped discs in R3 (it may use R2-R11 and
// the vector registers). R12 = alpha, R13 = score, R14 = P.
func score1(f *Func, count func(*Func)) {
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("alpha"), "R12")
	f.I("MOVD", f.Arg("x"), "R7")
	f.I("MOVD", "R0", "R14")
	// score = 2 * popcount(P) - 62: x counted for P
	f.CountGP(0, 13)
	f.I("LSL", "$1", "R13", "R13")
	f.I("SUB", "$62", "R13", "R13")
	// O is every square but P's and x
	f.I("MOVD", "$1", "R2")
	f.I("LSL", "R7", "R2", "R2")
	f.I("ORR", "R0", "R2", "R1")
	f.I("MVN", "R1", "R1")
	f.I("MOVD", "R1", "R15")
	count(f)
	f.I("CBZ", "R3", "pass")
	f.I("ADD", "R3<<1", "R13", "R13")
	f.I("MOVD", "R13", f.Arg("ret"))
	f.I("RET")
	f.Label("pass")
	// x goes to the winner: 2 less for P unless P leads
	f.I("SUB", "$1", "R13", "R4")
	f.I("LSR", "$63", "R4", "R4")
	f.I("SUB", "R4<<1", "R13", "R4")
	f.I("CMP", "R12", "R4")
	f.I("BGT", "opponent")
	f.I("MOVD", "R4", f.Arg("ret"))
	f.I("RET")
	f.Label("opponent")
	f.I("MOVD", "R15", "R0")
	f.I("MOVD", "R14", "R1")
	count(f)
	// score - 2o - 2 if neither can play (o = 0) or P does not lead
	f.I("LSL", "$1", "R3", "R3")
	f.I("NEG", "R3", "R4")
	f.I("SUB", "$1", "R13", "R5")
	f.I("ORR", "R5", "R4", "R4")
	f.I("LSR", "$63", "R4", "R4")
	f.I("SUB", "R3", "R13", "R13")
	f.I("SUB", "R4<<1", "R13", "R13")
	f.I("MOVD", "R13", f.Arg("ret"))
	f.I("RET")
}
