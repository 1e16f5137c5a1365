package lastflip

// Helpers shared by the catalog forms (plain.go, bmi.go, lzcnt.go,
// count32.go, sse.go, sseavx.go, ppfill.go, lowcut.go), which read the
// tables of variants/count_last_flip_tables_catalog_amd64.go:
//
//	lfSpan      [4096]uint16    P's (low byte) and O's (high byte) 2 x flips, by span block + pattern in place
//	lfPlainOfs  [64]uint64      lfSpan offsets (16 bits each): row, file, a1-h8, h1-a8 (file order)
//	lfSSE       [64][4]uint64   masks a1-h8, row (PSADBW), h1-a8, file (PMOVMSKB)
//	lfSSEOfs    [64]uint64      their lfSpan offsets
//	lf32        [64][8]uint32   32-bit halves of row, upper V, lower V masks; lfSpan offsets row, file, upper V, lower V
//	lfLz        [8][2]uint64    SE and SW ray images for the LZCNT edge rows
//	lfPPShift   [3][4]uint64    VPSRLVQ counts 1, 2, 4 steps of the down-rays

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// LineSet is a way of gathering x's four line indexes (plainLines,
// lines32, linesSSE) and counting on them: Count, four COUNT_FLIP
// lookups (row is the lfCountFlip row of x's place y for an index in row
// order, else of its place c), and Score1, solve_exact_1 with both counts
// from one set of lookups in lfSpan (x's four offsets at ofs: Edax's
// uint16 COUNT_FLIP, "lower byte for P, upper byte for O") and the
// reference's cut at alpha.
type LineSet struct {
	lines func(P, x reg.GPVirtual) [4]reg.GPVirtual
	byRow [4]bool
	ofs   func(x reg.GPVirtual) Mem
}

// Count is a Counter (P's memory copy unused).
func (l LineSet) Count(P reg.GPVirtual, _ Mem, x reg.GPVirtual) reg.GPVirtual {
	idx := l.lines(P, x)
	cfc, cfy := cfRows(x)
	rows := make([]reg.GPVirtual, len(idx))
	for i, byRow := range l.byRow {
		rows[i] = cfc
		if byRow {
			rows[i] = cfy
		}
	}
	return sumBytes(rows, idx[:])
}

func (l LineSet) Score1(P, x, alpha reg.GPVirtual) reg.GPVirtual {
	idx := l.lines(P, x)
	ofs := GP64()
	MOVQ(l.ofs(x), ofs)
	return scorePair(P, alpha, spanSum(ofs, idx))
}

// shiftedByCL returns v >> n (right) or v << n (left) in a new register,
// n a register: through CL, so that no BMI2 is needed.
func shiftedByCL(v, n reg.GPVirtual, left bool) reg.GPVirtual {
	r := GP64()
	MOVQ(v, r)
	MOVQ(n, reg.RCX)
	if left {
		SHLQ(reg.CL, r)
	} else {
		SHRQ(reg.CL, r)
	}
	return r
}

// masked returns x & m (m < 128) in a new register.
func masked(x reg.GPVirtual, m int) reg.GPVirtual {
	r := GP64()
	MOVQ(x, r)
	ANDQ(U8(m), r)
	return r
}

// rowByte is byte y of P (x's row), by a shift through CL.
func rowByte(P, x reg.GPVirtual) reg.GPVirtual {
	r := shiftedByCL(P, masked(x, 56), false)
	MOVBLZX(r.As8(), r.As32())
	return r
}

// cfRows returns the lfCountFlip rows of x's file place c (row and
// diagonals gathered in file order) and of its row place y (file, and
// lines gathered in row order).
func cfRows(x reg.GPVirtual) (cfc, cfy reg.GPVirtual) {
	return cfRow(x, false), cfRow(x, true)
}

// cfRow is one of cfRows: of the row place y if byRow, else of c.
func cfRow(x reg.GPVirtual, byRow bool) reg.GPVirtual {
	var r reg.GPVirtual
	if byRow {
		r = masked(x, 56)
		SHLQ(U8(5), r)
	} else {
		r = masked(x, 7)
		SHLQ(U8(8), r)
	}
	ADDQ(lea("lfCountFlip"), r)
	return r
}

// sumBytes returns the sum of the bytes at base + idx[i] (lfCountFlip).
func sumBytes(base []reg.GPVirtual, idx []reg.GPVirtual) reg.GPVirtual {
	n, t := GP64(), GP64()
	for i := range idx {
		dst := n
		if i > 0 {
			dst = t
		}
		MOVBLZX(Mem{Base: base[i], Index: idx[i], Scale: 1}, dst.As32())
		if i > 0 {
			ADDL(t.As32(), n.As32())
		}
	}
	return n
}

// spanSum sums the lfSpan entries at the four 16-bit offsets of ofs (low
// first; ofs is consumed) plus idx[i]: P's doubled count in the low byte,
// O's in the next, as PairAVX2 returns them.
func spanSum(ofs reg.GPVirtual, idx [4]reg.GPVirtual) reg.GPVirtual {
	sp := lea("lfSpan")
	n, t, i := GP64(), GP64(), GP64()
	for k := range idx {
		MOVWLZX(ofs.As16(), i.As32())
		ADDL(idx[k].As32(), i.As32())
		if k == 0 {
			MOVWLZX(Mem{Base: sp, Index: i, Scale: 2}, n.As32())
		} else {
			MOVWLZX(Mem{Base: sp, Index: i, Scale: 2}, t.As32())
			ADDL(t.As32(), n.As32())
		}
		if k < 3 {
			SHRQ(U8(16), ofs)
		}
	}
	return n
}

// kgByteSum gathers a line with one square a file in file order: the sum
// of the bytes of P & m, by a multiply.
func kgByteSum(P reg.GPVirtual, m Mem, k reg.GPVirtual) reg.GPVirtual {
	r := GP64()
	MOVQ(m, r)
	ANDQ(P, r)
	IMULQ(k, r)
	SHRQ(U8(56), r)
	return r
}

// kgLines gathers by kindergarten multiplies x's file in row order and
// the a1-h8 and h1-a8 diagonals through square d (lfLine) in file order.
func kgLines(P, x, d reg.GPVirtual) (file, d9, d7 reg.GPVirtual) {
	k := GP64()
	MOVQ(U64(0x0101010101010101), k)
	file = kgFile(P, x, k)
	lt := lea("lfLine")
	do := shifted(d, 5)
	d9 = kgByteSum(P, Mem{Base: lt, Index: do, Scale: 1, Disp: 16}, k)
	d7 = kgByteSum(P, Mem{Base: lt, Index: do, Scale: 1, Disp: 24}, k)
	return file, d9, d7
}

// kgFile gathers x's file in row order: the file moved to file A (by CL)
// and a kindergarten multiply.
func kgFile(P, x reg.GPVirtual, k reg.GPVirtual) reg.GPVirtual {
	f := shiftedByCL(P, masked(x, 7), false)
	ANDQ(k, f)
	m := GP64()
	MOVQ(U64(0x0102040810204080), m)
	IMULQ(m, f)
	SHRQ(U8(56), f)
	return f
}
