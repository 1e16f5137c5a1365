// Command arm64 generates the arm64 variants of potential_moves: Edax's
// get_potential_moves on general registers, on NEON with the board and
// the board turned half a turn in two lanes, and a direction per SVE
// element (the frames of gen/internal/arm64asm/moves.go).
package main

import (
	"fmt"

	. "github.com/flipbench/flipbench/gen/internal/arm64asm"
)

func main() {
	g := New("potential_moves/arm64")
	potentialGP(g.Func("potentialMovesShiftGP", "func(P, O uint64) uint64",
		"potentialMovesShiftGP is Edax's get_potential_moves on general registers.").
		Register(Variant{Kernel: "PotentialMoves", Name: "arm64-shift", Rank: 4, Note: "arm64 shifted-operand ORR, both ways per direction"}))
	potentialNEON(g.Func("potentialMovesNEON", "func(P, O uint64) uint64",
		"potentialMovesNEON is get_potential_moves with the board and the board turned half a turn in two NEON lanes.", "ASIMD").
		Register(Variant{Kernel: "PotentialMoves", Name: "neon-rbit", Rank: 3, Note: "NEON: board and RBIT board in two lanes, four VSHL for eight directions"}))
	dirs := g.Table("potentialSVEDirs", SVEDirs(PotentialDirs))
	SVEFill(g.Func("potentialMovesSVE", "func(P, O uint64) uint64",
		"potentialMovesSVE shifts each direction's inner discs in its own SVE element, the downward ones on the board turned half a turn.", "SVE").
		Register(Variant{Kernel: "PotentialMoves", Name: "sve-lanes", Rank: 1, Note: "SVE: a direction per 64-bit element (LSL by vector), downward ones on the RBIT board, ORV"}), dirs, true)
	g.Generate()
}

// Each direction's inner O discs, shifted both ways, ORed.
func potentialGP(f *Func) {
	GPMoves(f, PotentialDirs, func(d Dir, sh string) {
		f.I("ORR", R(2)+sh+fmt.Sprint(d.Shift), "R10", "R10")
	})
}

func potentialNEON(f *Func) {
	NEONMoves(f, PotentialDirs, false, func(d Dir) {
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(2, "D2"), V(2, "D2"))
		f.I("VORR", V(2, "B16"), V(5, "B16"), V(5, "B16"))
	})
}
