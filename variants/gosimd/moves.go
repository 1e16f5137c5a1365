//go:build goexperiment.simd && amd64

package gosimd

import "simd/archsimd"

// Moves: Edax-AVX's get_moves. Each line direction in a lane, P's discs
// are spread through O both ways by a Kogge-Stone fill (one step, then
// twice the doubled step over pairs of O: runs of up to six discs), and
// one more step lands on the squares that close a run.

// dirInner masks O per direction: the squares a flipped disc can be on
// (off the edges the line leaves by), so nothing wraps around a row.
var dirInner = [4]uint64{0x7e7e7e7e7e7e7e7e, 0x00ffffffffffff00, 0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00}

// The AVX-512 form rotates instead of shifting: left by d in lanes 0-3,
// by 64-d (right by d) in lanes 4-7. The inner masks drop what wraps.
var (
	dirRot      = [8]uint64{1, 8, 9, 7, 63, 56, 55, 57}
	dirRot2     = [8]uint64{2, 16, 18, 14, 62, 48, 46, 50}
	dirInner512 = [8]uint64{
		0x7e7e7e7e7e7e7e7e, 0x00ffffffffffff00, 0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00,
		0x7e7e7e7e7e7e7e7e, 0x00ffffffffffff00, 0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00,
	}
)

// MovesAVX2 returns P's legal moves (AVX2): four directions per Uint64x4,
// shifted left and right by a vector of counts (VPSLLVQ, VPSRLVQ).
func MovesAVX2(P, O uint64) uint64 {
	m := MovesAVX2B(archsimd.BroadcastUint64x4(P), archsimd.BroadcastUint64x4(O))
	archsimd.ClearAVXUpperBits()
	return m
}

// MovesAVX2B is MovesAVX2 on P and O broadcast by the caller and without
// the VZEROUPPER, as FlipAVX2PPFillB: the form that inlines.
func MovesAVX2B(PP, OO archsimd.Uint64x4) uint64 {
	s, s2 := loadUint64x4(&dirStep), loadUint64x4(&dirStep2)
	mO := OO.And(loadUint64x4(&dirInner))
	fl, fr := PP.ShiftLeft(s).And(mO), PP.ShiftRight(s).And(mO)
	fl, fr = fl.Or(fl.ShiftLeft(s).And(mO)), fr.Or(fr.ShiftRight(s).And(mO))
	pl := mO.ShiftLeft(s).And(mO) // pairs of O: the doubled step jumps only those
	pr := pl.ShiftRight(s)
	fl, fr = fl.Or(fl.ShiftLeft(s2).And(pl)), fr.Or(fr.ShiftRight(s2).And(pr))
	fl, fr = fl.Or(fl.ShiftLeft(s2).And(pl)), fr.Or(fr.ShiftRight(s2).And(pr))
	return or4(fl.ShiftLeft(s).Or(fr.ShiftRight(s)).AndNot(PP.Or(OO)))
}

// MovesAVX512 returns P's legal moves (AVX-512F): all eight directions in
// one Uint64x8, rotated by a vector of counts (VPROLVQ).
func MovesAVX512(P, O uint64) uint64 {
	r, r2 := loadUint64x8(&dirRot), loadUint64x8(&dirRot2)
	mO := archsimd.BroadcastUint64x8(O).And(loadUint64x8(&dirInner512))
	f := archsimd.BroadcastUint64x8(P).RotateLeft(r).And(mO)
	pre := mO.RotateLeft(r).And(mO)
	f = f.Or(f.RotateLeft(r).And(mO))
	f = f.Or(f.RotateLeft(r2).And(pre))
	f = f.Or(f.RotateLeft(r2).And(pre))
	m := or8(f.RotateLeft(r))
	archsimd.ClearAVXUpperBits()
	return m &^ (P | O)
}
