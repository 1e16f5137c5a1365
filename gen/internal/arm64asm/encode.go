package arm64asm

import "fmt"

// Inst is an instruction the Go assembler lacks: its encoding and the
// assembly text (ARM's syntax) it stands for.
type Inst interface {
	Word() uint32
	Text() string
}

type enc struct {
	word uint32
	text string
}

func (e enc) Word() uint32 { return e.word }
func (e enc) Text() string { return e.text }

// field checks that v fits in bits bits and places it at shift.
func field(v, bits, shift int) uint32 {
	if v < 0 || v >= 1<<bits {
		panic(fmt.Sprintf("arm64asm: %d does not fit in %d bits", v, bits))
	}
	return uint32(v) << shift
}

// The SVE instructions the variants use, 64-bit elements only: z, p and
// x are register numbers, the encodings those of the Arm ARM (checked
// against llvm-mc's in encode_test.go).

// PTRUE pd.d (every element active).
func PTRUE(pd int) Inst {
	return enc{0x25d8e3e0 | field(pd, 4, 0), fmt.Sprintf("ptrue p%d.d", pd)}
}

// WHILELO pd.d, xn, xm: elements i with xn+i < xm active; Z set when none.
func WHILELO(pd, xn, xm int) Inst {
	return enc{0x25e01c00 | field(xm, 5, 16) | field(xn, 5, 5) | field(pd, 4, 0), fmt.Sprintf("whilelo p%d.d, x%d, x%d", pd, xn, xm)}
}

// LD1D {zt.d}, pg/z, [xn, xm, lsl #3]: inactive elements zeroed.
func LD1D(zt, pg, xn, xm int) Inst {
	return enc{0xa5e04000 | field(xm, 5, 16) | field(pg, 3, 10) | field(xn, 5, 5) | field(zt, 5, 0),
		fmt.Sprintf("ld1d {z%d.d}, p%d/z, [x%d, x%d, lsl #3]", zt, pg, xn, xm)}
}

// INCD xdn: xdn += the number of 64-bit elements in a vector.
func INCD(xdn int) Inst {
	return enc{0x04f0e3e0 | field(xdn, 5, 0), fmt.Sprintf("incd x%d", xdn)}
}

// unaryPred is zd.d = op(zn.d) where pg is active, zd kept elsewhere.
func unaryPred(base uint32, op string, zd, pg, zn int) Inst {
	return enc{base | field(pg, 3, 10) | field(zn, 5, 5) | field(zd, 5, 0), fmt.Sprintf("%s z%d.d, p%d/m, z%d.d", op, zd, pg, zn)}
}

// CNT zd.d, pg/m, zn.d: the set bits of each element.
func CNT(zd, pg, zn int) Inst { return unaryPred(0x04daa000, "cnt", zd, pg, zn) }

// NEG zd.d, pg/m, zn.d.
func NEG(zd, pg, zn int) Inst { return unaryPred(0x04d7a000, "neg", zd, pg, zn) }

// RBIT zd.d, pg/m, zn.d: each element's bits reversed.
func RBIT(zd, pg, zn int) Inst { return unaryPred(0x05e78000, "rbit", zd, pg, zn) }

// binaryPred is zdn.d = zdn op zm where pg is active.
func binaryPred(base uint32, op string, zdn, pg, zm int) Inst {
	return enc{base | field(pg, 3, 10) | field(zm, 5, 5) | field(zdn, 5, 0), fmt.Sprintf("%s z%d.d, p%d/m, z%d.d, z%d.d", op, zdn, pg, zdn, zm)}
}

// ADD zdn.d, pg/m, zdn.d, zm.d.
func ADD(zdn, pg, zm int) Inst { return binaryPred(0x04c00000, "add", zdn, pg, zm) }

// LSLV zdn.d, pg/m, zdn.d, zm.d: each element shifted left by zm's.
func LSLV(zdn, pg, zm int) Inst { return binaryPred(0x04d38000, "lsl", zdn, pg, zm) }

// ORRP zdn.d, pg/m, zdn.d, zm.d.
func ORRP(zdn, pg, zm int) Inst { return binaryPred(0x04d80000, "orr", zdn, pg, zm) }

// logical is the unpredicated zd.d = zn op zm.
func logical(base uint32, op string, zd, zn, zm int) Inst {
	return enc{base | field(zm, 5, 16) | field(zn, 5, 5) | field(zd, 5, 0), fmt.Sprintf("%s z%d.d, z%d.d, z%d.d", op, zd, zn, zm)}
}

// AND, ORR, EOR and BIC (zn AND NOT zm) on whole vectors.
func AND(zd, zn, zm int) Inst { return logical(0x04203000, "and", zd, zn, zm) }
func ORR(zd, zn, zm int) Inst { return logical(0x04603000, "orr", zd, zn, zm) }
func EOR(zd, zn, zm int) Inst { return logical(0x04a03000, "eor", zd, zn, zm) }
func BIC(zd, zn, zm int) Inst { return logical(0x04e03000, "bic", zd, zn, zm) }

