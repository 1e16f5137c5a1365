// Package eval emits the pattern-evaluation kernels (gen/eval_update,
// gen/eval_sum and gen/eval_features call it): the feature update
// (AVX2 and AVX-512 rows of 3 x 16 lanes, as Edax-AVX's eval_update_sse in
// eval_sse.c), the weight sum by gathers over three weight layouts (the
// guarded and the interleaved ones are those of Edax-AVX's accumlate_eval,
// midgame.c, at v4.5.0 and v4.5.5), each with its batch form (the loop in
// assembly), and the features from scratch by PEXT and by PSHUFB.
//
// The per-square rows, the gather offsets, the PEXT masks and
// binary-to-ternary tables and the shuffle controls are Go arrays built at
// init from kernels.FeatureSquares (variants/eval_*_tables.go), read here
// as ·name(SB); only layout-free constants are emitted as RODATA.
package eval

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

// Constants shared by eval_sum's functions, emitted once.
var (
	sumOne     Mem // dword 1
	sumTailAVX Mem // 8-lane mask of lanes 40-45
)

// EvalUpdateFuncs emits eval_update's variants.
func EvalUpdateFuncs() {
	evalUpdateAVX2()
	evalUpdateAVX512()
}

// EvalSumFuncs emits eval_sum's variants, each with its batch form.
func EvalSumFuncs() {
	sumOne = asmgen.Table32("evalSumOne", []uint32{1})
	tail := make([]uint32, 8)
	for i := range tail {
		if 40+i < 46 {
			tail[i] = 0xffffffff
		}
	}
	sumTailAVX = asmgen.Table32("evalSumTail8", tail)
	for _, layout := range []string{"Offset", "Plain", "Interleaved"} {
		evalSumAVX2(layout)
		evalSumAVX2Batch(layout)
		evalSumAVX512(layout)
		evalSumAVX512Batch(layout)
	}
}

