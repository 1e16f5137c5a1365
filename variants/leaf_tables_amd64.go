//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// Tables of the assembly leaf searches (gen/leaf), read as ·name(SB).
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
	fill := func(n int, even int) (s [16]uint8) {
		for i := range s {
			s[i] = 0x80
		}
		var order []int
		for _, want := range []int{0, 1} {
			for i := 0; i < n; i++ {
				if even>>uint(i)&1 == want {
					order = append(order, i)
				}
			}
		}
		for k, m := range order {
			s[4*k] = uint8(m)
			j := 1
			for i := 0; i < n; i++ {
				if i != m {
					s[4*k+j] = uint8(i)
					j++
				}
			}
		}
		return s
	}
	for e := range leafShuf4 {
		leafShuf4[e] = fill(4, e)
	}
	for e := range leafShuf3 {
		leafShuf3[e] = fill(3, e)
	}
}