// SEL zd.d, pg, zn.d, zm.d: zn where pg is active, zm elsewhere.
func SEL(zd, pg, zn, zm int) Inst {
	return enc{0x05e0c000 | field(zm, 5, 16) | field(pg, 4, 10) | field(zn, 5, 5) | field(zd, 5, 0),
		fmt.Sprintf("sel z%d.d, p%d, z%d.d, z%d.d", zd, pg, zn, zm)}
}

// SUBI zdn.d, zdn.d, #imm (0..255).
func SUBI(zdn, imm int) Inst {
	return enc{0x25e1c000 | field(imm, 8, 5) | field(zdn, 5, 0), fmt.Sprintf("sub z%d.d, z%d.d, #%d", zdn, zdn, imm)}
}

// DUPX zd.d, xn: xn in every element (mov zd.d, xn).
func DUPX(zd, xn int) Inst {
	return enc{0x05e03800 | field(xn, 5, 5) | field(zd, 5, 0), fmt.Sprintf("mov z%d.d, x%d", zd, xn)}
}

// DUPI zd.d, #imm (-128..127) in every element.
func DUPI(zd, imm int) Inst {
	return enc{0x25f8c000 | field(imm&0xff, 8, 5) | field(zd, 5, 0), fmt.Sprintf("mov z%d.d, #%d", zd, imm)}
}

// INDEX zd.d, xn, #imm: element i is xn + i*imm (imm -16..15).
func INDEX(zd, xn, imm int) Inst {
	return enc{0x04e04400 | field(imm&0x1f, 5, 16) | field(xn, 5, 5) | field(zd, 5, 0), fmt.Sprintf("index z%d.d, x%d, #%d", zd, xn, imm)}
}

// CMPHS pd.d, pg/z, zn.d, #imm (unsigned 0..127).
func CMPHS(pd, pg, zn, imm int) Inst {
	return enc{0x24e00000 | field(imm, 7, 14) | field(pg, 3, 10) | field(zn, 5, 5) | field(pd, 4, 0),
		fmt.Sprintf("cmphs p%d.d, p%d/z, z%d.d, #%d", pd, pg, zn, imm)}
}

// CMPNE pd.d, pg/z, zn.d, #imm (-16..15).
func CMPNE(pd, pg, zn, imm int) Inst {
	return enc{0x25c08010 | field(imm&0x1f, 5, 16) | field(pg, 3, 10) | field(zn, 5, 5) | field(pd, 4, 0),
		fmt.Sprintf("cmpne p%d.d, p%d/z, z%d.d, #%d", pd, pg, zn, imm)}
}

// reduce is vd = the reduction of zn's elements where pg is active.
func reduce(base uint32, op string, vd, pg, zn int) Inst {
	return enc{base | field(pg, 3, 10) | field(zn, 5, 5) | field(vd, 5, 0), fmt.Sprintf("%s d%d, p%d, z%d.d", op, vd, pg, zn)}
}

// UADDV dd, pg, zn.d: the sum; ORV dd, pg, zn.d: the OR.
func UADDV(vd, pg, zn int) Inst { return reduce(0x04c12000, "uaddv", vd, pg, zn) }
func ORV(vd, pg, zn int) Inst   { return reduce(0x04d82000, "orv", vd, pg, zn) }

// STNP xt, xt2, [xn, #off]: a pair stored with a non-temporal hint (off
// a multiple of 8 in -512..504).
func STNP(xt, xt2, xn, off int) Inst {
	if off%8 != 0 {
		panic(fmt.Sprintf("arm64asm: stnp offset %d is not a multiple of 8", off))
	}
	return enc{0xa8000000 | field((off/8)&0x7f, 7, 15) | field(xt2, 5, 10) | field(xn, 5, 5) | field(xt, 5, 0),
		fmt.Sprintf("stnp %s, %s, [x%d, #%d]", xreg(xt), xreg(xt2), xn, off)}
}

// xreg names a general register where 31 is the zero register.
func xreg(n int) string {
	if n == 31 {
		return "xzr"
	}
	return fmt.Sprintf("x%d", n)
}

// AllInsts lists one instance of every constructor with the registers
// given, for the encoder's test.
func AllInsts(a, b, c, p, q int) []Inst {
	return []Inst{
		PTRUE(p), WHILELO(p, a, b), LD1D(a, q, b, c), INCD(a),
		CNT(a, q, b), NEG(a, q, b), RBIT(a, q, b), ADD(a, q, b), ORRP(a, q, b),
		AND(a, b, c), ORR(a, b, c), EOR(a, b, c), BIC(a, b, c), SEL(a, p, b, c),
		SUBI(a, 255-b), DUPX(a, b), DUPI(a, b-16), INDEX(a, b, c-16),
		CMPHS(p, q, a, 127-b), CMPNE(p, q, a, c-16), UADDV(a, q, b), ORV(a, q, b),
		STNP(31, c, b, 8*(c-16)), STNP(a, 31, b, -8*q), LSLV(a, q, b),
	}
}