// EvalFeaturesFuncs emits eval_features' variants.
func EvalFeaturesFuncs() {
	evalFeaturesPEXT()
	evalFeaturesShuffle()
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

// updateOps are where an update body gets its operands: the per-call
// function loads them from its arguments, the batch loop from an element.
type updateOps struct {
	src, x, flipped, mover, dst func() Register
	label                       func(string) string
}

func (o updateOps) lbl(s string) string {
	if o.label == nil {
		return s
	}
	return o.label(s)
}

func evalUpdateAVX2() {
	asmgen.Func("evalUpdateAVX2", "func(dst, src *[48]uint16, x int, flipped uint64, mover int)")
	Doc("evalUpdateAVX2 updates the 46 indexes as 3 x 16 lanes: x's row of digit",
		"weights subtracted (twice for mover 0: 2 -> 0), then one row per flipped",
		"disc subtracted (mover 0) or added (mover 1), 3 VPSUBW or VPADDW each.")
	updateAVX2(paramOps())
	VZEROUPPER()
	RET()

	updateBatch("evalUpdateAVX2", updateAVX2)
}

// paramOps loads an update's operands from the function's arguments.
func paramOps() updateOps {
	load := func(name string) func() Register { return func() Register { return Load(Param(name), GP64()) } }
	return updateOps{src: load("src"), x: load("x"), flipped: load("flipped"), mover: load("mover"), dst: load("dst")}
}

// updateBatch emits name+"Batch": the update body over a batch of
// variants.FeaturesMove (src 96 bytes, x, flipped, mover: 15 words),
// writing kernels.Features (12 words) until out is full.
func updateBatch(name string, body func(updateOps)) {
	asmgen.Func(name+"Batch", "func(in []uint64, out []uint64)")
	Doc(name+"Batch runs "+name+" on (features, x, flipped, mover) records of 15 words,",
		"writing the 12 words of each result until out is full. The loop stays in assembly: no call per element.")
	src := Load(Param("in").Base(), GP64())
	dst := Load(Param("out").Base(), GP64())
	end := Load(Param("out").Len(), GP64())
	LEAQ(Mem{Base: dst, Index: end, Scale: 8}, end)
	CMPQ(dst, end)
	JAE(LabelRef("done"))
	Label("loop")
	field := func(disp int) func() Register {
		return func() Register {
			r := GP64()
			MOVQ(Mem{Base: src, Disp: disp}, r)
			return r
		}
	}
	body(updateOps{
		src: func() Register { return src }, x: field(96), flipped: field(104), mover: field(112),
		dst: func() Register { return dst }, label: func(s string) string { return "batch_" + s },
	})
	ADDQ(U8(120), src)
	ADDQ(U8(96), dst)
	CMPQ(dst, end)
	JB(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

// updateLane is one register of the 48 words: its offset in a row and
// the move that loads and stores it.
type updateLane struct {
	v    VecVirtual
	disp int
	mov  func(from, to Op)
}

// updateLanes is the update body both widths share: load src into the
// lanes, subtract x's row (twice for mover 0, in each width's own order,
// by double), subtract or add the row of every flipped square, store.
func updateLanes(o updateOps, lanes []updateLane, double func(row Register)) {
	src := o.src()
	for _, l := range lanes {
		l.mov(Mem{Base: src, Disp: l.disp}, l.v)
	}
	x := o.x()
	row := GP64()
	rowAddr(x, row)
	flipped := o.flipped()
	mover := o.mover()
	tb := GP64()
	LEAQ(goData("evalX2FVec", 0), tb)
	sq, off, t := GP64(), GP64(), GP64()
	store := o.lbl("store")
	loop := func(name string, op func(...Op)) {
		name = o.lbl(name)
		Label(name)
		TESTQ(flipped, flipped)
		JZ(LabelRef(store))
		BSFQ(flipped, sq)
		LEAQ(Mem{Base: flipped, Disp: -1}, t)
		ANDQ(t, flipped)
		LEAQ(Mem{Base: sq, Index: sq, Scale: 2}, off)
		SHLQ(Imm(5), off)
		for _, l := range lanes {
			op(Mem{Base: tb, Index: off, Scale: 1, Disp: l.disp}, l.v, l.v)
		}
		JMP(LabelRef(name))
	}
	TESTQ(mover, mover)
	JNZ(LabelRef(o.lbl("mover1")))
	double(row)
	loop("sub", VPSUBW)
	Label(o.lbl("mover1"))
	for _, l := range lanes {
		VPSUBW(Mem{Base: row, Disp: l.disp}, l.v, l.v)
	}
	loop("add", VPADDW)
	Label(store)
	dst := o.dst()
	for _, l := range lanes {
		l.mov(l.v, Mem{Base: dst, Disp: l.disp})
	}
}

func vmovdqu(from, to Op)   { VMOVDQU(from, to) }
func vmovdqu16(from, to Op) { VMOVDQU16(from, to) }

func updateAVX2(o updateOps) {
	lanes := []updateLane{{YMM(), 0, vmovdqu}, {YMM(), 32, vmovdqu}, {YMM(), 64, vmovdqu}}
	updateLanes(o, lanes, func(row Register) {
		for _, l := range lanes {
			VPSUBW(Mem{Base: row, Disp: l.disp}, l.v, l.v)
			VPSUBW(Mem{Base: row, Disp: l.disp}, l.v, l.v)
		}
	})
}

func evalUpdateAVX512() {
	asmgen.Func("evalUpdateAVX512", "func(dst, src *[48]uint16, x int, flipped uint64, mover int)")
	Doc("evalUpdateAVX512 is evalUpdateAVX2 with lanes 0-31 in one ZMM register and",
		"32-47 in a YMM register: 2 subtractions per flipped disc.")
	updateAVX512(paramOps())
	VZEROUPPER()
	RET()

	updateBatch("evalUpdateAVX512", updateAVX512)
}

func updateAVX512(o updateOps) {
	lanes := []updateLane{{ZMM(), 0, vmovdqu16}, {YMM(), 64, vmovdqu}}
	updateLanes(o, lanes, func(row Register) {
		for range 2 {
			for _, l := range lanes {
				VPSUBW(Mem{Base: row, Disp: l.disp}, l.v, l.v)
			}
		}
	})
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

// sumFunc starts the per-call sum of layout with lanes-wide gathers
// (name ending in width) and loads its arguments; vec makes the Plain
// layout's vector of ones.
func sumFunc(layout, width string, lanes int, vec func() VecVirtual) (fp, tp Register, shift, one VecVirtual) {
	name := "evalSumGather" + layout + width
	asmgen.Func(name, sumSignature(layout))
	Doc(fmt.Sprintf("%s sums the 46 weights with %d-lane VPGATHERDD, %s.", name, lanes, sumDoc[layout]))
	fp = Load(Param("f"), GP64())
	tp = Load(Param("t"), GP64())
	if layout == "Interleaved" {
		shift = XMM()
		s := Load(Param("shift"), GP64())
		MOVQ(s, shift)
	}
	return fp, tp, shift, sumOnes(layout, vec)
}

// sumOnes is the Plain layout's vector of dword ones (nil for the others).
func sumOnes(layout string, vec func() VecVirtual) VecVirtual {
	if layout != "Plain" {
		return nil
	}
	one := vec()
	VPBROADCASTD(sumOne, one)
	return one
}

func evalSumAVX2(layout string) {
	fp, tp, shift, one := sumFunc(layout, "AVX2", 8, YMM)
	hsum(gatherAVX2(layout, fp, tp, shift, one))
}

// gatherAVX2 returns the 8 partial sums of the 46 weights of the features
// at fp in the table at tp.
func gatherAVX2(layout string, fp, tp Register, shift, one VecVirtual) VecVirtual {
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
	return acc
}

// hsum stores the sum of acc's 8 dwords, sign-extended, as the result.
func hsum(acc VecVirtual) {
	s := hsumGP(acc)
	VZEROUPPER()
	Store(s, ReturnIndex(0))
	RET()
}

// hsumGP returns the sum of acc's 8 dwords, sign-extended.
func hsumGP(acc VecVirtual) Register {
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
	return s
}

func evalSumAVX512(layout string) {
	fp, tp, shift, one := sumFunc(layout, "AVX512", 16, ZMM)
	acc := ZMM()
	VPXORD(acc, acc, acc)
	idx, d, sel := ZMM(), ZMM(), ZMM()
	k := K()
	full, kl := gatherMasks512()
	hsum(gatherAVX512(layout, fp, tp, shift, one, acc, idx, d, sel, k, full, kl))
}

// gatherMasks512 returns the masks of 16 lanes and of the last 14.
func gatherMasks512() (full, kl Register) {
	full = K()
	KXNORW(full, full, full)
	last := GP32()
	MOVL(U32(1<<14-1), last)
	kl = K()
	KMOVW(last, kl)
	return full, kl
}

// gatherAVX512 sums the 46 weights in the zeroed acc (idx, d, sel, k:
// scratch registers) and returns 8 partial sums.
func gatherAVX512(layout string, fp, tp Register, shift, one, acc, idx, d, sel VecVirtual, k, full, kl Register) VecVirtual {
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
	return y
}

// The batch forms run over variants.FeaturesPly records (the 48 indexes
// in 12 words, then the ply: 13 words) with one table pointer per ply
// (per ply pair for the interleaved layout), built with the layout: the
// ply is clamped to 0..60, its table and the bias (at ·evalBiasIndex)
// are read here, and the shift of the interleaved layout is made from
// the ply's parity.

// numPlies is variants.NumPlies: the weight tables, one per ply 0..60
// (the Go wrappers' table arrays have this type: a mismatch does not
// compile).
const numPlies = 61

func sumBatchSignature(layout string) string {
	if layout == "Interleaved" {
		return fmt.Sprintf("func(tabs *[%d]*int32, in []uint64, out []int)", (numPlies+1)/2)
	}
	return fmt.Sprintf("func(tabs *[%d]*int16, in []uint64, out []int)", numPlies)
}

// sumBatch emits name+"Batch" around gather, which sums the features at
// fp in the table at tp (with shift set for the interleaved layout).
func sumBatch(name, layout string, setup func(), gather func(fp, tp Register, shift VecVirtual) Register) {
	asmgen.Func(name+"Batch", sumBatchSignature(layout))
	Doc(fmt.Sprintf("%sBatch runs %s on (features, ply) records of 13 words, with the tables", name, name),
		"of every ply at tabs (per ply pair for the interleaved layout), len(out) of them.",
		"The loop stays in assembly: no call per element.")
	tabs := Load(Param("tabs"), GP64())
	src, dst, n := asmgen.BatchArgs()
	TESTQ(n, n)
	JZ(LabelRef("done"))
	setup()
	bi := GP64()
	MOVQ(goData("evalBiasIndex", 0), bi)
	Label("loop")
	ply, t := GP64(), GP64()
	MOVQ(Mem{Base: src, Disp: 96}, ply)
	XORL(t.As32(), t.As32())
	CMPQ(ply, t)
	CMOVQLT(t, ply)
	MOVL(U32(numPlies-1), t.As32())
	CMPQ(ply, t)
	CMOVQGT(t, ply)
	tp, bias := GP64(), GP64()
	var shift VecVirtual
	switch layout {
	case "Offset", "Plain":
		MOVQ(Mem{Base: tabs, Index: ply, Scale: 8}, tp)
		disp := 0
		if layout == "Offset" {
			disp = 2 // the guard word
		}
		MOVWQSX(Mem{Base: tp, Index: bi, Scale: 2, Disp: disp}, bias)
	case "Interleaved":
		pair := GP64()
		MOVQ(ply, pair)
		SHRQ(U8(1), pair)
		MOVQ(Mem{Base: tabs, Index: pair, Scale: 8}, tp)
		// the ply's half of the bias: low for an even ply, high for an odd
		hi := GP64()
		MOVWQSX(Mem{Base: tp, Index: bi, Scale: 4}, bias)
		MOVWQSX(Mem{Base: tp, Index: bi, Scale: 4, Disp: 2}, hi)
		ANDL(U32(1), ply.As32())
		CMOVQNE(hi, bias)
		// the gathered dword is shifted left 16 - 16*(ply&1)
		SHLL(U8(4), ply.As32())
		NEGL(ply.As32())
		ADDL(U32(16), ply.As32())
		shift = XMM()
		VMOVQ(ply, shift)
	}
	r := gather(src, tp, shift)
	ADDQ(bias, r)
	asmgen.BatchNext(r, Mem{Base: dst}, src, dst, n, 104)
	asmgen.Ret(true)
}

func evalSumAVX2Batch(layout string) {
	var one VecVirtual
	sumBatch("evalSumGather"+layout+"AVX2", layout, func() {
		one = sumOnes(layout, YMM)
	}, func(fp, tp Register, shift VecVirtual) Register {
		return hsumGP(gatherAVX2(layout, fp, tp, shift, one))
	})
}

func evalSumAVX512Batch(layout string) {
	var one VecVirtual
	var full, kl Register
	sumBatch("evalSumGather"+layout+"AVX512", layout, func() {
		one = sumOnes(layout, ZMM)
		full, kl = gatherMasks512()
	}, func(fp, tp Register, shift VecVirtual) Register {
		acc := ZMM()
		VPXORD(acc, acc, acc)
		return hsumGP(gatherAVX512(layout, fp, tp, shift, one, acc, ZMM(), ZMM(), ZMM(), K(), full, kl))
	})
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
	VPBROADCASTQ(asmgen.ParamAddr("P"), pP)
	VPBROADCASTQ(asmgen.ParamAddr("O"), pO)
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
