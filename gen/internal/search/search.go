// Package search holds the emitters the generated searches share (the
// leaf, the shallow search): the empties in presorted order, a finished
// game's score.
package search

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// Presorted returns the n empties of e (destroyed) packed one per byte in
// PresortedSquares order: each square's rank sets a bit of a 64-bit mask,
// which is then read back lowest rank first.
func Presorted(e reg.GPVirtual, n int) reg.GPVirtual {
	rk, sq := asmgen.GoTable("leafRank"), asmgen.GoTable("leafSquare")
	rt, st := GP64(), GP64()
	LEAQ(rk, rt)
	LEAQ(sq, st)
	r := GP64()
	XORQ(r, r)
	for i := 0; i < n; i++ {
		t, u := GP64(), GP64()
		BSF(e, t)
		MOVBQZX(Mem{Base: rt, Index: t, Scale: 1}, u)
		BTSQ(u, r)
		if i < n-1 {
			LEAQ(Mem{Base: e, Disp: -1}, t)
			ANDQ(t, e)
		}
	}
	list := GP64()
	for i := 0; i < n; i++ {
		t, u := GP64(), GP64()
		BSF(r, t)
		if i == 0 {
			MOVBQZX(Mem{Base: st, Index: t, Scale: 1}, list)
		} else {
			MOVBQZX(Mem{Base: st, Index: t, Scale: 1}, u)
			SHLQ(U8(8*i), u)
			ORQ(u, list)
		}
		if i < n-1 {
			LEAQ(Mem{Base: r, Disp: -1}, t)
			ANDQ(t, r)
		}
	}
	return list
}

// BoardSolve is kernels.BoardSolve(P, n): the empties to the winner.
func BoardSolve(P reg.GPVirtual, n int) reg.GPVirtual {
	d := GP64()
	POPCNTQ(P, d)
	LEAQ(Mem{Base: d, Index: d, Scale: 1, Disp: n - 64}, d) // p - o
	r := GP64()
	LEAQ(Mem{Base: d, Disp: n}, r)
	t := GP64()
	LEAQ(Mem{Base: d, Disp: -n}, t)
	TESTQ(d, d)
	CMOVQLT(t, r)
	CMOVQEQ(d, r)
	return r
}

// BSF sets dst, a fresh register, to the index of the lowest set bit of
// src (not 0): BSF, which SSE2 CPUs have (TZCNT is BMI1), with dst
// defined first. BSF leaves its destination unchanged when the source is
// zero, so avo counts the destination as read: without a definition first
// it would be live from the function's entry, and in a large function
// nothing could be allocated.
func BSF(src, dst reg.GPVirtual) {
	MOVQ(U32(0), dst)
	BSFQ(src, dst)
}

