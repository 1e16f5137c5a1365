// Package flipasm holds instruction emitters for the two kernels every
// Othello search runs at each node, flip and moves, so that a generator can
// inline them into larger assembly functions (batch loops, the perft tail,
// a whole leaf search). Each emitter takes its inputs in avo registers and
// returns its result in a new register; Setup hoists its constants (call it
// once, before any loop that calls the emitter).
//
// Square i is bit i, A1 = 0, H1 = 7, A2 = 8, H8 = 63. The four "up"
// directions (toward higher bits) are E +1, N +8, NE +9, NW +7, the four
// "down" directions their opposites; vector forms keep them in this lane
// order.
//
// The tables are Go arrays of package variants, built at init
// (variants/flip_tables_amd64.go and, for the rays,
// variants/count_last_flip_tables.go) and read as ·name(SB), so every generated
// file that inlines an emitter shares one copy and the code must be
// generated into package variants. Their layouts:
//
//	lfRay          [64][8]uint64  rays from x: E, N, NE, NW (up), W, S, SW, SE (down);
//	                              16-byte aligned (flip_sse2's PANDN m128; checked at init)
//	flipOnes       [2]uint64      all ones
//	dirSteps       [3][4]uint64   shifts 1, 8, 9, 7 (E, N, NE, NW) times 1, 2, 4
//	dirInner       [2][4]uint64   Inner, twice
//	dirRot         [2][8]uint64   VPROLVQ counts: d, 64-d (row 0); 2d, 64-2d (row 1)
//	movesInnerSSE2 [2][2]uint64   Inner[1] twice, Inner[2] twice
//	pextLines      [64][8]uint64  masks file, a1-h8, h1-a8 (x included); offsets 256 *
//	                              x's place in row, file, a1-h8, h1-a8; row shift x &^ 7
//	pextOutflank   [8*256]uint8   by place k and O's line byte: the squares ending O's runs
//	pextFlipped    [8*256]uint8   by place k and outflanks: the squares between
//
// and, for the rest of Edax-AVX's SIMD flips (variants/flip_simd_tables_amd64.go):
//
//	acepckSSE      [64][8]uint64  sse-acepck: rays SE, NE; x, x's east neighbour
//	                              (0 on file H); rays NW, N; rays SW, S (XMM pairs)
//	acepckSSEConst [3][2]uint64   bytes 0x01; 0x70 | 0x0e (P<<1 selectors, low |
//	                              high lane); 0x40 | 0x08 (their PMINUB caps)
//	gfniRay        [64][8]uint64  E, rev W, N, rev S, NE, rev SW, NW, rev SE (rev:
//	                              bit-reversed, square s to 63-s)
//	flipRev        [3]uint64      VPSHUFB control reversing each quadword's bytes
//	                              (two words), the GF2P8AFFINEQB bit-reversal matrix
//	flipNibble     [3][16]uint8   VPSHUFB tables: MS1B of a nibble, the same << 4,
//	                              0x0f
//
// Only flip_sse2 uses legacy-SSE memory operands (alignment required);
// every other table is read by unaligned or scalar loads.
package flipasm

import (
	. "github.com/mmcloughlin/avo/operand"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// Inner masks, per direction, the squares an opponent disc can be flipped
// on along that line: not on the edges the line leaves the board by. Used
// on O they also keep shifted (or rotated) bits from wrapping around.
// (The same as the Go table dirInner.)
var Inner = [4]uint64{0x7e7e7e7e7e7e7e7e, 0x00ffffffffffff00, 0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00}

// table addresses the Go table name of package variants.
func table(name string) Mem { return asmgen.GoTable(name) }
