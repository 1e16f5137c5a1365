package variants

// Tables of the last-flip kernels (count_last_flip, score_1), shared by the
// pure-Go variants and the generated assembly, which reads them as
// ·name(SB). gen/internal/lastflip documents the same layouts: change both
// together (the cross-check catches any mismatch).
//
// On the last move the board is full but for x, so along any line through
// x the discs P flips depend only on P's pattern on that line and x's
// place in it: Edax's COUNT_FLIP. A line's pattern is gathered into an
// 8-bit index (by shifts, multiplies, PMOVMSKB or PEXT); squares missing
// at a short line's ends read as O, which never closes a run.
var (
	// lfCountFlip[pos*256+idx]: 2 x discs P flips playing at pos on a full
	// line of 8 with P's pattern idx (bit pos clear).
	lfCountFlip [8 * 256]uint8

	// lfPair[g*256+idx]: for the "simul" variants, P's count (low byte)
	// and O's count (high byte) at once. O's count needs the line's true
	// extent (a missing square is not O's own disc), so the table is
	// indexed by geometry g = (length, pos): g = pos for a full line.
	// A diagonal's index is shifted down to start at bit 0 (lfPairShift),
	// so a line of length n only touches the first 2^n entries of its
	// block: about 7 KiB of the table is ever read.
	lfPair [36 * 256]uint16

	// lfPairMask[x], lfPairShift[x]: lfMask with each diagonal lane
	// shifted down by 8 x its first row, and those shift counts (VPSRLVQ
	// of P before the mask).
	lfPairMask  [64][4]uint64
	lfPairShift [64][4]uint64

	// lfMask[x]: the four 64-bit lanes ANDed with P broadcast before
	// PMOVMSKB: x's file, its a1-h8 diagonal and its h1-a8 diagonal (at
	// most one square per byte, so byte r is row r), and in lane 3 the bit
	// selectors 1<<j for the row byte that lfShuf moved there.
	lfMask [64][4]uint64

	// lfShuf[y]: VPSHUFB control keeping lanes 0-2 and filling lane 3 with
	// byte y of P (x's row).
	lfShuf [8][4]uint64

	// lfMMOfs[x]: lookup offsets for the movemask index t (lanes 0-3 in
	// its bytes): low 32 bits pos*256 of lanes 0 and 2 (in 16-bit halves),
	// high 32 bits those of lanes 1 and 3. lfPairOfs[x]: the same for
	// lfPair (geometry*256).
	lfMMOfs   [64]uint64
	lfPairOfs [64]uint64

	// lfPext[x]: PEXT/kindergarten form with merged lines: masks
	// {file, PEXT line, kindergarten line, PEXT box line}, then the four
	// lookup offsets pos*256. The PEXT line is one up-ray and one down-ray
	// (bit order keeps each ray's order); the kindergarten line one
	// east-ish and one west-ish ray (file order); rays shorter than 2
	// squares never flip and are left out. Only the centre 16 squares need
	// the fourth (box) line; its mask is 0 elsewhere.
	lfPext [64][8]uint64

	// lfRay[x]: the eight rays from x (E, N, NE, NW, then W, S, SW, SE:
	// four toward higher squares, four toward lower), lfNb[x] the nearest
	// square of each (0 if the ray is empty).
	lfRay [64][8]uint64
	lfNb  [64][8]uint64

	// lfNeighbour[x]: the squares next to x (Edax's NEIGHBOUR).
	lfNeighbour [64]uint64

	// lfLine[x]: bitboards of x's row, file, a1-h8 and h1-a8 diagonal.
	lfLine [64][4]uint64
)

// rays in lfRay order as (file step, rank step).
var lfDirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

// lineFlips counts the discs P flips at pos on a line of squares lo..hi
// (0..7) with P's pattern p; every other square in lo..hi is O's.
func lineFlips(p uint64, pos, lo, hi int) int {
	n := 0
	for _, d := range []int{1, -1} {
		run := 0
		for i := pos + d; i >= lo && i <= hi; i += d {
			if p&(1<<uint(i)) != 0 {
				n += run
				break
			}
			run++
		}
	}
	return n
}

