//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// Tables of the assembly leaf searches (gen/internal/leaf), read as ·name(SB).
var (
	// leafRank[x]: x's place in kernels.PresortedSquares; leafSquare is
	// the inverse (the presorted squares as bytes).
	leafRank, leafSquare [64]uint8

	// leafConst: 16 bytes of 0x09 (bits 2 and 5 of x, shifted down by 2,
	// select a quadrant), the PSHUFB table of quadrant bits on that index,
	// and a mask of the three bytes of a 3-empties list.
	leafConst [48]uint8

	// leafShuf4[even] (leafShuf3): PSHUFB controls over a list of 4 (3)
	// presorted empties whose squares in even quadrants are the bits of
	// even. Dword k is move k of LeafOrder (odd quadrants first, stable):
	// its index in byte 0, the other empties' in presorted order after
	// it; unused bytes are 0x80 (zero).
	leafShuf4 [16][16]uint8
	leafShuf3 [8][16]uint8
)

func init() {
	for i, x := range kernels.PresortedSquares {
		leafRank[x] = uint8(i)
		leafSquare[i] = uint8(x)
	}
	for i := 0; i < 16; i++ {
		leafConst[i] = 0x09
		leafConst[32+i] = 0
	}
	for _, t := range []int{0, 1, 8, 9} {
		leafConst[16+t] = 1 << uint(t&1+2*(t>>3))
	}
	for i := 0; i < 3; i++ {
		leafConst[32+i] = 0xff
	}
	fill := func(n int, even int) [16]uint8 {
		pos := []int{0, 1, 2, 3}[:n]
		return leafLayout(leafPermute(pos, oddFirst(n, ^uint8(even))), pos)
	}
	for e := range leafShuf4 {
		leafShuf4[e] = fill(4, e)
	}
	for e := range leafShuf3 {
		leafShuf3[e] = fill(3, e)
	}
}

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

// leafPermute returns pos in the order perm gives (indexes into pos).
func leafPermute(pos []int, perm []uint8) []int {
	out := make([]int, len(perm))
	for k, i := range perm {
		out[k] = pos[i]
	}
	return out
}

// leafLayout is a PSHUFB control whose dword k holds moves[k], then the
// other positions of pos in presorted order; unused bytes are 0x80.
func leafLayout(moves, pos []int) (s [16]uint8) {
	for i := range s {
		s[i] = 0x80
	}
	for k, m := range moves {
		s[4*k] = uint8(m)
		j := 1
		for _, i := range pos {
			if i != m {
				s[4*k+j] = uint8(i)
				j++
			}
		}
	}
	return s
}
