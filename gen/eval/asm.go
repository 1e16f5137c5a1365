// Command eval generates the pattern-evaluation kernels: the feature update
// (AVX2 and AVX-512 rows of 3 x 16 lanes, seed 000 4.4.5), the weight sum
// by gathers over three weight layouts (seed 000 4.5.0 and 4.5.5), and the
// features from scratch by PEXT and by PSHUFB (seed 004).
//
// The per-square rows, the gather offsets, the PEXT masks and
// binary-to-ternary tables and the shuffle controls are Go arrays built at
// init from kernels.FeatureSquares (variants/eval_tables.go), read here
// as ·name(SB); only layout-free constants are emitted as RODATA.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// goData addresses a Go variable of package variants.
func goData(name string, disp int) Mem {
	return Mem{Symbol: Symbol{Name: "·" + name}, Base: StaticBase, Disp: disp}
}

// paramAddr is the stack address of an argument.
func paramAddr(name string) Mem {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// Constants shared by several functions, emitted once.
var (
	sumOne     Mem // dword 1
	sumTailAVX Mem // 8-lane mask of lanes 40-45
)

func main() {
	asmgen.Setup()
	sumOne = asmgen.Table32("evalSumOne", []uint32{1})
	tail := make([]uint32, 8)
	for i := range tail {
		if 40+i < 46 {
			tail[i] = 0xffffffff
		}
	}
	sumTailAVX = asmgen.Table32("evalSumTail8", tail)
	evalUpdateAVX2()
	evalUpdateAVX512()
	for _, layout := range []string{"Offset", "Plain", "Interleaved"} {
		evalSumAVX2(layout)
		evalSumAVX512(layout)
	}
	evalFeaturesPEXT()
	evalFeaturesShuffle()
	asmgen.Generate()
}

// rowAddr sets r to the address of square sq's row of ·evalX2FVec.
func rowAddr(sq, r Register) {
	ANDQ(Imm(63), sq)
	LEAQ(Mem{Base: sq, Index: sq, Scale: 2}, r) // 3 sq
	SHLQ(Imm(5), r)                             // 96 sq
	base := GP64()
	LEAQ(goData("evalX2FVec", 0), base)
	ADDQ(base, r)
}

func evalUpdateAVX2() {
	asmgen.Func("evalUpdateAVX2", "func(dst, src *[48]uint16, x int, flipped uint64, mover int)")
	Doc("evalUpdateAVX2 updates the 46 indexes as 3 x 16 lanes: x's row of digit",
		"weights subtracted (twice for mover 0: 2 -> 0), then one row per flipped",
		"disc subtracted (mover 0) or added (mover 1), 3 VPSUBW or VPADDW each.")
	src := Load(Param("src"), GP64())
	f := [3]VecVirtual{YMM(), YMM(), YMM()}
	for i := range f {
		VMOVDQU(Mem{Base: src, Disp: 32 * i}, f[i])
	}
	x := Load(Param("x"), GP64())
	row := GP64()
	rowAddr(x, row)
	flipped := Load(Param("flipped"), GP64())
	mover := Load(Param("mover"), GP64())
	tb := GP64()
	LEAQ(goData("evalX2FVec", 0), tb)
	sq, off, t := GP64(), GP64(), GP64()
	loop := func(name string, op func(...Op)) {
		Label(name)
		TESTQ(flipped, flipped)
		JZ(LabelRef("store"))
		BSFQ(flipped, sq)
		LEAQ(Mem{Base: flipped, Disp: -1}, t)
		ANDQ(t, flipped)
		LEAQ(Mem{Base: sq, Index: sq, Scale: 2}, off)
		SHLQ(Imm(5), off)
		for i := range f {
			op(Mem{Base: tb, Index: off, Scale: 1, Disp: 32 * i}, f[i], f[i])
		}
		JMP(LabelRef(name))
	}
	TESTQ(mover, mover)
	JNZ(LabelRef("mover1"))
	for i := range f {
		VPSUBW(Mem{Base: row, Disp: 32 * i}, f[i], f[i])
		VPSUBW(Mem{Base: row, Disp: 32 * i}, f[i], f[i])
	}
	loop("sub", VPSUBW)
	Label("mover1")
	for i := range f {
		VPSUBW(Mem{Base: row, Disp: 32 * i}, f[i], f[i])
	}
	loop("add", VPADDW)
	Label("store")
	dst := Load(Param("dst"), GP64())
	for i := range f {
		VMOVDQU(f[i], Mem{Base: dst, Disp: 32 * i})
	}
	VZEROUPPER()
	RET()
}

func evalUpdateAVX512() {
	asmgen.Func("evalUpdateAVX512", "func(dst, src *[48]uint16, x int, flipped uint64, mover int)")
	Doc("evalUpdateAVX512 is evalUpdateAVX2 with lanes 0-31 in one ZMM register and",
		"32-47 in a YMM register: 2 subtractions per flipped disc.")
	src := Load(Param("src"), GP64())
	z, y := ZMM(), YMM()
	VMOVDQU16(Mem{Base: src}, z)
	VMOVDQU(Mem{Base: src, Disp: 64}, y)
	x := Load(Param("x"), GP64())
	row := GP64()
	rowAddr(x, row)
	flipped := Load(Param("flipped"), GP64())
	mover := Load(Param("mover"), GP64())
	tb := GP64()
	LEAQ(goData("evalX2FVec", 0), tb)
	sq, off, t := GP64(), GP64(), GP64()
	loop := func(name string, op func(...Op)) {
		Label(name)
		TESTQ(flipped, flipped)
		JZ(LabelRef("store"))
		BSFQ(flipped, sq)
		LEAQ(Mem{Base: flipped, Disp: -1}, t)
		ANDQ(t, flipped)
		LEAQ(Mem{Base: sq, Index: sq, Scale: 2}, off)
		SHLQ(Imm(5), off)
		op(Mem{Base: tb, Index: off, Scale: 1}, z, z)
		op(Mem{Base: tb, Index: off, Scale: 1, Disp: 64}, y, y)
		JMP(LabelRef(name))
	}
	TESTQ(mover, mover)
	JNZ(LabelRef("mover1"))
	for i := 0; i < 2; i++ {
		VPSUBW(Mem{Base: row}, z, z)
		VPSUBW(Mem{Base: row, Disp: 64}, y, y)
	}
	loop("sub", VPSUBW)
	Label("mover1")
	VPSUBW(Mem{Base: row}, z, z)
	VPSUBW(Mem{Base: row, Disp: 64}, y, y)
	loop("add", VPADDW)
	Label("store")
	dst := Load(Param("dst"), GP64())
	VMOVDQU16(z, Mem{Base: dst})
	VMOVDQU(y, Mem{Base: dst, Disp: 64})
	VZEROUPPER()
	RET()
}

// Gather sums. Every form zero-extends the indexes to 32 bits, adds each
// feature's table offset (·evalGatherOffset) and gathers 32 bits per
// lane; the layout decides the address and how the weight is taken out:
//
//   - Offset: guarded table (one guard word first), scale 2: the dword at
//     2*k holds weight k in its high half; arithmetic shift right 16.
//   - Plain: Edax's table, aligned dword at 2*(k &^ 1), shifted left 16
//     when k is even, then arithmetic shift right 16 (word select).
//   - Interleaved: int32 per index, scale 4; shifted left 16 for an even
//     ply (count passed in), then arithmetic shift right 16.
//
// Indexes are clamped to their feature's largest (·evalGatherMax), so
// that even garbage features cannot make a lane read outside the weight
// table, and the pads (lanes 46, 47) are masked off. The bias is added by
// the Go caller.

var sumDoc = map[string]string{
	"Offset":      "guarded layout, -1 offset: weight in the dword's high half",
	"Plain":       "plain layout, aligned dwords and word select by index parity",
	"Interleaved": "interleaved layout, the ply's half selected by shift",
}

func sumSignature(layout string) string {
	switch layout {
	case "Interleaved":
		return "func(f *[48]uint16, t *int32, shift uint64) int"
	default:
		return "func(f *[48]uint16, t *int16) int"
	}
}

func evalSumAVX2(layout string) {
	name := "evalSumGather" + layout + "AVX2"
	asmgen.Func(name, sumSignature(layout))
	Doc(fmt.Sprintf("%s sums the 46 weights with 8-lane VPGATHERDD, %s.", name, sumDoc[layout]))
	fp := Load(Param("f"), GP64())
	tp := Load(Param("t"), GP64())
	var shift, one VecVirtual
	switch layout {
	case "Interleaved":
		shift = XMM()
		s := Load(Param("shift"), GP64())
		MOVQ(s, shift)
	case "Plain":
		one = YMM()
		VPBROADCASTD(sumOne, one)
	}
	acc := YMM()
	VPXOR(acc, acc, acc)
	mask, idx, d, sel := YMM(), YMM(), YMM(), YMM()
	for g := 0; g < 6; g++ {
		VPMOVZXWD(Mem{Base: fp, Disp: 16 * g}, idx)
		VPMINUD(goData("evalGatherMax", 32*g), idx, idx)
		VPADDD(goData("evalGatherOffset", 32*g), idx, idx)
		if g < 5 {
			VPCMPEQD(mask, mask, mask)
		} else {
			VMOVDQU(sumTailAVX, mask)
		}
		VPXOR(d, d, d)
		switch layout {
		case "Offset":
			VPGATHERDD(mask, Mem{Base: tp, Index: idx, Scale: 2}, d)
		case "Plain":
			VPANDN(one, idx, sel) // 1 if k even
			VPSLLD(Imm(4), sel, sel)
			VPANDN(idx, one, idx) // k &^ 1
			VPGATHERDD(mask, Mem{Base: tp, Index: idx, Scale: 2}, d)
			VPSLLVD(sel, d, d)
		case "Interleaved":
			VPGATHERDD(mask, Mem{Base: tp, Index: idx, Scale: 4}, d)
			VPSLLD(shift, d, d)
		}
		VPSRAD(Imm(16), d, d)
		VPADDD(d, acc, acc)
	}
	hsum(acc)
}

// hsum stores the sum of acc's 8 dwords, sign-extended, as the result.
func hsum(acc VecVirtual) {
	x := XMM()
	VEXTRACTI128(Imm(1), acc, x)
	VPADDD(x, acc.AsX(), x)
	y := XMM()
	VPSHUFD(Imm(0x4e), x, y)
	VPADDD(y, x, x)
	VPSHUFD(Imm(0xb1), x, y)
	VPADDD(y, x, x)
	r := GP32()
	VMOVD(x, r)
	s := GP64()
	MOVLQSX(r, s)
	VZEROUPPER()
	Store(s, ReturnIndex(0))
	RET()
}

func evalSumAVX512(layout string) {
	name := "evalSumGather" + layout + "AVX512"
	asmgen.Func(name, sumSignature(layout))
	Doc(fmt.Sprintf("%s sums the 46 weights with 16-lane VPGATHERDD, %s.", name, sumDoc[layout]))
	fp := Load(Param("f"), GP64())
	tp := Load(Param("t"), GP64())
	var shift, one VecVirtual
	switch layout {
	case "Interleaved":
		shift = XMM()
		s := Load(Param("shift"), GP64())
		MOVQ(s, shift)
	case "Plain":
		one = ZMM()
		VPBROADCASTD(sumOne, one)
	}
	acc := ZMM()
	VPXORD(acc, acc, acc)
	idx, d, sel := ZMM(), ZMM(), ZMM()
	k := K()
	full := K()
	KXNORW(full, full, full)
	last := GP32()
	MOVL(U32(1<<14-1), last)
	kl := K()
	KMOVW(last, kl)
	for g := 0; g < 3; g++ {
		VPMOVZXWD(Mem{Base: fp, Disp: 32 * g}, idx)
		VPMINUD(goData("evalGatherMax", 64*g), idx, idx)
		VPADDD(goData("evalGatherOffset", 64*g), idx, idx)
		if g < 2 {
			KMOVW(full, k)
		} else {
			KMOVW(kl, k)
		}
		VPXORD(d, d, d)
		switch layout {
		case "Offset":
			VPGATHERDD(Mem{Base: tp, Index: idx, Scale: 2}, k, d)
		case "Plain":
			VPANDND(one, idx, sel)
			VPSLLD(Imm(4), sel, sel)
			VPANDND(idx, one, idx)
			VPGATHERDD(Mem{Base: tp, Index: idx, Scale: 2}, k, d)
			VPSLLVD(sel, d, d)
		case "Interleaved":
			VPGATHERDD(Mem{Base: tp, Index: idx, Scale: 4}, k, d)
			VPSLLD(shift, d, d)
		}
		VPSRAD(Imm(16), d, d)
		VPADDD(d, acc, acc)
	}
	y := YMM()
	VEXTRACTI64X4(Imm(1), acc, y)
	VPADDD(y, acc.AsY(), y)
	hsum(y)
}

// evalFeaturesPEXT: per feature, PEXT of P and of O by the feature's
// squares, each looked up in its binary-to-ternary table.
func evalFeaturesPEXT() {
	asmgen.Func("evalFeaturesPEXT", "func(P, O uint64, f *[48]uint16)")
	Doc("evalFeaturesPEXT extracts each feature's squares from P and O with PEXT and",
		"turns both bit patterns to base 3 by table: index = 3^n-1 - 2 B2T(p) - B2T(o).")
	p := Load(Param("P"), GP64())
	o := Load(Param("O"), GP64())
	fp := Load(Param("f"), GP64())
	ANDNQ(o, p, o) // O &^ P: a square of both counts as P, as in the reference
	tb := GP64()
	LEAQ(goData("evalPextB2T", 0), tb)
	const desc = 16 // bytes of a pextFeature
	for i := 0; i < 46; i++ {
		a, b, base, r := GP64(), GP64(), GP64(), GP32()
		PEXTQ(goData("evalPextFeature", desc*i), p, a)
		PEXTQ(goData("evalPextFeature", desc*i), o, b)
		MOVL(goData("evalPextFeature", desc*i+8), base.As32())
		LEAQ(Mem{Base: tb, Index: base, Scale: 2}, base)
		MOVWLZX(Mem{Base: base, Index: a, Scale: 2}, a.As32())
		MOVWLZX(Mem{Base: base, Index: b, Scale: 2}, b.As32())
		MOVWLZX(goData("evalPextFeature", desc*i+12), r)
		LEAL(Mem{Base: b, Index: a, Scale: 2}, a.As32())
		SUBL(a.As32(), r)
		MOVW(r.As16(), Mem{Base: fp, Disp: 2 * i})
	}
	MOVL(U32(0), Mem{Base: fp, Disp: 2 * 46})
	RET()
}

// evalFeaturesShuffle: a byte per square holds its digit; for each 16
// features and each pair of digits (most significant first, padded to
// 10), VPSHUFB of the four 16-square chunks picks the pair into each
// feature's 16-bit lane, VPMADDUBSW makes it one base-9 digit, and the
// five base-9 digits are weighted by VPMULLW and summed.
func evalFeaturesShuffle() {
	asmgen.Func("evalFeaturesShuffleAVX2", "func(P, O uint64, f *[48]uint16)")
	Doc("evalFeaturesShuffleAVX2 computes the 46 indexes with VPSHUFB extraction of",
		"each feature's squares from a byte-per-square digit board (seed 004).")
	var expLo, expHi, bitsel, w31 []uint8
	for i := 0; i < 32; i++ {
		lane, j := i/16, i%16
		expLo = append(expLo, uint8(2*lane+j/8))
		expHi = append(expHi, uint8(4+2*lane+j/8))
		bitsel = append(bitsel, 1<<(i%8))
		w31 = append(w31, uint8(3-2*(i%2)))
	}
	mExpLo := asmgen.Table8("evalShufExpandLo", expLo)
	mExpHi := asmgen.Table8("evalShufExpandHi", expHi)
	mBits := asmgen.Table8("evalShufBits", bitsel)
	mW31 := asmgen.Table8("evalShufW31", w31)
	var pow9 []uint32
	for k := 0; k < 4; k++ {
		v := uint32(1)
		for j := k; j < 4; j++ {
			v *= 9
		}
		pow9 = append(pow9, v) // 6561, 729, 81, 9
	}
	mPow9 := asmgen.Table32("evalShufPow9", pow9)

	pP, pO := YMM(), YMM()
	VPBROADCASTQ(paramAddr("P"), pP)
	VPBROADCASTQ(paramAddr("O"), pO)
	bits := YMM()
	VMOVDQU(mBits, bits)
	two := YMM()
	VPCMPEQB(two, two, two)
	VPABSB(two, two)
	VPADDB(two, two, two) // 2 in every byte
	// digit board: lo = squares 0-31, hi = 32-63; digit = 2 - 2p - o
	board := func(exp Mem) VecVirtual {
		mp, mo := YMM(), YMM()
		VPSHUFB(exp, pP, mp)
		VPAND(bits, mp, mp)
		VPCMPEQB(bits, mp, mp)
		VPSHUFB(exp, pO, mo)
		VPAND(bits, mo, mo)
		VPCMPEQB(bits, mo, mo)
		VPANDN(mo, mp, mo) // a square of both counts as P
		VPADDB(mp, mp, mp)
		VPADDB(mp, mo, mo)
		VPADDB(two, mo, mo)
		return mo
	}
	lo, hi := board(mExpLo), board(mExpHi)
	var chunk [4]VecVirtual
	for c := range chunk {
		chunk[c] = YMM()
	}
	VPERM2I128(Imm(0x00), lo, lo, chunk[0])
	VPERM2I128(Imm(0x11), lo, lo, chunk[1])
	VPERM2I128(Imm(0x00), hi, hi, chunk[2])
	VPERM2I128(Imm(0x11), hi, hi, chunk[3])
	w := YMM()
	VMOVDQU(mW31, w)
	var pw [4]VecVirtual
	for k := range pw {
		pw[k] = YMM()
		VPBROADCASTW(mPow9.Offset(4*k), pw[k])
	}
	fp := Load(Param("f"), GP64())
	for v := 0; v < 3; v++ {
		acc := YMM()
		for k := 0; k < 5; k++ {
			x := YMM()
			for c := 0; c < 4; c++ {
				ctrl := goData("evalShufCtrl", ((v*5+k)*4+c)*32)
				if c == 0 {
					VPSHUFB(ctrl, chunk[c], x)
				} else {
					t := YMM()
					VPSHUFB(ctrl, chunk[c], t)
					VPOR(t, x, x)
				}
			}
			VPMADDUBSW(w, x, x)
			if k < 4 {
				VPMULLW(pw[k], x, x)
			}
			if k == 0 {
				acc = x
			} else {
				VPADDW(x, acc, acc)
			}
		}
		VMOVDQU(acc, Mem{Base: fp, Disp: 32 * v})
	}
	VZEROUPPER()
	RET()
}
