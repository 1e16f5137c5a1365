// Command floor generates the call floor: an empty function of flip's
// signature, and a loop that calls a function of that signature from
// assembly (as the bottom of the search calls its kernels). Timed like a
// kernel, they say what of a kernel's time per call is the call itself.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

func main() {
	asmgen.Setup()

	asmgen.Func("emptyFlip", "func(P, O uint64, x int) uint64")
	Doc("emptyFlip has flip's signature and no body: it returns 0.")
	z := GP64()
	XORQ(z, z)
	Store(z, ReturnIndex(0))
	RET()

	asmgen.Func("emptyFlipEntry", "func() uintptr")
	Doc("emptyFlipEntry is emptyFlip's entry point (the assembly symbol).")
	e := GP64()
	LEAQ(NewDataAddr(Symbol{Name: "·emptyFlip"}, 0), e)
	Store(e, ReturnIndex(0))
	RET()

	// Not NOSPLIT: it calls. The callee may clobber every register, so
	// the loop's state stays in stack slots, as in gen/bottom.
	TEXT("flipFromAsm", 0, "func(entry uintptr, in []uint64, n int) uint64")
	Pragma("noescape")
	Doc("flipFromAsm calls the function of flip's signature at entry n times, from assembly, on the",
		"inputs of in (P, O, x: three words each, cycled; len(in) a nonzero multiple of 3) and returns",
		"the sum of its results.")
	args := AllocLocal(32) // P, O, x, the result
	pos, end, base, sum, left, fn := AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)
	{
		r := GP64()
		Load(Param("entry"), r)
		MOVQ(r, fn)
		Load(Param("in").Base(), r)
		MOVQ(r, base)
		MOVQ(r, pos)
		// the end of the inputs (len(in) is a multiple of 3)
		l := Load(Param("in").Len(), GP64())
		LEAQ(Mem{Base: r, Index: l, Scale: 8}, r)
		MOVQ(r, end)
		n := Load(Param("n"), GP64())
		MOVQ(n, left)
		XORQ(r, r)
		MOVQ(r, sum)
	}
	Label("loop")
	{
		n := GP64()
		MOVQ(left, n)
		TESTQ(n, n)
		JZ(LabelRef("done"))
		DECQ(n)
		MOVQ(n, left)
		p, w := GP64(), GP64()
		MOVQ(pos, p)
		MOVQ(Mem{Base: p}, w)
		MOVQ(w, args)
		MOVQ(Mem{Base: p, Disp: 8}, w)
		MOVQ(w, args.Offset(8))
		MOVQ(Mem{Base: p, Disp: 16}, w)
		MOVQ(w, args.Offset(16))
		ADDQ(U8(24), p)
		CMPQ(p, end)
		CMOVQCC(base, p) // past the last input: back to the first
		MOVQ(p, pos)
		f := GP64()
		MOVQ(fn, f)
		asmgen.CallReg(f)
		r := GP64()
		MOVQ(args.Offset(24), r)
		ADDQ(r, sum)
		JMP(LabelRef("loop"))
	}
	Label("done")
	{
		r := GP64()
		MOVQ(sum, r)
		Store(r, ReturnIndex(0))
	}
	RET()

	asmgen.Generate()
}
