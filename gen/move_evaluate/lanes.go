package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// move_evaluate parity-table with a move per lane: eight moves of a node
// scored at once in ZMM registers, the opponent's mobility by a
// Kogge-Stone fill per direction on the eight boards. The forms above
// score one move at a time (its eight directions in the lanes), with a
// horizontal reduction per move; here nothing is reduced, and the
// potential mobility, corner stability and weighted counts (VPOPCNTQ)
// run eight wide too.

// tern is VPTERNLOGQ's immediate for f of the destination (a) and the
// other two operands, in avo's order VPTERNLOGQ(imm, c, b, a).
func tern(f func(a, b, c uint8) uint8) U8 { return U8(f(0xf0, 0xcc, 0xaa)) }

// laneConsts are what the lanes score reads: masks from memory (eight
// copies each: the loop would run out of registers), the weights of
// ·moveEvalW broadcast into registers once.
type laneConsts struct {
	one, m63, byte0, inner, corners, c02, c40, k8, k79 Mem
	w                                                  [7]reg.VecVirtual // 0-2 only in the batch form
}

var laneMem laneConsts

// laneSetup broadcasts the weights: the hash-move and wipe-out ones
// (0-2) too if hash.
func laneSetup(hash bool) laneConsts {
	c := laneMem
	first := 3
	if hash {
		first = 0
	}
	for i := first; i < 7; i++ {
		c.w[i] = ZMM()
		VPBROADCASTQ(moveEvalW(i), c.w[i])
	}
	return c
}

// laneMoves returns the moves of the boards (P, O) of each lane, not yet
// masked by the empty squares: per direction and sense, one step, then
// the doubled step twice (runs of up to six discs), as moves avx2 does.
func laneMoves(c laneConsts, P, O reg.VecVirtual) reg.VecVirtual {
	moves := ZMM()
	first := true
	for _, d := range []struct {
		s     uint64
		inner bool
	}{{1, true}, {8, false}, {7, true}, {9, true}} {
		mO := O
		if d.inner {
			mO = ZMM()
			VPANDQ(c.inner, O, mO)
		}
		for _, left := range []bool{true, false} {
			sh := VPSLLQ
			if !left {
				sh = VPSRLQ
			}
			f, t, pre := ZMM(), ZMM(), ZMM()
			sh(U8(d.s), P, f)
			VPANDQ(mO, f, f)
			sh(U8(d.s), f, t)
			VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b&c }), mO, t, f)
			sh(U8(d.s), mO, pre)
			VPANDQ(mO, pre, pre)
			for i := 0; i < 2; i++ {
				sh(U8(2*d.s), f, t)
				VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b&c }), pre, t, f)
			}
			sh(U8(d.s), f, f)
			if first {
				VMOVDQA64(f, moves)
				first = false
			} else {
				VPORQ(f, moves, moves)
			}
		}
	}
	return moves
}

// weightedLanes is each lane's count of b plus its corners.
func weightedLanes(c laneConsts, b reg.VecVirtual) reg.VecVirtual {
	n, k := ZMM(), ZMM()
	VPOPCNTQ(b, n)
	VPANDQ(c.corners, b, k)
	VPOPCNTQ(k, k)
	VPADDQ(k, n, n)
	return n
}

