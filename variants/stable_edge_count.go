package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// CountFunc returns a count about a board.
type CountFunc func(P, O uint64) int

// StableEdgeCount is stable_edge's count-only form, what the stability
// cutoff needs first.
var StableEdgeCount = newKernel[CountFunc, NoBatch]("stable_edge_count", "number of P's stable discs on the four edges", kernels.CountStableEdge)

// CountStableEdgePacked is Edax's get_edge_stability: no scatter at all,
// the four answers side by side in 32 bits, the corners counted once (from
// the ranks) by masking them off the files.
func CountStableEdgePacked(P, O uint64) int {
	t := edgeStab
	s := uint32(t[(P&0xff)<<8|O&0xff]) |
		uint32(t[(P>>56)<<8|O>>56])<<8 |
		uint32(t[packA1A8(P)<<8|packA1A8(O)])<<16 |
		uint32(t[packH1H8(P)<<8|packH1H8(O)])<<24
	return bits.OnesCount32(s & 0x7e7effff)
}

func init() {
	StableEdgeCount.Register(Info{Name: "packed-count", Rank: 10,
		Note: "Go: multiply gathers, four table bytes in 32 bits, one popcount (Edax get_edge_stability)"}, CountStableEdgePacked)
}