func init() {
	for pos := 0; pos < 8; pos++ {
		for idx := 0; idx < 256; idx++ {
			lfCountFlip[pos*256+idx] = uint8(2 * lineFlips(uint64(idx)&^(1<<uint(pos)), pos, 0, 7))
		}
	}
	// geometry ids: full lines first, then each shorter (length, pos)
	geom := map[[2]int]int{}
	for pos := 0; pos < 8; pos++ {
		geom[[2]int{8, pos}] = pos
	}
	gid := func(lo, hi, y int) int {
		k := [2]int{hi - lo + 1, y - lo}
		g, ok := geom[k]
		if !ok {
			g = len(geom)
			geom[k] = g
			n, pos := k[0], k[1]
			full := uint64(1)<<uint(n) - 1
			for idx := uint64(0); idx <= full; idx++ {
				p := idx &^ (1 << uint(pos))
				o := full &^ p &^ (1 << uint(pos))
				lfPair[g*256+int(idx)] = uint16(2*lineFlips(p, pos, 0, n-1) | 2*lineFlips(o, pos, 0, n-1)<<8)
			}
		}
		return g
	}
	for pos := 0; pos < 8; pos++ {
		for idx := uint64(0); idx < 256; idx++ {
			p := idx &^ (1 << uint(pos))
			o := 0xff &^ p &^ (1 << uint(pos))
			lfPair[pos*256+int(idx)] = uint16(2*lineFlips(p, pos, 0, 7) | 2*lineFlips(o, pos, 0, 7)<<8)
		}
	}
	for y := 0; y < 8; y++ {
		var b [32]byte
		for i := 0; i < 24; i++ {
			b[i] = byte(i % 16)
		}
		for i := 24; i < 32; i++ {
			b[i] = byte(y) // byte y of the high half's own copy of P
		}
		for l := 0; l < 4; l++ {
			for i := 0; i < 8; i++ {
				lfShuf[y][l] |= uint64(b[8*l+i]) << uint(8*i)
			}
		}
	}
	for x := 0; x < 64; x++ {
		c, y := x&7, x>>3
		// lines through x and the rows they span
		var lines [4]uint64
		var lo, hi [4]int
		for l, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
			lo[l], hi[l] = y, y
			lines[l] = 1 << uint(x)
			for _, s := range []int{1, -1} {
				f, r := c+s*d[0], y+s*d[1]
				for f >= 0 && f < 8 && r >= 0 && r < 8 {
					lines[l] |= 1 << uint(r*8+f)
					lo[l], hi[l] = min(lo[l], r), max(hi[l], r)
					f, r = f+s*d[0], r+s*d[1]
				}
			}
		}
		lfLine[x] = lines
		lfMask[x] = [4]uint64{lines[1], lines[2], lines[3], 0x8040201008040201}
		lfMMOfs[x] = uint64(y*256) | uint64(y*256)<<16 | uint64(y*256)<<32 | uint64(c*256)<<48
		gd, ga := gid(lo[2], hi[2], y), gid(lo[3], hi[3], y)
		lfPairShift[x] = [4]uint64{0, uint64(8 * lo[2]), uint64(8 * lo[3]), 0}
		for l := range lfPairMask[x] {
			lfPairMask[x][l] = lfMask[x][l] >> lfPairShift[x][l]
		}
		lfPairOfs[x] = uint64(y*256) | uint64(ga*256)<<16 | uint64(gd*256)<<32 | uint64(c*256)<<48

		for d, s := range lfDirs {
			f, r := c+s[0], y+s[1]
			for f >= 0 && f < 8 && r >= 0 && r < 8 {
				if lfRay[x][d] == 0 {
					lfNb[x][d] = 1 << uint(r*8+f)
					lfNeighbour[x] |= lfNb[x][d]
				}
				lfRay[x][d] |= 1 << uint(r*8+f)
				f, r = f+s[0], r+s[1]
			}
		}
		lfPext[x] = pextPlan(x)
	}
	if len(geom) != 36 {
		panic("variants: last-flip geometries")
	}
}

// pextPlan splits the rays of x (N and S go to the file lookup) over a
// PEXT lookup (one up-ray + one down-ray), a kindergarten lookup (one
// east-ish + one west-ish ray, distinct files) and, only if they cannot
// hold every ray of 2 squares or more, a second PEXT lookup.
func pextPlan(x int) [8]uint64 {
	var ray [8]uint64
	copy(ray[:], lfRay[x][:])
	long := func(d int) bool { return bitCount(ray[d]) >= 2 }
	// E, NE, NW are up-rays; W, SW, SE down-rays. East-ish: E, NE, SE;
	// west-ish: W, NW, SW.
	const E, N, NE, NW, W, S, SW, SE = 0, 1, 2, 3, 4, 5, 6, 7
	up, down := []int{-1, E, NE, NW}, []int{-1, W, SW, SE}
	east, west := []int{-1, E, NE, SE}, []int{-1, W, NW, SW}
	rest := []int{}
	for _, d := range []int{E, NE, NW, W, SW, SE} {
		if long(d) {
			rest = append(rest, d)
		}
	}
	m := func(ds ...int) uint64 {
		var b uint64 = 1 << uint(x)
		for _, d := range ds {
			if d >= 0 {
				b |= ray[d]
			}
		}
		return b
	}
	covers := func(ds ...int) bool {
		for _, r := range rest {
			found := false
			for _, d := range ds {
				found = found || d == r
			}
			if !found {
				return false
			}
		}
		return true
	}
	pos := func(mask uint64) uint64 { return uint64(bitCount(mask&(1<<uint(x)-1))) * 256 }
	colPos := uint64(x&7) * 256
	file := lfLine[x][1]
	for _, u := range up {
		for _, dn := range down {
			if bitCount(m(u, dn)) > 8 {
				continue
			}
			for _, e := range east {
				for _, w := range west {
					if bitCount(m(e, w)) > 8 || !covers(u, dn, e, w) {
						continue
					}
					return [8]uint64{file, m(u, dn), m(e, w), 0,
						uint64(x>>3) * 256, pos(m(u, dn)), colPos, 0}
				}
			}
		}
	}
	// centre box: row by kindergarten, the a1-h8 diagonal and the h1-a8
	// diagonal by PEXT (each a natural line, 8 squares at most)
	return [8]uint64{file, lfLine[x][2], lfLine[x][0], lfLine[x][3],
		uint64(x>>3) * 256, pos(lfLine[x][2]), colPos, pos(lfLine[x][3])}
}

func bitCount(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}
