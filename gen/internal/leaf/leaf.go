// Package leaf emits the whole 2-4 empties leaf search in assembly
// (gen/solve_2, gen/solve_3 and gen/solve_4 call it):
// solve_4, solve_3 and solve_2 with flip and score_1 inlined, so the
// search below a 4-empties node makes no call at all (Go asm is ABI0 and
// never inlined: a call per node would cost as much as the node).
//
// Each kernel is one function per family, and its batch form: the same
// search inlined in a loop over (P, O, alpha) elements, no call per
// element. A level's state (board, window, best score, move index) lives
// in stack slots while the level below runs, which keeps the register
// allocation within avo's 15 GP registers whatever flip and score_1 need.
// The node count is one stack slot for the whole search.
//
// Move order is the reference's LeafOrder: the empties in presorted order
// (corners first, X-squares last; built by a rank bit mask), then a stable
// odd-quadrant-first partition done by PSHUFB, as Edax-AVX's
// search_solve_4 (endgame_sse.c) shuffles its empties_series by shuf_mask,
// with masks that keep the presorted order in each part (Edax-AVX's put a
// lone odd empty before a quadrant of three since v4.5.5). One shuffle lays out, per move, the square and the remaining
// empties in presorted order: the next level's input. At 4 empties the
// shuffle is picked by the quadrant pattern of the empties (which share a
// quadrant), which also fixes the order at 3 empties below each move: a
// second table lays that level out with one shuffle, so the search below 4
// empties never sorts (the solve_3 kernel, entered at 3, still does).
//
// The families pair a flip with a score_1 (gen/internal/flipasm and
// gen/internal/lastflip): the score_1 choice matters as much as the flip
// (PEXT, lazy high cut, "simul" both-sides), so several pairs are kept
// and the registry's ranks pick by measurement. Flips whose Setup holds
// GP registers are set up at each flip when the score_1 needs many.
//
// The tables are Go arrays of package variants (solve_*_tables_amd64.go,
// flip_tables_amd64.go, count_last_flip_tables.go), read as ·name(SB).
package leaf

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
	"github.com/flipbench/flipbench/gen/internal/lastflip"
	"github.com/flipbench/flipbench/gen/internal/search"
)

const scoreInf = 127

