package arm64asm

import "fmt"

// Lanes loads R(src) and its bit reversal (the board turned half a turn)
// into the two lanes of V(v).
func (f *Func) Lanes(src, tmp, v int) {
	f.I("RBIT", R(src), R(tmp))
	f.I("VMOV", R(src), V(v, "D[0]"))
	f.I("VMOV", R(tmp), V(v, "D[1]"))
}

// Unlanes ORs lane 0 of V(v) and lane 1 turned back into R(dst).
func (f *Func) Unlanes(v, dst, tmp int) {
	f.I("VMOV", V(v, "D[0]"), R(dst))
	f.I("VMOV", V(v, "D[1]"), R(tmp))
	f.I("RBIT", R(tmp), R(tmp))
	f.I("ORR", R(tmp), R(dst), R(dst))
}

// FlipNEON emits the NEON fill flip: R0 = P, R1 = O, R7 = x; V6 gets
// the flipped discs, lane 0 on the board, lane 1 on the board turned half
// a turn (the lanes are disjoint). It uses R2, R3, R8 and V0-V5.
func (f *Func) FlipNEON() {
	f.I("MOVD", "$1", "R2")
	f.I("LSL", "R7", "R2", "R2")
	f.Lanes(0, 8, 0)
	f.Lanes(1, 8, 1)
	f.Lanes(2, 8, 2)
	f.I("VEOR", V(6, "B16"), V(6, "B16"), V(6, "B16"))
	for _, d := range Dirs {
		f.I("MOVD", Imm(d.Mask), "R3")
		f.I("VDUP", "R3", V(3, "D2"))
		f.I("VAND", V(1, "B16"), V(3, "B16"), V(3, "B16"))
		f.FillNEON(4, 2, 3, 5, d.Shift)
		// a lane's run is kept if the square after it is P's
		f.I("VSHL", fmt.Sprintf("$%d", d.Shift), V(4, "D2"), V(5, "D2"))
		f.I("VCMTST", V(0, "D2"), V(5, "D2"), V(5, "D2"))
		f.I("VAND", V(5, "B16"), V(4, "B16"), V(4, "B16"))
		f.I("VORR", V(4, "B16"), V(6, "B16"), V(6, "B16"))
	}
}

// CountGP counts the set bits of R(src) into R(dst) on NEON (CNT per
// byte, UADDLV), through V0: arm64 has no scalar popcount.
func (f *Func) CountGP(src, dst int) {
	f.I("FMOVD", R(src), "F0")
	f.I("VCNT", V(0, "B8"), V(0, "B8"))
	f.I("VUADDLV", V(0, "B8"), "V0")
	f.I("VMOV", "V0.H[0]", R(dst))
}

// CountV counts the set bits of both lanes of V(v) into R(dst).
func (f *Func) CountV(v, dst int) {
	f.I("VCNT", V(v, "B16"), V(v, "B16"))
	f.I("VUADDLV", V(v, "B16"), fmt.Sprintf("V%d", v))
	f.I("VMOV", fmt.Sprintf("V%d.H[0]", v), R(dst))
}
