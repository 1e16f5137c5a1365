//go:build !purego

package variants

import "math/bits"

// Tables of the Edax-AVX SIMD flip emitters (gen/internal/flipasm:
// acepck.go, ppseq.go, cvtps.go, lzcnt.go, shufmax.go, gfni.go,
// avx512zmm.go), read as ·name(SB). gen/internal/flipasm/tables.go
// documents the same layouts: change both together (the cross-check
// catches any mismatch). Written only here, at init, from the rays of
// lfDirs (lfRay itself is filled by an init that may run after this one).
var (
	// acepckSSE[x]: sse-acepck's masks, two lanes per XMM: the SE and NE
	// rays (both gathered by PSADBW into a byte whose bit order is the
	// distance order), x and its east neighbour (0 on file H: the carry
	// masks of W and E), the NW and N rays (LS1B), the SW and S rays.
	// Read by MOVOU (no alignment needed).
	acepckSSE [64][8]uint64

	// acepckSSEConst: sse-acepck's byte constants: 0x01 in every byte;
	// the P<<1 selectors (bits 4-6 in the low lane, bits 1-3 in the high
	// lane: the two halves of a row that the W carry handles apart); and
	// their caps (the highest of those bits), for PMINUB.
	acepckSSEConst [3][2]uint64

	// gfniRay[x]: lfRay's rays with each down ray bit-reversed (square s
	// to 63-s), interleaved so that P and its bit reversal broadcast as
	// [P, rev P, P, rev P] meet them: E, rev W, N, rev S, NE, rev SW, NW,
	// rev SE. In the reversed board a down ray is an up ray, so every lane
	// is solved by LS1B.
	gfniRay [64][8]uint64

	// flipRev: VPSHUFB control reversing the bytes of each quadword
	// (rows 0, 1: one XMM, loaded by VMOVDQU or VBROADCASTI128), then the
	// GF2P8AFFINEQB matrix reversing the bits of each byte (row 2,
	// loaded by VPBROADCASTQ). Together: a 64-bit bit reversal.
	flipRev [3]uint64

	// flipNibble: VPSHUFB tables of the most significant bit of a nibble
	// (row 0), the same shifted to the high nibble (row 1), and the low
	// nibble mask 0x0f (row 2); each loaded by VBROADCASTI128.
	flipNibble [3][16]uint8
)

func init() {
	rep := func(b uint64) uint64 { return b * 0x0101010101010101 }
	for x := 0; x < 64; x++ {
		var r [8]uint64 // as lfRay[x]: E, N, NE, NW, W, S, SW, SE
		for d, s := range lfDirs {
			for f, y := x&7+s[0], x>>3+s[1]; onBoard(f, y); f, y = f+s[0], y+s[1] {
				r[d] |= 1 << uint(8*y+f)
			}
		}
		var east uint64
		if x&7 != 7 {
			east = 1 << uint(x+1)
		}
		acepckSSE[x] = [8]uint64{r[7], r[2], 1 << uint(x), east, r[3], r[1], r[6], r[5]}
		for d := 0; d < 4; d++ {
			gfniRay[x][2*d] = r[d]
			gfniRay[x][2*d+1] = bits.Reverse64(r[4+d])
		}
	}
	acepckSSEConst = [3][2]uint64{
		{rep(0x01), rep(0x01)},
		{rep(0x70), rep(0x0e)},
		{rep(0x40), rep(0x08)},
	}
	for i := 0; i < 8; i++ {
		flipRev[0] |= uint64(7-i) << uint(8*i)
		flipRev[1] |= uint64(15-i) << uint(8*i)
		flipRev[2] |= uint64(1<<uint(i)) << uint(8*i) // byte i of the matrix: bit i of the input goes to bit 7-i
	}
	for i := 0; i < 16; i++ {
		var m uint8
		if i != 0 {
			m = 1 << uint(bits.Len8(uint8(i))-1)
		}
		flipNibble[0][i], flipNibble[1][i], flipNibble[2][i] = m, m<<4, 0x0f
	}
}
