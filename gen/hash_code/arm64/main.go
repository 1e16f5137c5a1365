// Command arm64 generates hash_code's arm64 variant: Edax 4.5's hash with
// the CRC32CX instruction (CRC-32C, no inversion, as SSE4.2's CRC32).
package main

import . "github.com/flipbench/flipbench/gen/internal/arm64asm"

func main() {
	g := New("hash_code/arm64")
	f := g.Func("hashCodeCRC32C", "func(P, O uint64) uint64",
		"hashCodeCRC32C is crc = CRC32CX(0, P), hash = crc<<32 | CRC32CX(crc, O).", "CRC32")
	f.I("MOVD", f.Arg("P"), "R0")
	f.I("MOVD", f.Arg("O"), "R1")
	hash(f)
	f.I("MOVD", "R3", f.Arg("ret"))
	f.I("RET")

	b := g.Func("hashCodeCRC32CBatch", "func(in []uint64, out []uint64)",
		"hashCodeCRC32CBatch is hashCodeCRC32C over a batch: in holds len(out) (P, O) pairs.", "CRC32")
	b.I("MOVD", b.Base("in"), "R6")
	b.I("MOVD", b.Base("out"), "R7")
	b.I("MOVD", b.Len("out"), "R8")
	b.Label("loop")
	b.I("CBZ", "R8", "done")
	b.I("LDP.P", "16(R6)", "(R0, R1)")
	hash(b)
	b.I("MOVD.P", "R3", "8(R7)")
	b.I("SUB", "$1", "R8", "R8")
	b.I("B", "loop")
	b.Label("done")
	b.I("RET")

	f.Register(Variant{Kernel: "HashCode", Name: "arm64-crc32c", Rank: 4, Note: "arm64 CRC32CX, two instructions", Batch: b})
	g.Generate()
}

// hash: R0 = P, R1 = O; the hash in R3.
func hash(f *Func) {
	f.I("MOVD", "ZR", "R2")
	f.I("CRC32CX", "R0", "R2")
	f.I("MOVD", "R2", "R3") // CRC32CX wrote W2, zero-extended
	f.I("CRC32CX", "R1", "R3")
	f.I("ORR", "R2<<32", "R3", "R3")
}
