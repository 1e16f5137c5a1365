//go:build !purego

package variants

// Tables of the catalog last-flip forms of gen/internal/lastflip (plain.go,
// count32.go, sse.go, lzcnt.go, ppfill.go), read as ·name(SB) next to
// those of count_last_flip_tables.go. Built here, never pasted.
var (
	// lfSpan is the pair table of the "simul" forms that gather a line
	// with every square at its own place (byte sums, PSADBW, PMOVMSKB):
	// for a line spanning places lo..hi of 8 with x at pos, the entry at
	// lfSpanAt(lo, hi, pos) + idx holds 2 x P's flips (low byte) and
	// 2 x O's flips (high byte) for P's pattern idx (bits lo..hi only,
	// never pos). Such a block only uses the indexes with no bit outside
	// lo..hi and bit pos clear, so blocks are interleaved (first fit) as
	// Edax does with its short diagonals: 76 blocks, 2.6 K entries in use
	// within the first 3.5 K.
	lfSpan [lfSpanCap]uint16

	// lfPlainOfs[x]: lfSpan offsets (16 bits each, low first) of x's row
	// (pos = file), file (pos = row), a1-h8 and h1-a8 diagonals, both
	// gathered in file order by a multiply (count_last_flip_plain.c).
	lfPlainOfs [64]uint64

	// lfSSE[x]: the PSADBW pair {a1-h8 diagonal, row} (bytes summed: file
	// order) and the PMOVMSKB pair {h1-a8 diagonal, file} (one bit a row:
	// row order); lfSSEOfs[x] their lfSpan offsets in that order.
	lfSSE    [64][4]uint64
	lfSSEOfs [64]uint64

	// lf32[x]: 32-bit halves (low, high) of the masks of x's row, of its
	// upper diagonal V (NW and NE rays) and of its lower V (SW and SE): a
	// V has one square a file, so summing its bytes gathers it in file
	// order. Words 6 and 7: lfSpan offsets of row, file, upper V, lower V.
	lf32 [64][8]uint32

	// lfLz[c]: for a square of file c in the top two rows, with P shifted
	// left until x leaves bit 63: the SE ray's squares, and the SW ray's
	// after 8 more (count_last_flip_lzcnt.c); the S ray is the A file.
	lfLz [8][2]uint64

	// lfPPShift: VPSRLVQ counts of the down-rays W, S, SW, SE (lfRay
	// lanes 4-7): 1, 2 and 4 steps (count_last_flip_avx_ppfill.c).
	lfPPShift [3][4]uint64
)

const lfSpanCap = 4096

// lfSpanFill marks the lfSpan entries in use while blocks are placed.
var (
	lfSpanFill [lfSpanCap]bool
	lfSpanOfs  = map[[3]int]int{}
)

// lfSpanAt places the block of span lo..hi with x at pos (first fit) and
// returns its offset.
func lfSpanAt(lo, hi, pos int) uint64 {
	k := [3]int{lo, hi, pos}
	if o, ok := lfSpanOfs[k]; ok {
		return uint64(o)
	}
	span := (uint64(1)<<uint(hi+1) - 1) &^ (uint64(1)<<uint(lo) - 1)
	var idxs []int
	for idx := uint64(0); idx < 256; idx++ {
		if idx&^span == 0 && idx&(1<<uint(pos)) == 0 {
			idxs = append(idxs, int(idx))
		}
	}
	for o := 0; o+256 <= lfSpanCap; o++ {
		free := true
		for _, i := range idxs {
			if lfSpanFill[o+i] {
				free = false
				break
			}
		}
		if !free {
			continue
		}
		for _, i := range idxs {
			p := uint64(i)
			q := span &^ p &^ (1 << uint(pos))
			lfSpanFill[o+i] = true
			lfSpan[o+i] = uint16(2*lineFlips(p, pos, lo, hi) | 2*lineFlips(q, pos, lo, hi)<<8)
		}
		lfSpanOfs[k] = o
		return uint64(o)
	}
	panic("variants: lfSpan full")
}

// extent returns the first and last file (or row, byFile false) of the
// squares of m.
func extent(m uint64, byFile bool) (lo, hi int) {
	lo, hi = 8, -1
	for s := 0; s < 64; s++ {
		if m&(1<<uint(s)) != 0 {
			v := s >> 3
			if byFile {
				v = s & 7
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// This file sorts after count_last_flip_tables.go, whose init (lfLine, lfRay)
// runs first.
func init() {
	if lfLine[63][0] == 0 {
		panic("variants: count_last_flip_tables.go not initialised first")
	}
	// full lines first: the largest blocks
	for pos := 0; pos < 8; pos++ {
		lfSpanAt(0, 7, pos)
	}
	const E, N, NE, NW, W, S, SW, SE = 0, 1, 2, 3, 4, 5, 6, 7
	for x := 0; x < 64; x++ {
		c, y := x&7, x>>3
		bx := uint64(1) << uint(x)
		at := func(m uint64, byFile bool) uint64 {
			lo, hi := extent(m|bx, byFile)
			if byFile {
				return lfSpanAt(lo, hi, c)
			}
			return lfSpanAt(lo, hi, y)
		}
		l := lfLine[x]
		row, file := lfSpanAt(0, 7, c), lfSpanAt(0, 7, y)
		lfPlainOfs[x] = row | file<<16 | at(l[2], true)<<32 | at(l[3], true)<<48

		lfSSE[x] = [4]uint64{l[2], l[0], l[3], l[1]}
		lfSSEOfs[x] = at(l[2], true) | row<<16 | at(l[3], false)<<32 | file<<48

		r := lfRay[x]
		up, dn := r[NW]|r[NE], r[SW]|r[SE]
		for i, m := range []uint64{l[0], up, dn} {
			lf32[x][2*i], lf32[x][2*i+1] = uint32(m), uint32(m>>32)
		}
		lf32[x][6] = uint32(row | file<<16)
		lf32[x][7] = uint32(at(up, true) | at(dn, true)<<16)
	}
	for c := 0; c < 8; c++ {
		for k := 1; k <= 7-c; k++ { // SE: square x-7k at bit 64-7k
			lfLz[c][0] |= 1 << uint(64-7*k)
		}
		for k := 1; k <= c; k++ { // SW: x-9k at 64-9k, then 8 up
			lfLz[c][1] |= 1 << uint(72-9*k)
		}
	}
	for i, s := range [3]uint64{1, 2, 4} {
		lfPPShift[i] = [4]uint64{s, 8 * s, 9 * s, 7 * s}
	}
}
