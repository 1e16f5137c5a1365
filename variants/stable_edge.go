package variants

import "github.com/flipbench/flipbench/kernels"

// StableEdgeFunc returns P's stable discs on the edges.
type StableEdgeFunc func(P, O uint64) uint64

// StableEdge is the exact stability of the four edges (8 x 8-bit table).
var StableEdge = newKernel[StableEdgeFunc, NoBatch]("stable_edge", "P's stable discs on the four edges", kernels.StableEdge)

// Edax's get_stable_edge: the four edges gathered into 8-bit lines, one
// lookup each in the 256 x 256 edge-stability table, and the answers put
// back on the board.

// edgeStab is the table every stable-edge variant reads: index p*256+o.
var edgeStab = kernels.EdgeStability

// packA1A8 gathers the A file (A1 = bit 0 .. A8 = bit 7) with one multiply:
// the eight bits land in distinct places of the top byte.
func packA1A8(x uint64) uint64 { return (x & 0x0101010101010101) * 0x0102040810204080 >> 56 }

// packH1H8 gathers the H file the same way.
func packH1H8(x uint64) uint64 { return (x & 0x8080808080808080) * 0x0002040810204081 >> 56 }

// unpackA2A7 spreads bits 1..6 of a line back onto A2..A7 with one
// multiply: the corners come from the horizontal edges anyway (Edax-AVX's
// board.c, unpackA2A7).
func unpackA2A7(x uint64) uint64 { return (x & 0x7e) * 0x0000040810204080 & 0x0001010101010100 }

// unpackH2H7 spreads bits 1..6 onto H2..H7.
func unpackH2H7(x uint64) uint64 { return (x & 0x7e) * 0x0002040810204000 & 0x0080808080808000 }

// fileA1A8[s] is the 8-bit line s put on the A file (Edax's A1_A8 table).
var fileA1A8 = func() (t [256]uint64) {
	for s := range t {
		for i := 0; i < 8; i++ {
			if s>>i&1 != 0 {
				t[s] |= 1 << (8 * i)
			}
		}
	}
	return
}()

// StableEdgePackA1A8 is Edax's form (board.c, get_stable_edge, A1_A8):
// multiply gathers, table scatter.
func StableEdgePackA1A8(P, O uint64) uint64 {
	t := edgeStab
	return uint64(t[(P&0xff)<<8|O&0xff]) |
		uint64(t[(P>>56)<<8|O>>56])<<56 |
		fileA1A8[t[packA1A8(P)<<8|packA1A8(O)]] |
		fileA1A8[t[packH1H8(P)<<8|packH1H8(O)]]<<7
}

// StableEdgeA2A7 is Edax-AVX's form (board.c, get_stable_edge): multiply
// gathers, and a single multiply scatter of the six non-corner bits of
// each file.
func StableEdgeA2A7(P, O uint64) uint64 {
	t := edgeStab
	return uint64(t[(P&0xff)<<8|O&0xff]) |
		uint64(t[(P>>56)<<8|O>>56])<<56 |
		unpackA2A7(uint64(t[packA1A8(P)<<8|packA1A8(O)])) |
		unpackH2H7(uint64(t[packH1H8(P)<<8|packH1H8(O)]))
}

func init() {
	StableEdge.Register(Info{Name: "packa1a8", Rank: 10,
		Note: "Go: packA1A8/packH1H8 multiply gathers, A1_A8 table scatter (Edax board.c get_stable_edge)"}, StableEdgePackA1A8)
	StableEdge.Register(Info{Name: "a2a7-unpack", Rank: 11,
		Note: "Go: multiply gathers, 6-bit A2-A7 multiply scatter (Edax-AVX board.c get_stable_edge)"}, StableEdgeA2A7)
}