// Sort lays out the n presorted empties of list (packed bytes) as n
// dwords, one per move in LeafOrder: the move's square in byte 0, the
// other empties in presorted order in bytes 1.. (the next level's list).
// A square's quadrant bit is leafQuad[(x>>2)&9] (bits 2 and 5 of x); the
// parity is the XOR of the n quadrant bits, and the squares whose bit is
// not in it (even quadrants) index the shuffle table.
func Sort(list reg.GPVirtual, n int, out Mem, vex bool) {
	tabs := func(name string) reg.GPVirtual {
		r := GP64()
		LEAQ(asmgen.GoTable(name), r)
		return r
	}
	shuf := tabs(fmt.Sprintf("leafShuf%d", n))
	cons := tabs("leafConst") // 0x09 x16, quadrant bits, lane mask
	m := GP64()
	if vex {
		v, t, q, p, s, z, c := XMM(), XMM(), XMM(), XMM(), XMM(), XMM(), XMM()
		VMOVQ(list, v)
		VPSRLW(U8(2), v, t)
		VPAND(Mem{Base: cons}, t, t)
		VMOVDQU(Mem{Base: cons, Disp: 16}, q)
		VPSHUFB(t, q, q)
		if n == 3 {
			VPAND(Mem{Base: cons, Disp: 32}, q, q)
		}
		VPSRLD(U8(16), q, s)
		VPXOR(s, q, p)
		VPSRLD(U8(8), p, s)
		VPXOR(s, p, p)
		VPXOR(z, z, z)
		VPSHUFB(z, p, p) // parity in every byte
		VPAND(q, p, p)
		VPCMPEQB(z, p, p)
		VPMOVMSKB(p, m.As32())
		ANDL(U32(1<<uint(n)-1), m.As32())
		SHLL(U8(4), m.As32())
		VMOVDQU(Mem{Base: shuf, Index: m, Scale: 1}, c)
		VPSHUFB(c, v, v)
		VMOVDQU(v, out)
		return
	}
	v, t, q, p, s, z, c := XMM(), XMM(), XMM(), XMM(), XMM(), XMM(), XMM()
	MOVQ(list, v)
	MOVO(v, t)
	PSRLW(U8(2), t)
	MOVOU(Mem{Base: cons}, c)
	PAND(c, t)
	MOVOU(Mem{Base: cons, Disp: 16}, q)
	PSHUFB(t, q)
	if n == 3 {
		MOVOU(Mem{Base: cons, Disp: 32}, c)
		PAND(c, q)
	}
	MOVO(q, p)
	MOVO(q, s)
	PSRLL(U8(16), s)
	PXOR(s, p)
	MOVO(p, s)
	PSRLL(U8(8), s)
	PXOR(s, p)
	PXOR(z, z)
	PSHUFB(z, p)
	PAND(q, p)
	PCMPEQB(z, p)
	PMOVMSKB(p, m.As32())
	ANDL(U32(1<<uint(n)-1), m.As32())
	SHLL(U8(4), m.As32())
	MOVOU(Mem{Base: shuf, Index: m, Scale: 1}, c)
	PSHUFB(c, v)
	MOVOU(v, out)
}

// NeighbourTest jumps to skip when no square next to x holds one of O's
// discs (no move on x: Edax's NEIGHBOUR pre-test).
func NeighbourTest(O, x reg.GPVirtual, skip string) {
	t := GP64()
	LEAQ(asmgen.GoTable("lfNeighbour"), t)
	MOVQ(Mem{Base: t, Index: x, Scale: 8}, t)
	TESTQ(O, t)
	JZ(LabelRef(skip))
}

// LeafLoop names what a 3- or 4-empties leaf level keeps on the stack and
// the labels of its move loop, for LoopTail.
type LeafLoop struct {
	N                                   int // the empties of the level
	P, O, Alpha, Best, K, Passed, Nodes Mem
	Start, Iter, Next, Done, Over       string
	NoMove                              int32 // Best while no move was legal (-kernels.ScoreInf)
}

// Child emits a leaf level's use of a child's score s (destroyed): -s, a
// cut to label cut above alpha, the new best, then on to label next.
func Child(s reg.GPVirtual, alpha, best Mem, cut, next string) {
	NEGQ(s)
	CMPQ(s, alpha)
	JG(LabelRef(cut))
	CMPQ(s, best)
	JLE(LabelRef(next))
	MOVQ(s, best)
}

// LoopTail emits the end of a leaf level's move loop, at label Next: the
// next of the N moves; when none was legal, a pass (the swapped board
// searched again at the same level, the window negated) or, after a pass,
// the end of the game. There the swapped position's node is taken back, as
// the reference never searches it, and Best is the final score.
func LoopTail(l LeafLoop) {
	Label(l.Next)
	INCQ(l.K)
	CMPQ(l.K, U8(l.N))
	JB(LabelRef(l.Iter))
	CMPQ(l.Best, I8(l.NoMove))
	JNE(LabelRef(l.Done))
	CMPQ(l.Passed, U8(0))
	JNE(LabelRef(l.Over))
	sp, so, sa := GP64(), GP64(), GP64()
	MOVQ(l.P, sp)
	MOVQ(l.O, so)
	MOVQ(so, l.P)
	MOVQ(sp, l.O)
	MOVQ(l.Alpha, sa)
	NOTQ(sa)
	MOVQ(sa, l.Alpha)
	MOVQ(U32(1), l.Passed)
	INCQ(l.Nodes)
	JMP(LabelRef(l.Start))
	Label(l.Over)
	DECQ(l.Nodes)
	bp := GP64()
	MOVQ(l.P, bp)
	MOVQ(BoardSolve(bp, l.N), l.Best)
	JMP(LabelRef(l.Done))
}
