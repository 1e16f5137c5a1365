// Command popcount generates the popcount batch variants: POPCNT one word
// at a time against AVX-512 VPOPCNTQ eight words at a time.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

func main() {
	asmgen.Setup()

	asmgen.Register("popcountPOPCNT", asmgen.Variant{Kernel: "Popcount", Name: "popcnt", Rank: 10, Note: "POPCNT, two words per iteration"})
	asmgen.Func("popcountPOPCNT", "func(in []uint64) int")
	Doc("popcountPOPCNT sums the popcounts of in with the POPCNT instruction, two words per iteration.")
	p := Load(Param("in").Base(), GP64())
	n := Load(Param("in").Len(), GP64())
	s0, s1 := GP64(), GP64()
	XORQ(s0, s0)
	XORQ(s1, s1)
	t0, t1 := GP64(), GP64()
	Label("pair")
	CMPQ(n, Imm(2))
	JB(LabelRef("tail"))
	POPCNTQ(Mem{Base: p}, t0)
	POPCNTQ(Mem{Base: p, Disp: 8}, t1)
	ADDQ(t0, s0)
	ADDQ(t1, s1)
	ADDQ(Imm(16), p)
	SUBQ(Imm(2), n)
	JMP(LabelRef("pair"))
	Label("tail")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	POPCNTQ(Mem{Base: p}, t0)
	ADDQ(t0, s0)
	Label("done")
	ADDQ(s1, s0)
	Store(s0, ReturnIndex(0))
	RET()

	asmgen.Register("popcountVPOPCNTQ", asmgen.Variant{Kernel: "Popcount", Name: "avx512-vpopcntq", Rank: 20, ZMM: true, Note: "AVX-512 VPOPCNTQ, eight words per iteration"})
	asmgen.Func("popcountVPOPCNTQ", "func(in []uint64) int")
	Doc("popcountVPOPCNTQ sums the popcounts of in eight words at a time with AVX-512 VPOPCNTQ, the tail with POPCNT.")
	p = Load(Param("in").Base(), GP64())
	n = Load(Param("in").Len(), GP64())
	acc := ZMM()
	VPXORQ(acc, acc, acc)
	v := ZMM()
	Label("vec")
	CMPQ(n, Imm(8))
	JB(LabelRef("vtail"))
	VPOPCNTQ(Mem{Base: p}, v)
	VPADDQ(v, acc, acc)
	ADDQ(Imm(64), p)
	SUBQ(Imm(8), n)
	JMP(LabelRef("vec"))
	Label("vtail")
	// horizontal sum of the eight lanes
	s := asmgen.FoldQ(acc, func(a, b, c Op) { VPADDQ(a, b, c) })
	t := GP64()
	Label("stail")
	TESTQ(n, n)
	JZ(LabelRef("vdone"))
	POPCNTQ(Mem{Base: p}, t)
	ADDQ(t, s)
	ADDQ(Imm(8), p)
	DECQ(n)
	JMP(LabelRef("stail"))
	Label("vdone")
	VZEROUPPER()
	Store(s, ReturnIndex(0))
	RET()

	asmgen.Generate()
}
