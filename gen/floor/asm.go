// Command floor generates the call floor: an empty function of flip's
// signature, and loops that call a function of flip's signature, or of a
// board's (moves, stability, hash_code), from assembly (as the bottom of
// the search calls its kernels). Timed like a kernel, they say what of a
// kernel's time per call is the call itself, and what a kernel costs the
// bottom.
package main

import (
	"fmt"

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

	fromAsm("flipFromAsm", "flip's signature", "P, O, x: three words each", 3)
	fromAsm("boardFromAsm", "a board kernel's signature (moves, stability, hash_code)", "P, O: two words each", 2)

	asmgen.Generate()
}

// fromAsm emits a loop that calls a kernel of words argument words and
// one result, at an entry point, from assembly, as the bottom of the
// search calls its kernels: stack arguments (ABI0), every register
// clobbered. Not NOSPLIT: it calls. The loop's state stays in stack
// slots, as in gen/bottom.
func fromAsm(name, signature, layout string, words int) {
	TEXT(name, 0, "func(entry uintptr, in []uint64, n int) uint64")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s calls the function of %s at entry n times, from assembly, on the", name, signature),
		fmt.Sprintf("inputs of in (%s, cycled; len(in) a nonzero multiple of %d) and returns", layout, words),
		"the sum of its results.")
	args := AllocLocal(8 * (words + 1)) // the arguments, the result
	pos, end, base, sum, left, fn := AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)
	{
		r := GP64()
		Load(Param("entry"), r)
		MOVQ(r, fn)
		Load(Param("in").Base(), r)
		MOVQ(r, base)
		MOVQ(r, pos)
		// the end of the inputs (len(in) is a multiple of words)
		l := Load(Param("in").Len(), GP64())
		LEAQ(Mem{Base: r, Index: l, Scale: 8}, r)
		MOVQ(r, end)
		n := Load(Param("n"), GP64())
		MOVQ(n, left)
		XORQ(r, r)
		MOVQ(r, sum)
	}
	Label(name + "_loop")
	{
		n := GP64()
		MOVQ(left, n)
		TESTQ(n, n)
		JZ(LabelRef(name + "_done"))
		DECQ(n)
		MOVQ(n, left)
		p, w := GP64(), GP64()
		MOVQ(pos, p)
		for i := 0; i < words; i++ {
			MOVQ(Mem{Base: p, Disp: 8 * i}, w)
			MOVQ(w, args.Offset(8*i))
		}
		ADDQ(U8(8*words), p)
		CMPQ(p, end)
		CMOVQCC(base, p) // past the last input: back to the first
		MOVQ(p, pos)
		f := GP64()
		MOVQ(fn, f)
		asmgen.CallReg(f)
		r := GP64()
		MOVQ(args.Offset(8*words), r)
		ADDQ(r, sum)
		JMP(LabelRef(name + "_loop"))
	}
	Label(name + "_done")
	{
		r := GP64()
		MOVQ(sum, r)
		Store(r, ReturnIndex(0))
	}
	RET()
}
