//go:build !purego

package variants

import (
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// Every set of 4 empties: the pattern gen/internal/leaf's order4 computes picks a
// leafOrder4 row that lays the moves out in LeafOrder, each followed by
// the others in presorted order, and leafOrder3 rows that lay out the 3
// empties left after each move the same way: LeafOrder at 3 empties with
// no sort below 4.
func TestLeafOrderTablesExhaustive(t *testing.T) {
	pshufb := func(src uint64, c [16]uint8) (out [16]uint8) {
		for i, b := range c {
			if b&0x80 == 0 && b&15 < 8 {
				out[i] = uint8(src >> (8 * (b & 15)))
			}
		}
		return out
	}
	// check that dword k of lay is order[k], then the other squares of
	// list (n presorted bytes) in their order.
	check := func(lay [16]uint8, order []int, list uint64, n int) bool {
		for k, x := range order {
			if int(lay[4*k]) != x {
				return false
			}
			j := 1
			for i := 0; i < n; i++ {
				if y := int(list >> (8 * i) & 0xff); y != x {
					if int(lay[4*k+j]) != y {
						return false
					}
					j++
				}
			}
		}
		return true
	}
	// The tables do not depend on the CPU: -short (the qemu runs) checks
	// the sets whose first square is on the first row.
	top := 64
	if testing.Short() {
		top = 8
	}
	sets, want := 0, 0
	for a := 0; a < top; a++ {
		want += (63 - a) * (62 - a) * (61 - a) / 6
		for b := a + 1; b < 64; b++ {
			for c := b + 1; c < 64; c++ {
				for d := c + 1; d < 64; d++ {
					e := kernels.Bit(a) | kernels.Bit(b) | kernels.Bit(c) | kernels.Bit(d)
					list := PresortList(e)
					// order4's pattern, as the assembly computes it
					x4 := list >> 24 & 0xff
					v := (list ^ x4*0x010101) & 0x242424 >> 2
					f := (v | v>>2) & 0x030303
					p := (f | f>>6 | f>>12) & 63
					moves := kernels.LeafOrder(e)
					if !check(pshufb(list, leafOrder4[p]), moves, list, 4) {
						t.Fatalf("%016x: pattern %d lays out %v, want LeafOrder %v", e, p, pshufb(list, leafOrder4[p]), moves)
					}
					for k, x := range moves {
						rest := e &^ kernels.Bit(x)
						lay := pshufb(list, leafOrder3[p][k])
						if !check(lay, kernels.LeafOrder(rest), PresortList(rest), 3) {
							t.Fatalf("%016x, move %d (%d): pattern %d lays out %v, want LeafOrder %v", e, k, x, p, lay, kernels.LeafOrder(rest))
						}
					}
					sets++
				}
			}
		}
	}
	if sets != want {
		t.Fatalf("checked %d sets, want %d", sets, want)
	}
}
