//go:build !purego

package variants

import "unsafe"

// Tables of the inline flip and moves emitters (gen/internal/flipasm),
// read as ·name(SB) by every file that inlines them: flip_gen_amd64.s,
// moves_gen_amd64.s, perft_gen_amd64.s and solve_*_gen_amd64.s.
// gen/internal/flipasm documents the same layouts: change both together
// (the cross-check catches any mismatch). Written only here, at init.
//
// The flips' rays are lfRay (count_last_flip_tables.go): lanes E, N, NE,
// NW (up, toward higher squares), then W, S, SW, SE (down), 64 bytes per square.
var (
	// flipOnes: all ones (-1 per lane): VPBROADCASTQ reads one lane
	// (avx2-ppfill, avx512-lzcnt), MOVOU both (sse2).
	flipOnes [2]uint64

	// dirSteps[k]: the up directions' shifts E 1, N 8, NE 9, NW 7 times
	// 1, 2 and 4: the moves' fill steps (rows 0, 1) and avx2-ppfill's
	// parallel-prefix steps (rows 0-2). Loaded by VMOVDQU(64).
	dirSteps [3][4]uint64

	// dirInner[0] (= dirInner[1]): per direction, the squares a flipped
	// disc may be on (not on an edge the line leaves by); AVX2 moves read
	// row 0, the eight-direction AVX-512 moves both rows.
	dirInner [2][4]uint64

	// dirRot[k]: VPROLVQ counts of the AVX-512 moves: 2^k d in lanes 0-3,
	// 64 - 2^k d (a right rotation) in lanes 4-7.
	dirRot [2][8]uint64

	// movesInnerSSE2: the N and NE inner masks, each twice (the SSE2
	// moves' vertical and diagonal pairs; NW's mask is NE's).
	movesInnerSSE2 [2][2]uint64

	// pextLines[x]: masks of x's file, a1-h8 and h1-a8 diagonal (x
	// included), then the lookup offsets 256 * x's place in its row, file
	// and two diagonals, then the row's shift 8 * (x / 8).
	pextLines [64][8]uint64

	// pextOutflank[k*256+o]: for x at place k of a line and O's discs o
	// on it, the square ending each side's run of o (if on the line and
	// the run is not empty). pextFlipped[k*256+f]: the squares strictly
	// between k and those of f.
	pextOutflank [8 * 256]uint8
	pextFlipped  [8 * 256]uint8
)

// onBoard reports whether file f, rank r is a square.
func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func init() {
	// flip_sse2 ANDs the rays with legacy-SSE memory operands (PANDN
	// m128), which fault unless 16-byte aligned. Go gives no alignment
	// type; the linker aligns data symbols of 32 bytes or more to 32 on
	// amd64, and this checks it.
	if uintptr(unsafe.Pointer(&lfRay))%16 != 0 {
		panic("variants: lfRay is not 16-byte aligned")
	}

	flipOnes = [2]uint64{^uint64(0), ^uint64(0)}
	for d := 0; d < 4; d++ {
		df, dr := lfDirs[d][0], lfDirs[d][1]
		step := uint64(8*dr + df)
		for k := range dirSteps {
			dirSteps[k][d] = step << uint(k)
		}
		for k := range dirRot {
			dirRot[k][d], dirRot[k][4+d] = step<<uint(k), 64-step<<uint(k)
		}
		var inner uint64
		for x := 0; x < 64; x++ {
			f, r := x&7, x>>3
			if onBoard(f+df, r+dr) && onBoard(f-df, r-dr) {
				inner |= 1 << uint(x)
			}
		}
		dirInner[0][d], dirInner[1][d] = inner, inner
	}
	movesInnerSSE2[0] = [2]uint64{dirInner[0][1], dirInner[0][1]}
	movesInnerSSE2[1] = [2]uint64{dirInner[0][2], dirInner[0][2]}

	for x := 0; x < 64; x++ {
		bit := uint64(1) << uint(x)
		for l := 1; l < 4; l++ { // N/S, NE/SW, NW/SE
			m := bit
			for _, s := range [2][2]int{lfDirs[l], lfDirs[l+4]} {
				for f, r := x&7+s[0], x>>3+s[1]; onBoard(f, r); f, r = f+s[0], r+s[1] {
					m |= 1 << uint(8*r+f)
				}
			}
			pextLines[x][l-1] = m
			pextLines[x][4+l-1] = 256 * uint64(bitCount(m&(bit-1)))
		}
		pextLines[x][3] = 256 * uint64(x&7)
		pextLines[x][7] = uint64(x &^ 7)
	}

	for k := 0; k < 8; k++ {
		for o := 0; o < 256; o++ {
			var out uint8
			for _, d := range []int{1, -1} {
				i := k + d
				for i >= 0 && i < 8 && o>>uint(i)&1 != 0 {
					i += d
				}
				if i >= 0 && i < 8 && i != k+d {
					out |= 1 << uint(i)
				}
			}
			pextOutflank[k*256+o] = out
		}
		for f := 0; f < 256; f++ {
			var m uint8
			for i := 0; i < 8; i++ {
				if f>>uint(i)&1 == 0 {
					continue
				}
				for j := min(i, k) + 1; j < max(i, k); j++ {
					m |= 1 << uint(j)
				}
			}
			pextFlipped[k*256+f] = m
		}
	}
}