// laneScore returns the score of each lane's move x (0..63) flipping f
// on the board (P, O), sq the square's value with its parity bonus (from
// laneSquare): the opponent's potential mobility and mobility after the
// move, the mover's corner stability (moveScore's terms, eight at a time).
func laneScore(c laneConsts, P, O, x, f, sq reg.VecVirtual) reg.VecVirtual {
	// the position after the move: the opponent (np) to move
	np, no, t := ZMM(), ZMM(), ZMM()
	VPANDNQ(O, f, np) // O &^ f
	VMOVDQU64(c.one, t)
	VPSLLVQ(x, t, t)
	VMOVDQA64(P, no)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b | c }), f, t, no)
	empty := ZMM()
	VMOVDQA64(np, empty)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return ^(a | b) }), no, no, empty)

	res := ZMM()
	VPADDQ(c.w[3], sq, res)

	// potential mobility: the empty squares next to the mover's discs
	// (np's potential moves), each direction from the discs it can leave
	pot, a, b := ZMM(), ZMM(), ZMM()
	VPANDQ(c.inner, no, a)
	VPSLLQ(U8(1), a, pot)
	VPSRLQ(U8(1), a, b)
	VPORQ(b, pot, pot)
	VPANDQ(c.k8, no, a)
	VPSLLQ(U8(8), a, b)
	VPSRLQ(U8(8), a, t)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b | c }), t, b, pot)
	VPANDQ(c.k79, no, a)
	VPSLLQ(U8(7), a, b)
	VPSRLQ(U8(7), a, t)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b | c }), t, b, pot)
	VPSLLQ(U8(9), a, b)
	VPSRLQ(U8(9), a, t)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b | c }), t, b, pot)
	VPANDQ(empty, pot, pot)
	wp := weightedLanes(c, pot)
	VPMULUDQ(c.w[4], wp, wp)
	VPSUBQ(wp, res, res)

	// corner stability of the mover's discs: its corners and its edge
	// discs next to them
	cs, sp := ZMM(), ZMM()
	VPANDQ(c.corners, no, cs)
	VPSLLQ(U8(1), cs, sp)
	VPANDQ(c.c02, sp, sp)
	VPSRLQ(U8(1), cs, t)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b&c }), c.c40, t, sp)
	VPSLLQ(U8(8), cs, t)
	VPSRLQ(U8(8), cs, b)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b | c }), b, t, sp)
	VPTERNLOGQ(tern(func(a, b, c uint8) uint8 { return a | b&c }), no, sp, cs)
	VPOPCNTQ(cs, cs)
	VPMULUDQ(c.w[5], cs, cs)
	VPADDQ(cs, res, res)

	// mobility
	mob := laneMoves(c, np, no)
	VPANDQ(empty, mob, mob)
	wm := weightedLanes(c, mob)
	VPMULUDQ(c.w[6], wm, wm)
	VPSUBQ(wm, res, res)
	return res
}

// lanesLeft returns min(n, 8): the lanes this round of a loop over n
// moves or records fills.
func lanesLeft(n reg.GPVirtual) reg.GPVirtual {
	r := GP64()
	MOVQ(U32(8), r)
	CMPQ(n, r)
	CMOVQLT(n, r)
	return r
}

// laneMask returns the lane mask of the min(n, 8) moves left, in a GP
// register (each gather consumes a copy in a mask register).
func laneMask(n reg.GPVirtual) reg.GPVirtual {
	r, tb, all := lanesLeft(n), GP64(), GP64()
	LEAQ(laneMasks, tb)
	MOVBLZX(Mem{Base: tb, Index: r, Scale: 1}, all.As32())
	return all
}

// laneMasks[r] has the low r bits set.
var laneMasks Mem

// gatherLanes gathers the word at disp of each lane's record (src plus
// the lane's offset in idx) into a new register; 0 in the lanes not in
// all.
func gatherLanes(src reg.GPVirtual, idx reg.VecVirtual, disp int, all reg.GPVirtual) reg.VecVirtual {
	k, z := K(), ZMM()
	KMOVW(all.As32(), k)
	VPXORQ(z, z, z)
	VPGATHERQQ(Mem{Base: src, Index: idx, Scale: 1, Disp: disp}, k, z)
	return z
}

// laneTables emits the tables of the lanes forms (before any function):
// the lane masks, the byte offsets of eight records of 8 words, the
// node form's permutations and masks, the constants.
func laneTables() {
	laneMasks = asmgen.Table8("moveEvalLaneMasks", []uint8{0, 1, 3, 7, 15, 31, 63, 127, 255})
	iota := func(name string, size uint64) Mem {
		v := make([]uint64, 8)
		for i := range v {
			v[i] = uint64(i) * size
		}
		return asmgen.Table64(name, v)
	}
	laneOffsets64 = iota("moveEvalLanes64", 64)
	for i, p := range [7][8]uint64{
		{0, 3, 6, 9, 12, 15, 0, 0}, {0, 1, 2, 3, 4, 5, 10, 13},
		{1, 4, 7, 10, 13, 0, 0, 0}, {0, 1, 2, 3, 4, 8, 11, 14},
		{0, 0, 0, 0, 0, 1, 0, 0}, {2, 0, 0, 3, 0, 0, 4, 0}, {0, 5, 0, 0, 6, 0, 0, 7},
	} {
		nodePerms[i] = asmgen.Table64(fmt.Sprintf("moveEvalNodePerm%d", i), p[:])
	}
	var m []uint8
	low := func(b int) uint8 { return uint8(1<<min(max(b, 0), 8) - 1) }
	for r := 0; r <= 8; r++ {
		w := 3 * r
		l := [3]uint8{low(w), low(w - 8), low(w - 16)}
		m = append(m, l[0], l[1], l[2], l[0]&0x24, l[1]&0x49, l[2]&0x92)
	}
	nodeMasks = asmgen.Table8("moveEvalNodeMasks", m)
	eight := func(name string, v uint64) Mem {
		return asmgen.Table64(name, []uint64{v, v, v, v, v, v, v, v})
	}
	laneMem = laneConsts{
		one: eight("moveEvalLaneOne", 1), m63: eight("moveEvalLane63", 63), byte0: eight("moveEvalLaneFF", 0xff),
		inner: eight("moveEvalLaneInner", 0x7e7e7e7e7e7e7e7e), corners: eight("moveEvalLaneCorners", 0x8100000000000081),
		c02: eight("moveEvalLaneC02", 0x0200000000000002), c40: eight("moveEvalLaneC40", 0x4000000000000040),
		k8: eight("moveEvalLaneK8", 0x00ffffffffffff00), k79: eight("moveEvalLaneK79", 0x007e7e7e7e7e7e00),
	}
}

