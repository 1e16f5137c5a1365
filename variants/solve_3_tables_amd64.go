//go:build !purego

package variants

// solve_3's tables (gen/internal/leaf, read as ·name(SB)), which the
// assembly bottom's inline leaf reads too.
var (
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
