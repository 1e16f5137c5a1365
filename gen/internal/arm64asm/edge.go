package arm64asm

// EdgeLookups emits the four lookups of Edax's get_stable_edge in the
// package's edgeStab table (index p<<8 | o): R0 = P, R1 = O; the answers
// for the first rank in R10, the last rank in R11, the A file in R12 and
// the H file in R13, each an 8-bit line. The files are gathered by
// multiplication (packA1A8, packH1H8). It uses R2-R9.
func (f *Func) EdgeLookups() {
	f.I("MOVD", "·edgeStab+0(SB)", "R9")
	lookup := func(p, o, dst string) {
		f.I("ORR", p+"<<8", o, "R2")
		f.I("MOVBU", "(R9)(R2)", dst)
	}
	f.I("AND", "$0xff", "R0", "R2")
	f.I("AND", "$0xff", "R1", "R3")
	lookup("R2", "R3", "R10")
	f.I("LSR", "$56", "R0", "R2")
	f.I("LSR", "$56", "R1", "R3")
	lookup("R2", "R3", "R11")
	for _, file := range []struct {
		mask, mul uint64
		dst       string
	}{{0x0101010101010101, 0x0102040810204080, "R12"}, {0x8080808080808080, 0x0002040810204081, "R13"}} {
		f.I("MOVD", Imm(file.mask), "R5")
		f.I("MOVD", Imm(file.mul), "R6")
		f.I("AND", "R5", "R0", "R2")
		f.I("MUL", "R6", "R2", "R2")
		f.I("LSR", "$56", "R2", "R2")
		f.I("AND", "R5", "R1", "R3")
		f.I("MUL", "R6", "R3", "R3")
		f.I("LSR", "$56", "R3", "R3")
		lookup("R2", "R3", file.dst)
	}
}
