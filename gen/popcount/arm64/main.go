// Command arm64 generates popcount's arm64 variants: NEON CNT counts the
// bits of each byte and UADDLV adds the bytes, two words per vector.
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("popcount/arm64")
	cnt(g.Func("popcountCNT", "func(in []uint64) int",
		"popcountCNT sums the popcounts of in two words at a time with NEON CNT and UADDLV.", "ASIMD").
		Register(Variant{Kernel: "Popcount", Name: "neon-cnt", Rank: 2, Note: "NEON CNT + UADDLV, two words per iteration"}), 1)
	cnt(g.Func("popcountCNTx4", "func(in []uint64) int",
		"popcountCNTx4 sums the popcounts of in eight words at a time: four CNTs added as bytes, one UADDLV.", "ASIMD").
		Register(Variant{Kernel: "Popcount", Name: "neon-cnt-x4", Rank: 3, Note: "NEON CNT on four vectors, bytes added before one UADDLV: eight words per iteration"}), 4)
	sve(g.Func("popcountSVE", "func(in []uint64) int",
		"popcountSVE sums the popcounts of in a vector at a time, vector-length agnostic: WHILELO, LD1D, CNT, ADD, then one UADDV.", "SVE").
		Register(Variant{Kernel: "Popcount", Name: "sve-cnt", Rank: 1, Note: "SVE CNT per 64-bit element, WHILELO loop of any vector length, one UADDV"}))
	g.Generate()
}

// sve: R0 the words, R1 their count, R10 the index.
func sve(f *Func) {
	f.I("MOVD", f.Base("in"), "R0")
	f.I("MOVD", f.Len("in"), "R1")
	f.I("MOVD", "ZR", "R10")
	f.Enc(PTRUE(1))
	f.Enc(DUPI(2, 0))
	f.Label("loop")
	f.Enc(WHILELO(0, 10, 1))
	f.I("BEQ", "done")
	f.Enc(LD1D(0, 0, 0, 10))
	f.Enc(CNT(0, 0, 0))
	f.Enc(ADD(2, 0, 0))
	f.Enc(INCD(10))
	f.I("B", "loop")
	f.Label("done")
	f.Enc(UADDV(0, 1, 2))
	f.I("FMOVD", "F0", "R2")
	f.I("MOVD", "R2", f.Arg("ret"))
	f.I("RET")
}

// cnt emits the loop over vecs vectors (two words each) per iteration,
// then two words, then one.
func cnt(f *Func, vecs int) {
	f.I("MOVD", f.Base("in"), "R0")
	f.I("MOVD", f.Len("in"), "R1")
	f.I("MOVD", "ZR", "R2")
	if vecs > 1 {
		f.Label("wide")
		f.I("CMP", Imm(uint64(2*vecs)), "R1")
		f.I("BLT", "pair")
		f.I("VLD1.P", "64(R0)", "[V0.B16, V1.B16, V2.B16, V3.B16]")
		for i := 0; i < 4; i++ {
			f.I("VCNT", V(i, "B16"), V(i, "B16"))
		}
		// at most 4 x 8 = 32 per byte: no carry out of a byte
		f.I("VADD", V(1, "B16"), V(0, "B16"), V(0, "B16"))
		f.I("VADD", V(3, "B16"), V(2, "B16"), V(2, "B16"))
		f.I("VADD", V(2, "B16"), V(0, "B16"), V(0, "B16"))
		f.I("VUADDLV", V(0, "B16"), "V0")
		f.I("VMOV", "V0.H[0]", "R3")
		f.I("ADD", "R3", "R2", "R2")
		f.I("SUB", Imm(uint64(2*vecs)), "R1", "R1")
		f.I("B", "wide")
	}
	f.Label("pair")
	f.I("CMP", Imm(2), "R1")
	f.I("BLT", "single")
	f.I("VLD1.P", "16(R0)", "[V0.B16]")
	f.CountV(0, 3)
	f.I("ADD", "R3", "R2", "R2")
	f.I("SUB", Imm(2), "R1", "R1")
	f.I("B", "pair")
	f.Label("single")
	f.I("CBZ", "R1", "done")
	f.I("FMOVD", "(R0)", "F0")
	f.I("VCNT", V(0, "B8"), V(0, "B8"))
	f.I("VUADDLV", V(0, "B8"), "V0")
	f.I("VMOV", "V0.H[0]", "R3")
	f.I("ADD", "R3", "R2", "R2")
	f.Label("done")
	f.I("MOVD", "R2", f.Arg("ret"))
	f.I("RET")
}
