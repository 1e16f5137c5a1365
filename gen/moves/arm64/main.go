// Command arm64 generates the arm64 variants of moves: Edax's shift fills on general registers, and on NEON
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
	movesKSGP(g.Func("movesKoggeStoneGP", "func(P, O uint64) uint64",
		"movesKoggeStoneGP is get_moves with Edax's doubling fill: two single steps, then two steps of two through squares whose predecessor is O too.").
		Register(Variant{Kernel: "Moves", Name: "arm64-kogge-stone", Rank: 4, Note: "arm64 shifted operands, Edax's doubling fill: four steps a direction"}))
	movesKSNEON(g.Func("movesKoggeStoneNEON", "func(P, O uint64) uint64",
		"movesKoggeStoneNEON is the doubling fill in the two NEON lanes of the board and the board turned half a turn.", "ASIMD").
		Register(Variant{Kernel: "Moves", Name: "neon-rbit-kogge-stone", Rank: 3, Note: "NEON two-lane board and RBIT board, Edax's doubling fill: four steps a direction"}))
	dirs := g.Table("movesSVEDirs", SVEDirs(Dirs))
	SVEFill(g.Func("movesSVE", "func(P, O uint64) uint64",
		"movesSVE runs a direction per SVE element, shifted by its own count (LSL by vector), the downward ones on the board turned half a turn.", "SVE").
		Register(Variant{Kernel: "Moves", Name: "sve-lanes", Rank: 1, Note: "SVE: a direction per 64-bit element (LSL by vector), downward ones on the RBIT board, ORV"}), dirs, false)
	g.Generate()
}

// movesKSGP: R3 the fill, R4 scratch, R5 the squares whose predecessor
// is O too.
func movesKSGP(f *Func) {
	GPMoves(f, Dirs, func(d Dir, sh string) {
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
	NEONMoves(f, Dirs, true, func(d Dir) {
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

// Edax's get_moves: the six-step fill per direction and way.
func movesGP(f *Func) {
	GPMoves(f, Dirs, func(d Dir, sh string) {
		f.FillGP(3, 0, 2, 4, sh, d.Shift)
		f.I("ORR", R(3)+sh+fmt.Sprint(d.Shift), "R10", "R10")
	})
}

// V3 the fill, V4 scratch.
func movesNEON(f *Func) {
	NEONMoves(f, Dirs, true, func(d Dir) {
		f.FillNEON(3, 0, 2, 4, d.Shift)
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(3, "D2"), V(3, "D2"))
		f.I("VORR", V(3, "B16"), V(5, "B16"), V(5, "B16"))
	})
}
