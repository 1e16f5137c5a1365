package main

// What every level of the search shares (solver/search.go, and the parts
// of a node the solver writes alike in local.go and shallow.go): the
// stability cutoff, a pass or the end of the game, a child's position
// and window, a child's score taken, the result given back.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/search"
)

// node is what a level of the local and shallow searches keeps in stack
// slots: the position, the null window (alpha), the quadrant parity of
// its empties, whether it passed (the side to move swapped), its result.
type node struct{ P, O, alpha, parity, passed, res Mem }

// enterNode counts the node entered and clears its pass.
func (g *gen) enterNode(nd node) {
	INCQ(g.nodes)
	MOVQ(U32(0), nd.passed)
}

// stabilityCut emits the solver's stabilityCut at n empties: at alpha
// scThreshold[n] or more, when the opponent's stable edge discs, then all
// its stable discs, bound the score to alpha or less, the bound goes to
// nd.res and the code jumps to done; else it falls through.
func (g *gen) stabilityCut(n int, nd node, done string) {
	no := g.label("nosc", n)
	a := GP64()
	MOVQ(nd.alpha, a)
	CMPQ(a, U8(scThreshold[n]))
	JL(LabelRef(no))
	v := stableBound(g.stableEdgeCount(nd.O, nd.P))
	CMPQ(v, nd.alpha)
	stab := g.label("stab", n)
	JG(LabelRef(stab))
	MOVQ(v, nd.res)
	JMP(LabelRef(done))
	Label(stab)
	s := g.stability(nd.O, nd.P)
	POPCNTQ(s, s)
	w := stableBound(s)
	CMPQ(w, nd.alpha)
	JG(LabelRef(no))
	MOVQ(w, nd.res)
	JMP(LabelRef(done))
	Label(no)
}

// stableBound is the upper bound 64 - 2 stable of a score when the
// opponent has stable (destroyed) stable discs.
func stableBound(stable reg.GPVirtual) reg.GPVirtual {
	SHLQ(U8(1), stable)
	v := GP64()
	MOVQ(U32(64), v)
	SUBQ(stable, v)
	return v
}

// passOrEnd goes on at hasMoves when P has moves m; else, when O has
// none either, the game is over (its score to nd.res, on to done), and
// when O has, P passes (label pass): the same level searched again from
// O's side, at the negated window, a node, its result negated at the end.
func (g *gen) passOrEnd(n int, nd node, m reg.GPVirtual, hasMoves, pass, start, done string) {
	TESTQ(m, m)
	JNZ(LabelRef(hasMoves))
	o := g.moves(nd.O, nd.P)
	TESTQ(o, o)
	JNZ(LabelRef(pass))
	p := GP64()
	MOVQ(nd.P, p)
	MOVQ(search.BoardSolve(p, n), nd.res)
	JMP(LabelRef(done))
	Label(pass)
	x, y := GP64(), GP64()
	MOVQ(nd.P, x)
	MOVQ(nd.O, y)
	MOVQ(y, nd.P)
	MOVQ(x, nd.O)
	MOVQ(negAlpha(nd.alpha), nd.alpha)
	XORQ(U8(1), nd.passed)
	INCQ(g.nodes)
	JMP(LabelRef(start))
	Label(hasMoves)
}

// childBoard is the position after P plays x flipping f, from the
// opponent's side: (O less f, P with f and x).
func childBoard(P, O Mem, f, x reg.GPVirtual) (np, no reg.GPVirtual) {
	np, no = GP64(), GP64()
	MOVQ(O, np)
	XORQ(f, np)
	MOVQ(P, no)
	ORQ(f, no)
	BTSQ(x, no)
	return np, no
}

// negAlpha is the child's null window of a node at alpha: -alpha-1.
func negAlpha(alpha Mem) reg.GPVirtual {
	a := GP64()
	MOVQ(alpha, a)
	NOTQ(a)
	return a
}

// childParity is the parity after a move on x: x's quadrant's bit flipped.
func childParity(parity Mem, x reg.GPVirtual) reg.GPVirtual {
	qt, p := GP64(), GP64()
	LEAQ(asmgen.GoTable("quadrantID"), qt)
	MOVBQZX(Mem{Base: qt, Index: x, Scale: 1}, qt)
	MOVQ(parity, p)
	XORQ(qt, p)
	return p
}

// cutOrBest takes a child's score (negated here): above alpha it is the
// node's result, a cutoff (on to done); else best becomes the larger.
func cutOrBest(nd node, best Mem, child reg.GPVirtual, notCut, done string) {
	NEGQ(child)
	CMPQ(child, nd.alpha)
	JLE(LabelRef(notCut))
	MOVQ(child, nd.res)
	JMP(LabelRef(done))
	Label(notCut)
	b := GP64()
	MOVQ(best, b)
	CMPQ(child, b)
	CMOVQGT(child, b)
	MOVQ(b, best)
}

// passedResult writes to res the score in slot score as the node's
// result: negated when the node passed (its moves were O's).
func passedResult(score, passed, res Mem) reg.GPVirtual {
	r, p := GP64(), GP64()
	MOVQ(score, r)
	MOVQ(r, p)
	NEGQ(p)
	CMPQ(passed, U8(0))
	CMOVQNE(p, r)
	MOVQ(r, res)
	return r
}

// leave ends the level of n empties at label done: its result, and back
// to the Go caller if the search entered here (else on at label cont).
func (g *gen) leave(n int, nd node, done, cont string) {
	Label(done)
	r := passedResult(nd.res, nd.passed, nd.res)
	CMPQ(g.entry, U8(n))
	JNE(LabelRef(cont))
	MOVQ(r, g.out)
	JMP(LabelRef("return"))
	Label(cont)
}

// copySlot copies slot src to slot dst (x86 has no memory-to-memory MOV).
func copySlot(dst, src Mem) {
	r := GP64()
	MOVQ(src, r)
	MOVQ(r, dst)
}

// scan is a selection scan over a list of keys: from p (the first key's
// place, the best so far: value best at place at) to end, by stride
// bytes, each key disp bytes into its element, read into v.
type scan struct {
	p, end, best, at, v reg.GPVirtual
	stride, disp        int
	cmov                func(mr, r Op) // keeps the better key: CMOVQGT for the largest, CMOVQCS the smallest
	loop, over          string
}

// scanBest emits the scan: best and at end as the best key and its
// place, the first of equals. The best is kept by CMOV: a branch on the
// comparison mispredicts.
func scanBest(s scan) {
	Label(s.loop)
	ADDQ(U8(s.stride), s.p)
	CMPQ(s.p, s.end)
	JAE(LabelRef(s.over))
	MOVQ(Mem{Base: s.p, Disp: s.disp}, s.v)
	CMPQ(s.v, s.best)
	s.cmov(s.v, s.best)
	s.cmov(s.p, s.at)
	JMP(LabelRef(s.loop))
	Label(s.over)
}
