//go:build !purego

package variants

// solve_4's tables (gen/internal/leaf, read as ·name(SB)).

// leafOrder4[pattern] and leafOrder3[pattern][k] are the 4-empties leaf's
// controls by quadrant pattern (gen/internal/leaf's order4: bits 2i and 2i+1 are
// the column-half and row-half bits of x(i+1)^x4, for the presorted
// empties x1..x4), over the 8 bytes of its presorted list: leafOrder4 is
// laid out as leafShuf4; leafOrder3[pattern][k] lays out, in the same
// form, the 3 empties left after move k of leafOrder4, in LeafOrder.
var (
	leafOrder4 [64][16]uint8
	leafOrder3 [64][4][16]uint8
)

func init() {
	for p := range leafOrder4 {
		var quad [4]int // x4 in quadrant 0
		for i := 0; i < 3; i++ {
			quad[i] = p >> uint(2*i) & 3
		}
		moves := leafPartition([]int{0, 1, 2, 3}, quad)
		leafOrder4[p] = leafLayout(moves, []int{0, 1, 2, 3})
		for k, m := range moves {
			var rest []int
			for i := 0; i < 4; i++ {
				if i != m {
					rest = append(rest, i)
				}
			}
			leafOrder3[p][k] = leafLayout(leafPartition(rest, quad), rest)
		}
	}
}

// leafPartition returns the list positions of pos (in presorted order)
// with an odd number of pos in their quadrant first, then the others,
// each in presorted order: LeafOrder.
func leafPartition(pos []int, quad [4]int) []int {
	var odd uint8
	for k, i := range pos {
		n := 0
		for _, j := range pos {
			if quad[j] == quad[i] {
				n++
			}
		}
		odd |= uint8(n&1) << uint(k)
	}
	return leafPermute(pos, oddFirst(len(pos), odd))
}