// family is one instruction set's flip and score_1 (and its SIMD
// encoding: VEX in the AVX families, so no SSE/AVX transitions).
type family struct {
	name, doc  string
	variant    string // its name in the registry (solve_2, solve_3, solve_4)
	rank       int
	pext       bool
	vex        bool
	vector     bool // YMM used: VZEROUPPER before RET
	flip       flipasm.Flipper
	localSetup bool // flip.Setup at each flip (GP tables: no GP registers held; a splitSetup flipper's vector constants are)
	score      func(g *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual
}

// families returns the flip and score_1 pairs a leaf is generated with.
func families() []family {
	exact := func(c lastflip.Counter) func(g *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(_ *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual {
			return lastflip.Score1(c, nil, nil, P, Mem{}, x, alpha)
		}
	}
	lazy := func(c lastflip.Counter, has func(P, x reg.GPVirtual)) func(g *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(_ *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual {
			return lastflip.Score1(c, nil, has, P, Mem{}, x, alpha)
		}
	}
	families := []family{
		{name: "AVX2", variant: "asm-avx2", rank: 20, doc: "avx2-ppfill flip, avx2-lazy-highcut score_1", vex: true, vector: true,
			flip: flipasm.NewFlipAVX2PPFill(), score: lazy(lastflip.CountAVX2, lastflip.HasMoveAVX2)},
		{name: "AVX512", variant: "asm-avx512vl", rank: 29, doc: "avx512-lzcnt flip (256-bit), avx512-lazy-highcut score_1", vex: true, vector: true,
			flip: flipasm.NewFlipAVX512(), score: lazy(lastflip.CountAVX512, lastflip.HasMoveAVX512)},
		{name: "AVX512PEXT", variant: "asm-avx512vl-pext", rank: 31, pext: true, doc: "avx512-lzcnt flip (256-bit), bmi2-pext score_1", vex: true, vector: true,
			flip: flipasm.NewFlipAVX512(), localSetup: true, score: exact(lastflip.CountPEXT)},
		{name: "AVX512Simul", variant: "asm-avx512vl-simul", rank: 30, doc: "avx512-lzcnt flip (256-bit), avx512-simul score_1", vex: true, vector: true,
			flip: flipasm.NewFlipAVX512(), score: func(_ *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual { return lastflip.Score1SimulAVX512(P, x, alpha) }},
		{name: "AVX2Simul", variant: "asm-avx2-simul", rank: 19, doc: "avx2-ppfill flip, avx2-simul score_1", vex: true, vector: true,
			flip: flipasm.NewFlipAVX2PPFill(), score: func(_ *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual { return lastflip.Score1SimulAVX2(P, x, alpha) }},
		{name: "AVX2PEXT", variant: "asm-avx2-pext", rank: 24, pext: true, doc: "avx2-ppfill flip, bmi2-pext score_1", vex: true, vector: true,
			flip: flipasm.NewFlipAVX2PPFill(), localSetup: true, score: exact(lastflip.CountPEXT)},
		{name: "BMI2", variant: "asm-bmi2", rank: 25, pext: true, doc: "bmi2-pext flip and score_1", flip: flipasm.NewFlipPEXT(), localSetup: true,
			score: exact(lastflip.CountPEXT)},
		{name: "SSE2", variant: "asm-sse2", rank: 10, doc: "sse2 flip, sse2-movemask score_1", flip: flipasm.NewFlipSSE2(), localSetup: true,
			score: func(g *gen, P, x, alpha reg.GPVirtual) reg.GPVirtual {
				MOVQ(P, g.pmem)
				return lastflip.Score1(lastflip.CountSSE2, lastflip.CountSSE2Opp, nil, P, g.pmem, x, alpha)
			}},
	}
	// The ranks put the PEXT score_1 first where PEXT is fast, the all-GP
	// bmi2 leaf first among AVX2-class CPUs (VPSRLVQ is slow on Haswell),
	// avx2 where PEXT is microcoded (Zen 2) and sse2 without AVX.
	return families
}

// SolveFuncs emits solve_n's variants, one per family.
func SolveFuncs(n int) {
	for _, f := range families() {
		kernel(f, n)
	}
}

// level holds one search level's stack slots.
type level struct {
	P, O, alpha, best, k, passed, list Mem
	orig, pattern                      Mem // 4 empties: the presorted list and its leafOrder3 offset
}

type gen struct {
	f      family
	nodes  Mem
	pmem   Mem // P for the SSE2 score_1 (row byte read from memory)
	lv     [5]level
	labels int
}

func (g *gen) label(s string) string {
	g.labels++
	return fmt.Sprintf("%s_%d", s, g.labels)
}

func kernel(f family, n int) {
	name := fmt.Sprintf("solve%d%s", n, f.name)
	note := "asm: whole leaf in one function, " + f.doc
	if n > 2 {
		note += ", PSHUFB parity sort"
	}
	v := asmgen.Variant{Kernel: fmt.Sprintf("Solve%d", n), Name: f.variant, Rank: f.rank, PEXT: f.pext,
		BatchOf: "BoardAlpha", BatchOut: "ScoreNodes", Note: note}
	if n == 4 {
		v.Entry = name + "List"
	}
	asmgen.Register(name, v)
	loadBoard := func() (reg.GPVirtual, reg.GPVirtual) {
		P, O := asmgen.LoadBoard()
		return P, O
	}
	loadAlpha := func() reg.GPVirtual {
		a := GP64()
		Load(Param("alpha"), a)
		return a
	}
	// entry emits the search of the function being generated, on its
	// parameters; loadList as search's.
	entry := func(loadList func() reg.GPVirtual) {
		g := newGen(f, n)
		f.setup()
		Store(g.search(n, loadBoard, loadAlpha, loadList), ReturnIndex(0))
		nd := GP64()
		MOVQ(g.nodes, nd)
		Store(nd, ReturnIndex(1))
		asmgen.Ret(f.vector)
	}
	asmgen.Func(name, "func(P, O uint64, alpha int) (score int, nodes uint64)")
	Doc(fmt.Sprintf("%s is solve_%d (%s) with every level below inlined.", name, n, f.doc))
	entry(nil)
	if n == 4 {
		// The entry the assembly bottom calls: the shallow search above
		// already holds the empties in presorted order.
		asmgen.Func(name+"List", "func(P, O uint64, alpha int, list uint64) (score int, nodes uint64)")
		Doc(fmt.Sprintf("%sList is %s given its empties in presorted order, one per byte (the assembly bottom's entry).", name, name))
		entry(func() reg.GPVirtual {
			l := GP64()
			Load(Param("list"), l)
			return l
		})
	}

	// The batch form: the same search per element, the loop's pointers
	// in stack slots (the search needs every register).
	asmgen.Func(name+"Batch", "func(in []uint64, out []uint64)")
	Doc(fmt.Sprintf("%sBatch runs %s on (P, O, alpha) word triples, writing (score, nodes) word pairs until out is full.", name, name),
		"The loop stays in assembly: no call per element.")
	g := newGen(f, n)
	src, dst, end := AllocLocal(8), AllocLocal(8), AllocLocal(8)
	sp, dp, l := GP64(), GP64(), GP64()
	Load(Param("in").Base(), sp)
	Load(Param("out").Base(), dp)
	Load(Param("out").Len(), l)
	MOVQ(sp, src)
	MOVQ(dp, dst)
	LEAQ(Mem{Base: dp, Index: l, Scale: 8}, l)
	MOVQ(l, end)
	CMPQ(dp, l)
	JAE(LabelRef("done"))
	f.setup()
	Label("loop")
	res := g.search(n, func() (reg.GPVirtual, reg.GPVirtual) {
		s, P, O := GP64(), GP64(), GP64()
		MOVQ(src, s)
		MOVQ(Mem{Base: s}, P)
		MOVQ(Mem{Base: s, Disp: 8}, O)
		return P, O
	}, func() reg.GPVirtual {
		a, s := GP64(), GP64()
		MOVQ(src, s)
		MOVQ(Mem{Base: s, Disp: 16}, a)
		return a
	}, nil)
	d := GP64()
	MOVQ(dst, d)
	MOVQ(res, Mem{Base: d})
	nd := GP64()
	MOVQ(g.nodes, nd)
	MOVQ(nd, Mem{Base: d, Disp: 8})
	ADDQ(U8(24), src)
	ADDQ(U8(16), d)
	MOVQ(d, dst)
	CMPQ(d, end)
	JB(LabelRef("loop"))
	Label("done")
	asmgen.Ret(f.vector)
}

// newGen allocates a function's stack slots for a search of n empties.
func newGen(f family, n int) *gen {
	g := &gen{f: f}
	g.nodes = AllocLocal(8)
	g.pmem = AllocLocal(8)
	for l := 3; l <= n; l++ {
		g.lv[l] = level{P: AllocLocal(8), O: AllocLocal(8), alpha: AllocLocal(8), best: AllocLocal(8), k: AllocLocal(8),
			passed: AllocLocal(8), list: AllocLocal(16)}
	}
	if n == 4 {
		g.lv[4].orig, g.lv[4].pattern = AllocLocal(8), AllocLocal(8)
	}
	return g
}

// search emits solve_n of the board that load loads at the alpha that
// loadAlpha loads, and returns its score; the node count is in g.nodes.
// loadList, if not nil, loads the empties in presorted order, else they
// are found from the board.
func (g *gen) search(n int, load func() (P, O reg.GPVirtual), loadAlpha, loadList func() reg.GPVirtual) reg.GPVirtual {
	MOVQ(U32(0), g.nodes)
	P, O := load()
	var list reg.GPVirtual
	if loadList != nil {
		list = loadList()
	} else {
		e := GP64()
		MOVQ(P, e)
		ORQ(O, e)
		NOTQ(e)
		list = search.Presorted(e, n)
	}
	if n == 2 {
		x1, x2 := GP64(), GP64()
		MOVBQZX(list.As8(), x1)
		MOVQ(list, x2)
		SHRQ(U8(8), x2)
		return g.solve2(P, O, loadAlpha(), x1, x2)
	}
	lv := g.lv[n]
	MOVQ(P, lv.P)
	MOVQ(O, lv.O)
	MOVQ(loadAlpha(), lv.alpha)
	if n == 4 {
		return g.solveN(n, func() { g.order4(list) })
	}
	return g.solveN(n, func() { search.Sort(list, n, lv.list, g.f.vex) })
}

// order4 lays out the 4 empties of list (presorted) per move of LeafOrder
// in the level's list, and keeps what the level below needs to lay out
// its own 3 empties in LeafOrder without sorting them again: the list and
// the row of leafOrder3 for its quadrant pattern. The pattern is the
// quadrant bits (2 and 5) of x1^x4, x2^x4 and x3^x4, packed in 6 bits:
// which empties share a quadrant is all the order depends on.
func (g *gen) order4(list reg.GPVirtual) {
	lv := g.lv[4]
	MOVQ(list, lv.orig)
	d := GP64()
	MOVQ(list, d)
	SHRQ(U8(24), d)
	IMUL3Q(U32(0x010101), d, d) // x4 in the bytes of x1..x3
	XORQ(list, d)
	ANDL(U32(0x242424), d.As32())
	SHRL(U8(2), d.As32()) // bits 0 and 3 of each byte
	f := GP64()
	MOVL(d.As32(), f.As32())
	SHRL(U8(2), f.As32())
	ORL(d.As32(), f.As32())
	ANDL(U32(0x030303), f.As32()) // bits 0 and 1 of each byte
	a := GP64()
	MOVL(f.As32(), a.As32())
	SHRL(U8(6), a.As32())
	ORL(a.As32(), f.As32())
	SHRL(U8(6), a.As32())
	ORL(a.As32(), f.As32())
	ANDL(U32(63), f.As32())
	off := GP64()
	MOVL(f.As32(), off.As32())
	SHLL(U8(6), off.As32())
	MOVQ(off, lv.pattern)
	SHLL(U8(4), f.As32())
	g.shuffle(lv.orig, "leafOrder4", f, lv.list)
}

// order3 lays out the 3 empties left after move k of the 4-empties level
// per move of LeafOrder, from that level's list and pattern.
func (g *gen) order3() {
	up := g.lv[4]
	off, k := GP64(), GP64()
	MOVQ(up.pattern, off)
	MOVQ(up.k, k)
	SHLQ(U8(4), k)
	ADDQ(k, off)
	g.shuffle(up.orig, "leafOrder3", off, g.lv[3].list)
}

// shuffle stores to out the bytes of src (8 bytes in memory) picked by the
// PSHUFB control at byte offset off of table.
func (g *gen) shuffle(src Mem, table string, off reg.GPVirtual, out Mem) {
	t := GP64()
	LEAQ(asmgen.GoTable(table), t)
	v := XMM()
	if g.f.vex {
		VMOVQ(src, v)
		VPSHUFB(Mem{Base: t, Index: off, Scale: 1}, v, v)
		VMOVDQU(v, out)
		return
	}
	c := XMM()
	MOVQ(src, v)
	MOVOU(Mem{Base: t, Index: off, Scale: 1}, c)
	PSHUFB(c, v)
	MOVOU(v, out)
}

func (g *gen) flip(P, O, x reg.GPVirtual) reg.GPVirtual {
	if g.f.localSetup {
		if s, ok := g.f.flip.(splitSetup); ok {
			s.SetupGP()
		} else {
			g.f.flip.Setup()
		}
	}
	return g.f.flip.Flip(P, O, x)
}

// splitSetup is a flipper whose vector constants a localSetup family
// loads once per function (vector registers are not short), its table
// address at each flip.
type splitSetup interface {
	SetupVec()
	SetupGP()
}

// setup loads what a family's flipper holds across the function.
func (f family) setup() {
	if !f.localSetup {
		f.flip.Setup()
	} else if s, ok := f.flip.(splitSetup); ok {
		s.SetupVec()
	}
}

// solve2 is kernels.Solve2 on the board (P, O) with its two empties in
// order (x1, x2): fail-hard, alpha or alpha+1.
func (g *gen) solve2(P, O, alpha, x1, x2 reg.GPVirtual) reg.GPVirtual {
	INCQ(g.nodes)
	best := GP64()
	MOVQ(I64(-scoreInf), best)
	nbeta := GP64() // -(alpha+1)
	MOVQ(alpha, nbeta)
	NOTQ(nbeta)
	// a move on x, answered by the last move on y: P's (the child's side
	// to move is O with P's flips removed, its score negated), or after
	// P's pass O's, scored from O's side
	move := func(x, y reg.GPVirtual, passed, first bool) {
		me, opp, name, window, better := P, O, "s2_skip", nbeta, CMOVQGT
		if passed {
			me, opp, name, window, better = O, P, "s2_oskip", alpha, CMOVQLT
		}
		skip := g.label(name)
		search.NeighbourTest(opp, x, skip)
		f := g.flip(me, opp, x)
		TESTQ(f, f)
		JZ(LabelRef(skip))
		INCQ(g.nodes)
		np := GP64()
		MOVQ(opp, np)
		XORQ(f, np)
		s := g.f.score(g, np, y, window)
		if !passed {
			NEGQ(s)
		}
		if first {
			MOVQ(s, best)
		} else {
			CMPQ(s, best)
			better(s, best)
		}
		Label(skip)
	}
	high, low, decide := g.label("s2_high"), g.label("s2_low"), g.label("s2_decide")
	done := g.label("s2_done")
	move(x1, x2, false, true)
	CMPQ(best, alpha)
	JG(LabelRef(high))
	move(x2, x1, false, false)
	CMPQ(best, I8(-scoreInf))
	JNE(LabelRef(decide))
	// P passes: O's moves, scored from O's side (no negation)
	MOVQ(I64(scoreInf), best)
	move(x1, x2, true, true)
	CMPQ(best, alpha)
	JLE(LabelRef(low))
	move(x2, x1, true, false)
	CMPQ(best, I8(scoreInf))
	JNE(LabelRef(decide))
	MOVQ(search.BoardSolve(P, 2), best)
	Label(decide)
	CMPQ(best, alpha)
	JG(LabelRef(high))
	Label(low)
	res := GP64()
	MOVQ(alpha, res)
	JMP(LabelRef(done))
	Label(high)
	LEAQ(Mem{Base: alpha, Disp: 1}, res)
	Label(done)
	return res
}

// solveN is kernels.solveN at n = 3 or 4 on the board and window in the
// level's slots, order laying out its empties in the level's list (per
// move of LeafOrder: the move, then the other empties). Fail-soft. A pass
// searches the swapped board at the same level (passed set, the result
// negated); a second pass is the end of the game, and the swapped
// position's node is taken back, as the reference never searches it.
func (g *gen) solveN(n int, order func()) reg.GPVirtual {
	lv := g.lv[n]
	INCQ(g.nodes)
	order()
	MOVQ(I32(-scoreInf), lv.best)
	MOVQ(U32(0), lv.passed)
	start, iter, next := g.label(fmt.Sprintf("s%d_start", n)), g.label(fmt.Sprintf("s%d_iter", n)), g.label(fmt.Sprintf("s%d_next", n))
	cut, done, over := g.label(fmt.Sprintf("s%d_cut", n)), g.label(fmt.Sprintf("s%d_done", n)), g.label(fmt.Sprintf("s%d_over", n))
	Label(start)
	MOVQ(U32(0), lv.k)
	Label(iter)
	k, lb, d := GP64(), GP64(), GP64()
	MOVQ(lv.k, k)
	LEAQ(lv.list, lb)
	MOVL(Mem{Base: lb, Index: k, Scale: 4}, d.As32())
	x := GP64()
	MOVBQZX(d.As8(), x)
	P, O := GP64(), GP64()
	MOVQ(lv.P, P)
	MOVQ(lv.O, O)
	search.NeighbourTest(O, x, next)
	f := g.flip(P, O, x)
	TESTQ(f, f)
	JZ(LabelRef(next))
	// the child: O to move, minus P's flips; P with them and x
	np, no := GP64(), GP64()
	MOVQ(O, np)
	XORQ(f, np)
	MOVQ(P, no)
	ORQ(f, no)
	BTSQ(x, no)
	a := GP64()
	MOVQ(lv.alpha, a)
	NOTQ(a) // -alpha-1
	var s reg.GPVirtual
	if n == 3 {
		rest := GP64()
		MOVL(d.As32(), rest.As32())
		SHRL(U8(8), rest.As32())
		x1, x2 := GP64(), GP64()
		MOVBQZX(rest.As8(), x1)
		SHRL(U8(8), rest.As32())
		MOVBQZX(rest.As8(), x2)
		s = g.solve2(np, no, a, x1, x2)
	} else {
		c := g.lv[n-1]
		MOVQ(np, c.P)
		MOVQ(no, c.O)
		MOVQ(a, c.alpha)
		s = g.solveN(n-1, g.order3)
	}
	search.Child(s, lv.alpha, lv.best, cut, next)
	search.LoopTail(search.LeafLoop{N: n, P: lv.P, O: lv.O, Alpha: lv.alpha, Best: lv.best, K: lv.k, Passed: lv.passed,
		Nodes: g.nodes, Start: start, Iter: iter, Next: next, Done: done, Over: over, NoMove: -scoreInf})
	Label(cut)
	MOVQ(s, lv.best)
	Label(done)
	res := GP64()
	MOVQ(lv.best, res)
	fin := g.label(fmt.Sprintf("s%d_fin", n))
	CMPQ(lv.passed, U8(0))
	JEQ(LabelRef(fin))
	NEGQ(res)
	Label(fin)
	return res
}
