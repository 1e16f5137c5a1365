package flipasm

import (
	"fmt"

	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// Roxane's flip (Edax's flip_roxane.c, from Bruno Causse's Roxane) is one
// function per square, called through a table indexed by the square: each
// knows its rays, so every mask is an immediate and a ray with no disc to
// flip costs nothing. Per ray of at least three squares:
//
//   - toward higher squares: the carry of bit(x+d) + ((O & inner) | gaps)
//     runs through x's run of O discs and lands on the first square that
//     is not O (gaps: the bits between the ray's squares, all ones, so the
//     carry jumps from one square of the ray to the next; the row needs
//     none). ANDed with P and the ray beyond the first square it is the
//     outflank r; if r != 0 the flips are (r-1) & inner.
//   - toward lower squares: the carry of ((P & beyond) << d) + ((O & inner)
//     | gaps) reaches x iff the nearest P disc on the ray sees only O
//     discs up to x; then the flips run from above that disc (a BSR: the
//     highest P square of the ray) to x: (bit(x) - 2<<p) & inner.
//
// A ray of two squares flips its first one if it is O and the second is P,
// a shift and two ANDs; a shorter one flips nothing. "inner" is the ray
// without its last square (which can only outflank). Roxane branches per
// ray, as the C source does.
//
// Edax's table has no function for the four centre squares (never empty
// in a game); the rules above give them one like any other square.

// roxaneDirs are the eight directions as (file, rank) steps.
var roxaneDirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

// squareName is the square's name, A1 to H8.
func squareName(x int) string { return fmt.Sprintf("%c%d", 'A'+x&7, x>>3+1) }

// rayFrom lists the squares from x (excluded) in direction d, nearest first.
func rayFrom(x int, d [2]int) []int {
	var sq []int
	for f, r := x&7+d[0], x>>3+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
		sq = append(sq, 8*r+f)
	}
	return sq
}

func bitsOf(sq []int) uint64 {
	var m uint64
	for _, s := range sq {
		m |= 1 << uint(s)
	}
	return m
}

// between is the set of bits strictly between a and b.
func between(a, b int) uint64 {
	if a > b {
		a, b = b, a
	}
	return (uint64(1)<<uint(b) - 1) &^ (uint64(1)<<uint(a+1) - 1)
}

// imm returns c as an operand: an immediate if it fits a sign-extended
// 32-bit one, else a register loaded with it.
func imm(c uint64) Op {
	switch {
	case c < 1<<31:
		return U32(c)
	case c >= 0xffffffff80000000:
		return I32(int32(c))
	}
	r := GP64()
	MOVQ(U64(c), r)
	return r
}

// roxaneSquare emits the flips of square x into a new register.
func roxaneSquare(P, O reg.GPVirtual, x int) reg.GPVirtual {
	f := GP64()
	XORQ(f, f)
	for d, dir := range roxaneDirs {
		ray := rayFrom(x, dir)
		n := len(ray)
		step := ray0Step(x, ray)
		up := d < 4
		switch {
		case n < 2:
			continue
		case n == 2: // O on ray[0] and P on ray[1]
			t := shift(P, uint64(step), !up) // P's disc on ray[1] onto ray[0]
			ANDQ(O, t)
			ANDQ(imm(1<<uint(ray[0])), t)
			ORQ(t, f)
			continue
		}
		inner := bitsOf(ray[:n-1])
		beyond := bitsOf(ray[1:])
		row := dir[1] == 0
		skip := fmt.Sprintf("d%d", d)
		// o = (O & inner) | gaps, or O itself on the row
		o := GP64()
		MOVQ(O, o)
		if !row {
			ANDQ(imm(inner), o)
			ORQ(imm(between(x, ray[n-1])&^bitsOf(ray)), o)
		}
		if up {
			ADDQ(imm(1<<uint(ray[0])), o)
			ANDQ(imm(beyond), o)
			ANDQ(P, o) // outflank
			JZ(LabelRef(skip))
			DECQ(o)
			ANDQ(imm(inner), o)
			ORQ(o, f)
		} else {
			m := GP64()
			MOVQ(P, m)
			ANDQ(imm(beyond), m)
			t := GP64()
			MOVQ(m, t)
			SHLQ(U8(step), t)
			ADDQ(o, t)
			BTQ(U8(x), t) // did the carry reach x?
			JCC(LabelRef(skip))
			p, q := GP64(), GP64()
			BSRQ(m, p)
			XORQ(q, q)
			BTSQ(p, q)
			ADDQ(q, q)
			r := GP64()
			MOVQ(U64(1<<uint(x)), r)
			SUBQ(q, r) // the squares above p and below x
			if !row {
				ANDQ(imm(inner), r)
			}
			ORQ(r, f)
		}
		Label(skip)
	}
	return f
}

