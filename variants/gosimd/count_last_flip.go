//go:build goexperiment.simd && amd64

package gosimd

import "simd/archsimd"

// CountLastFlip: Edax's last_flip with SIMD gathers. On the last empty
// square the board is full, so what P flips along a line depends only on
// P's pattern on it and x's place: one COUNT_FLIP lookup per line. P ANDed
// with a file or diagonal mask has at most one bit per byte (byte r is
// row r), so a byte compare and VPMOVMSKB gather the line into 8 bits.
// Squares a short diagonal lacks read as O, which never closes a run.

var (
	// lfCountFlip[pos][p]: 2 x discs P flips at pos on a full line of 8
	// with P's pattern p.
	lfCountFlip [8][256]uint8
	// lfMask[x]: x's file, its a1-h8 and its h1-a8 diagonal, then the
	// bit selectors 1<<j that turn a row byte repeated 8 times into one
	// byte per square.
	lfMask [64][4]uint64
	// lfShuf[y]: VPSHUFB control keeping lanes 0-2 and filling lane 3
	// with byte y of P (x's row), eight times.
	lfShuf [8][32]int8
)

func init() {
	for pos := range lfCountFlip {
		for p := range lfCountFlip[pos] {
			lfCountFlip[pos][p] = uint8(2 * lineFlips(p&^(1<<pos), pos))
		}
	}
	for y := range lfShuf {
		for i := range lfShuf[y] {
			lfShuf[y][i] = int8(i % 16)
			if i >= 24 {
				lfShuf[y][i] = int8(y) // byte y of the high half's copy of P
			}
		}
	}
	for x := range lfMask {
		for l, d := range [3][2]int{{0, 1}, {1, 1}, {-1, 1}} {
			for _, s := range [2]int{1, -1} {
				for f, r := x&7, x>>3; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+s*d[0], r+s*d[1] {
					lfMask[x][l] |= 1 << uint(8*r+f)
				}
			}
		}
		lfMask[x][3] = 0x8040201008040201
	}
}

// lineFlips counts the discs P flips at pos on a full line of 8 where P
// holds the squares of p and O the others.
func lineFlips(p, pos int) int {
	n := 0
	for _, d := range [2]int{1, -1} {
		run := 0
		for i := pos + d; i >= 0 && i < 8; i += d {
			if p&(1<<i) != 0 {
				n += run
				break
			}
			run++
		}
	}
	return n
}

// CountLastFlipAVX2 returns 2 x the discs P flips on x, the last empty
// square (AVX2): VPSHUFB moves x's row byte into lane 3, and one
// VPMOVMSKB gathers the file, both diagonals and the row.
func CountLastFlipAVX2(P uint64, x int) int {
	n := CountLastFlipAVX2B(archsimd.BroadcastUint64x4(P), x)
	archsimd.ClearAVXUpperBits()
	return n
}

// CountLastFlipAVX2B is CountLastFlipAVX2 on P broadcast by the caller and
// without the VZEROUPPER, as FlipAVX2PPFillB: the form that inlines.
func CountLastFlipAVX2B(PP archsimd.Uint64x4, x int) int {
	var zero archsimd.Uint8x32
	x &= 63
	ps := PP.AsUint8x32().PermuteOrZeroGrouped(loadInt8x32(&lfShuf[x>>3]))
	t := ^ps.And(loadUint64x4(&lfMask[x]).AsUint8x32()).Equal(zero).ToBits()
	y, c := &lfCountFlip[x>>3], &lfCountFlip[x&7]
	return int(y[uint8(t)]) + int(y[uint8(t>>8)]) + int(y[uint8(t>>16)]) + int(c[t>>24])
}

// CountLastFlipAVX returns 2 x the discs P flips on x, the last empty
// square, in the shape of Edax's SSE2 last_flip (128-bit, VEX-encoded:
// AVX): two VPMOVMSKB gather the file and both diagonals, the row is P's
// byte.
func CountLastFlipAVX(P uint64, x int) int {
	var zero archsimd.Uint8x16
	var pp archsimd.Uint64x2
	x &= 63
	pp = pp.SetElem(0, P).SetElem(1, P)
	m := &lfMask[x]
	fd := ^pp.And(loadUint64x2((*[2]uint64)(m[:2]))).AsUint8x16().Equal(zero).ToBits() // file | a1-h8 << 8
	ad := ^pp.And(loadUint64x2((*[2]uint64)(m[2:]))).AsUint8x16().Equal(zero).ToBits() // h1-a8 (high byte unused)
	y, c := &lfCountFlip[x>>3], &lfCountFlip[x&7]
	return int(y[uint8(fd)]) + int(y[fd>>8]) + int(y[uint8(ad)]) + int(c[uint8(P>>uint(x&^7))])
}
