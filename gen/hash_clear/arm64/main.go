// Command arm64 generates hash_clear's arm64 variants: zeros (Date 0
// reads as empty, the table's date kept off 0) by STP pairs, STNP pairs
// (a non-temporal hint) or DC ZVA, which zeroes a whole block a
// instruction where DCZID_EL0 allows it.
package main

import (
	"fmt"

	. "github.com/flipbench/flipbench/gen/internal/arm64asm"
)

func main() {
	g := New("hash_clear/arm64")
	g.Go(`// The assembly reads the table's entries (a slice at offset 0, of
// 24-byte entries) and writes its date (a byte at offset 32): a layout
// that changes breaks the build here.
var (
	_ = [1]struct{}{}[unsafe.Offsetof(kernels.HashTable{}.Entries)]
	_ = [1]struct{}{}[unsafe.Offsetof(kernels.HashTable{}.Date)-32]
	_ = [1]struct{}{}[unsafe.Sizeof(kernels.HashEntry{})-24]
)`, "unsafe", "github.com/flipbench/flipbench/kernels")
	pairs(g.Func("hashClearSTP", "func(t *kernels.HashTable)",
		"hashClearSTP zeroes the table 64 bytes an iteration with four STP of the zero register."), false).
		Register(Variant{Kernel: "HashClear", Name: "arm64-stp", Rank: 3, Note: "arm64: zeros by STP xzr pairs, 64 bytes an iteration (Date 0 reads empty)"})
	pairs(g.Func("hashClearSTNP", "func(t *kernels.HashTable)",
		"hashClearSTNP zeroes the table with STNP, pair stores hinted non-temporal."), true).
		Register(Variant{Kernel: "HashClear", Name: "arm64-stnp", Rank: 2, Note: "arm64: zeros by STNP (non-temporal hint) pairs, 64 bytes an iteration"})
	zva(g.Func("hashClearDCZVA", "func(t *kernels.HashTable)",
		"hashClearDCZVA zeroes the table's aligned blocks with DC ZVA (block size from DCZID_EL0), the rest with 8-byte stores; where DCZID_EL0 prohibits it, with stores alone.")).
		Register(Variant{Kernel: "HashClear", Name: "arm64-dc-zva", Rank: 4, Note: "arm64: DC ZVA per cache block (DCZID_EL0's size), 8-byte stores at the ends"})
	g.Generate()
}

// load: R0 = t, R1 = the first entry, R3 = the end of the last.
func load(f *Func) {
	f.I("MOVD", f.Arg("t"), "R0")
	f.I("MOVD", "0(R0)", "R1")
	f.I("MOVD", "8(R0)", "R2")
	f.I("ADD", "R2<<1", "R2", "R2")
	f.I("ADD", "R2<<3", "R1", "R3")
}

// tail zeroes 8 bytes at a time from R1 to R3, then keeps the date off 0.
func tail(f *Func) {
	f.Label("tail")
	f.I("CMP", "R3", "R1")
	f.I("BHS", "date")
	f.I("MOVD.P", "ZR", "8(R1)")
	f.I("B", "tail")
	f.Label("date")
	f.I("MOVBU", "32(R0)", "R4")
	f.I("CBNZ", "R4", "done")
	f.I("MOVD", "$1", "R4")
	f.I("MOVB", "R4", "32(R0)")
	f.Label("done")
	f.I("RET")
}

func pairs(f *Func, nt bool) *Func {
	load(f)
	f.I("SUB", "$64", "R3", "R5")
	f.Label("block")
	f.I("CMP", "R5", "R1")
	f.I("BHI", "tail")
	for off := 0; off < 64; off += 16 {
		if nt {
			f.Enc(STNP(31, 31, 1, off))
		} else {
			f.I("STP", "(ZR, ZR)", fmt.Sprintf("%d(R1)", off))
		}
	}
	f.I("ADD", "$64", "R1", "R1")
	f.I("B", "block")
	tail(f)
	return f
}

func zva(f *Func) *Func {
	load(f)
	f.I("MRS", "DCZID_EL0", "R4")
	f.I("TBNZ", "$4", "R4", "tail") // DZP: DC ZVA prohibited
	f.I("AND", "$15", "R4", "R4")
	f.I("MOVD", "$4", "R5")
	f.I("LSL", "R4", "R5", "R5") // the block: 4 << BS bytes
	f.I("SUB", "$1", "R5", "R6")
	f.Label("head")
	f.I("TST", "R6", "R1")
	f.I("BEQ", "blocks")
	f.I("CMP", "R3", "R1")
	f.I("BHS", "date")
	f.I("MOVD.P", "ZR", "8(R1)")
	f.I("B", "head")
	f.Label("blocks")
	f.I("ADD", "R5", "R1", "R7")
	f.I("CMP", "R3", "R7")
	f.I("BHI", "tail")
	f.I("DC", "ZVA", "R1")
	f.I("MOVD", "R7", "R1")
	f.I("B", "blocks")
	tail(f)
	return f
}