// ray0Step is the bit distance from x to the first square of its ray.
func ray0Step(x int, ray []int) int {
	if len(ray) == 0 {
		return 0
	}
	if ray[0] > x {
		return ray[0] - x
	}
	return x - ray[0]
}

// jumpReg branches to the address in r: avo knows JMP only to labels, so
// it is a raw instruction; it ends the function.
func jumpReg(r reg.Register) {
	Instruction(&ir.Instruction{Opcode: "JMP", Operands: []Op{r}, Inputs: []Op{r}, IsTerminal: true})
}

// RoxaneFuncs emits Roxane's flip: name+square (A1..H8) for each square,
// with the signature of a flip, their table, name (a jump through the
// table: the square's function returns to the caller) and name+"Batch",
// which calls through the table per element, as Edax does at every move.
// Not a Flipper: a call through a table cannot be inlined. They are
// registered as variant, a variant of Flip.
func RoxaneFuncs(name, doc string, variant asmgen.Variant) {
	variant.Kernel, variant.BatchOf = "Flip", "BoardX"
	asmgen.Register(name, variant)
	const sig = "func(P, O uint64, x int) uint64"
	for x := 0; x < 64; x++ {
		fn := name + squareName(x)
		asmgen.Func(fn, sig)
		asmgen.Internal(fn, name, name+"Batch")
		Doc(fn + " is " + name + " on " + squareName(x) + ".")
		P, O := asmgen.LoadBoard()
		Store(roxaneSquare(P, O, x), ReturnIndex(0))
		RET()
	}
	tab := GLOBL(name+"Tab", attr.RODATA|attr.NOPTR)
	for x := 0; x < 64; x++ {
		DATA(8*x, asmgen.SymbolAddr(name+squareName(x)))
	}

	asmgen.Func(name, sig)
	Doc(name + " " + doc)
	x, t := GP64(), GP64()
	Load(Param("x"), x)
	LEAQ(tab, t)
	MOVQ(Mem{Base: t, Index: x, Scale: 8}, t)
	jumpReg(t)

	asmgen.Func(name+"Batch", "func(in []uint64, out []uint64)")
	Doc(name+"Batch is "+name+" over a batch: in holds len(out) (P, O, x) triples.",
		"The loop stays in assembly; each element is a call through the table.")
	args := AllocLocal(32) // the callee's P, O, x and result, at 0(SP)
	src, dst, cnt := AllocLocal(8), AllocLocal(8), AllocLocal(8)
	r := GP64()
	Load(Param("in").Base(), r)
	MOVQ(r, src)
	r = GP64()
	Load(Param("out").Base(), r)
	MOVQ(r, dst)
	n := GP64()
	Load(Param("out").Len(), n)
	MOVQ(n, cnt)
	TESTQ(n, n)
	JZ(LabelRef("done"))
	Label("loop")
	s, v, xx, tb := GP64(), GP64(), GP64(), GP64()
	MOVQ(src, s)
	MOVQ(Mem{Base: s}, v)
	MOVQ(v, args)
	MOVQ(Mem{Base: s, Disp: 8}, v)
	MOVQ(v, args.Offset(8))
	MOVQ(Mem{Base: s, Disp: 16}, xx)
	MOVQ(xx, args.Offset(16))
	LEAQ(tab, tb)
	MOVQ(Mem{Base: tb, Index: xx, Scale: 8}, tb)
	asmgen.CallReg(tb)
	res, d := GP64(), GP64()
	MOVQ(args.Offset(24), res)
	MOVQ(dst, d)
	asmgen.BatchNext(res, Mem{Base: d}, src, dst, cnt, 24)
	RET()
}