var laneOffsets64 Mem

// nodePerms: the VPERMI2Q indexes that take x (0, 1) and f (2, 3) out of
// eight 3-word records, first from words 0-15, then with words 16-23;
// the VPERMQ indexes that put eight scores at words 2, 5 (4), 8, 11, 14
// (5) and 17, 20, 23 (6) of the three registers. nodeMasks: per record
// count r (0..8), the load masks of the three registers' words (3r words
// in all), then the store masks of their score words.
var (
	nodePerms [7]Mem
	nodeMasks Mem
)

// permute24 returns the lanes idx0 then idx1 select from the 24 words.
func permute24(idx0, idx1 Mem, words [3]reg.VecVirtual) reg.VecVirtual {
	t, v := ZMM(), ZMM()
	VMOVDQU64(idx0, t)
	VPERMI2Q(words[1], words[0], t)
	VMOVDQU64(idx1, v)
	VPERMI2Q(words[2], t, v)
	return v
}

// loadOffsets loads a table of eight offsets.
func loadOffsets(m Mem) reg.VecVirtual {
	z := ZMM()
	VMOVDQU64(m, z)
	return z
}

// moveEvaluateNodeLanes is moveEvaluateNode with eight moves per ZMM: the
// moves and flips permuted out of the node's list (not gathered: gathers
// and a scatter cost more than the score itself), the scores permuted
// back into it.
func moveEvaluateNodeLanes(name string) {
	asmgen.Func(name, "func(P, O uint64, parity, empties, k int, list *[3 * 34]uint64)")
	Doc(name+" is move_evaluate parity-table for the k moves of one node, eight per ZMM (a move",
		"per lane), no hash move: (x, flipped, score) records of 3 words in list, whose scores it writes (the assembly bottom's entry).")
	src, n := GP64(), GP64()
	Load(Param("list"), src)
	Load(Param("k"), n)
	TESTQ(n, n)
	JZ(LabelRef("done"))
	c := laneSetup(false)
	P, O := ZMM(), ZMM()
	VPBROADCASTQ(asmgen.ParamAddr("P"), P)
	VPBROADCASTQ(asmgen.ParamAddr("O"), O)
	// the parity bonus of a move in an odd quadrant, and the quadrants
	bonus, tb, par8 := GP64(), GP64(), ZMM()
	Load(Param("empties"), bonus)
	ANDL(U32(63), bonus.As32())
	LEAQ(asmgen.GoTable("parityWeight"), tb)
	bon := ZMM()
	VPBROADCASTQ(Mem{Base: tb, Index: bonus, Scale: 8}, bon)
	p := GP64()
	Load(Param("parity"), p)
	SHLQ(U8(8), p)
	VPBROADCASTQ(p, par8)
	w0 := ZMM()
	VPBROADCASTQ(moveEvalW(0), w0)

	Label("loop")
	// eight records are 24 words in three registers, loaded under masks
	// (no word past the k-th record is read); x and f are permuted out,
	// the scores permuted back in and stored under masks of their words
	r, masks := lanesLeft(n), GP64()
	LEAQ(nodeMasks, masks)
	LEAQ(Mem{Base: r, Index: r, Scale: 2}, r)
	LEAQ(Mem{Base: masks, Index: r, Scale: 2}, masks) // 6 bytes per record count
	var words [3]reg.VecVirtual
	for i := range words {
		m, k := GP64(), K()
		MOVBLZX(Mem{Base: masks, Disp: i}, m.As32())
		KMOVW(m.As32(), k)
		words[i] = ZMM()
		VMOVDQU64_Z(Mem{Base: src, Disp: 64 * i}, k, words[i])
	}
	x := permute24(nodePerms[0], nodePerms[1], words)
	VPANDQ(c.m63, x, x)
	f := permute24(nodePerms[2], nodePerms[3], words)
	sq := laneSquare(c, x, par8, bon)
	res := laneScore(c, P, O, x, f, sq)
	// a wipe-out scores W0
	wk := K()
	VPCMPEQQ(O, f, wk)
	VMOVDQA64(w0, wk, res)
	for i := 0; i < 3; i++ {
		m, k, o := GP64(), K(), ZMM()
		MOVBLZX(Mem{Base: masks, Disp: 3 + i}, m.As32())
		KMOVW(m.As32(), k)
		VMOVDQU64(nodePerms[4+i], o)
		VPERMQ(res, o, o)
		VMOVDQU64(o, k, Mem{Base: src, Disp: 64 * i})
	}
	ADDQ(U32(8*24), src)
	SUBQ(U8(8), n)
	JG(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

// laneSquare is each lane's square value plus bon where x's quadrant is
// odd in par8 (the parity shifted left 8): one VPERMI2W looks both up in
// ·moveEvalSquareWords (a word per square: the value, the quadrant bit
// above it; 64 words are two registers' worth). The lane's three upper
// words hold square 0's word: masked off, and par8 has no bit there.
func laneSquare(c laneConsts, x, par8, bon reg.VecVirtual) reg.VecVirtual {
	w, lo := ZMM(), ZMM()
	VMOVDQA64(x, w)
	VMOVDQU64(asmgen.GoTable("moveEvalSquareWords"), lo)
	VPERMI2W(asmgen.GoTable("moveEvalSquareWords").Offset(64), lo, w)
	k, v := K(), ZMM()
	VPTESTMQ(par8, w, k)
	VPANDQ(c.byte0, w, v)
	VPADDQ(bon, v, k, v)
	return v
}

// moveEvaluateBatchLanes is moveEvaluateBatch with eight records per
// ZMM: each field gathered across eight records, the hash moves and the
// wipe-out blended over the score, eight results stored under a mask.
func moveEvaluateBatchLanes(name string) {
	asmgen.Func(name, "func(in []uint64, out []int)")
	Doc(name+" is move_evaluate parity-table over (P, O, x, flipped, parity, empties, h0, h1) records",
		"of 8 words, eight per ZMM (a record per lane), len(out) of them.")
	src, dst, n := asmgen.BatchArgs()
	TESTQ(n, n)
	JZ(LabelRef("done"))
	c := laneSetup(true)
	idx := loadOffsets(laneOffsets64)
	Label("loop")
	all := laneMask(n)
	P := gatherLanes(src, idx, 0, all)
	O := gatherLanes(src, idx, 8, all)
	x := gatherLanes(src, idx, 16, all)
	VPANDQ(c.m63, x, x)
	f := gatherLanes(src, idx, 24, all)
	par := gatherLanes(src, idx, 32, all)
	e := gatherLanes(src, idx, 40, all)
	VPANDQ(c.m63, e, e)
	tb, k, bon := GP64(), K(), ZMM()
	LEAQ(asmgen.GoTable("parityWeight"), tb)
	KMOVW(all.As32(), k)
	VPXORQ(bon, bon, bon)
	VPGATHERQQ(Mem{Base: tb, Index: e, Scale: 8}, k, bon)
	VPSLLQ(U8(8), par, par)
	sq := laneSquare(c, x, par, bon)
	res := laneScore(c, P, O, x, f, sq)
	// the second hash move, the first, then a wipe-out take precedence
	h := K()
	h1 := gatherLanes(src, idx, 56, all)
	VPCMPEQQ(h1, x, h)
	VMOVDQA64(c.w[2], h, res)
	h0 := gatherLanes(src, idx, 48, all)
	VPCMPEQQ(h0, x, h)
	VMOVDQA64(c.w[1], h, res)
	VPCMPEQQ(O, f, h)
	VMOVDQA64(c.w[0], h, res)
	KMOVW(all.As32(), k)
	VMOVDQU64(res, k, Mem{Base: dst})
	ADDQ(U32(8*64), src)
	ADDQ(U8(64), dst)
	SUBQ(U8(8), n)
	JG(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}
