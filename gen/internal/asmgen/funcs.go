package asmgen

import (
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// BatchLoop emits the body of a batch form func(in []uint64, out []T)
// with T one word: len(out) records of size bytes from in, each record's
// result (body's, given the record's address) stored to out's next word.
// setup, if set, runs once before the loop. The caller ends the function
// (VZEROUPPER where it used vector registers, RET): the loop stays in
// assembly, no call per element.
func BatchLoop(size int, setup func(), body func(p reg.GPVirtual) reg.Register) {
	p, o, n := BatchArgs()
	if setup != nil {
		setup()
	}
	build.TESTQ(n, n)
	build.JZ(LabelRef("done"))
	build.Label("loop")
	BatchNext(body(p), Mem{Base: o}, p, o, n, size)
}

// BatchArgs loads the arguments of a batch form func(in []uint64, out
// []T): in's and out's addresses and len(out), the records to run.
func BatchArgs() (in, out, n reg.GPVirtual) {
	in, out, n = build.GP64(), build.GP64(), build.GP64()
	build.Load(build.Param("in").Base(), in)
	build.Load(build.Param("out").Base(), out)
	build.Load(build.Param("out").Len(), n)
	return in, out, n
}

// BatchNext ends a batch loop's body (label "loop"): the record's result
// res stored at dst, the record pointer in and the result pointer out
// (registers or stack slots) advanced by size and 8 bytes, then the count
// n down, and the label "done" after the loop.
func BatchNext(res reg.Register, dst Mem, in, out, n Op, size int) {
	build.MOVQ(res, dst)
	build.ADDQ(U8(size), in)
	build.ADDQ(U8(8), out)
	build.DECQ(n)
	build.JNZ(LabelRef("loop"))
	build.Label("done")
}

// Ret returns, after VZEROUPPER where the function used YMM or ZMM
// registers (SSE code run after it would pay a transition).
func Ret(vector bool) {
	if vector {
		build.VZEROUPPER()
	}
	build.RET()
}

// LoadBoard loads the arguments P and O of a function of a board.
func LoadBoard() (P, O reg.GPVirtual) {
	P, O = build.GP64(), build.GP64()
	build.Load(build.Param("P"), P)
	build.Load(build.Param("O"), O)
	return P, O
}

// FoldQ reduces the quadwords of v (a ZMM or YMM register) to one in a
// GP register by op (VPOR to OR them, VPADDQ to add them): the high half
// onto the low half, down to one lane.
func FoldQ(v reg.VecVirtual, op func(a, b, c Op)) reg.GPVirtual {
	if v.Size() == 64 {
		h := build.YMM()
		build.VEXTRACTI64X4(U8(1), v, h)
		op(h, v.AsY(), h)
		v = h
	}
	x := build.XMM()
	build.VEXTRACTI128(U8(1), v, x)
	op(x, v.AsX(), x)
	y := build.XMM()
	build.VPSHUFD(U8(0x4e), x, y)
	op(y, x, x)
	r := build.GP64()
	build.VMOVQ(x, r)
	return r
}

// ParamAddr is the stack address of argument name (ABI0: every argument
// is in memory, so a byte or a vector can be loaded from it directly).
func ParamAddr(name string) Mem { return addr(build.Param(name)) }

// ReturnAddr is the stack address of the (first) result.
func ReturnAddr() Mem { return addr(build.ReturnIndex(0)) }

func addr(c gotypes.Component) Mem {
	b, err := c.Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}
