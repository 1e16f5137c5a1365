package variants

import (
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// The branchy parity sort must equal the table one for every combination
// of odd/even flags, also those a real position cannot produce.
func TestParitySortBranchyEqualsTable(t *testing.T) {
	sq := [4]int{kernels.A1, kernels.H1, kernels.A8, kernels.H8} // one per quadrant
	for _, n := range []int{2, 3, 4} {
		for odd := 0; odd < 1<<uint(n); odd++ {
			var parity uint8
			for i := 0; i < n; i++ {
				if odd>>uint(i)&1 != 0 {
					parity |= kernels.QuadrantID[sq[i]]
				}
			}
			a, b := sq, sq
			if n > 2 {
				sortBranchy(&a, n, parity)
			} else {
				sortTable(&a, n, parity)
			}
			sortTable(&b, n, parity)
			if a != b {
				t.Errorf("n=%d odd=%04b: branchy %v, table %v", n, odd, a[:n], b[:n])
			}
			// Odd squares first, each group in the original order.
			k := 0
			for _, want := range []int{1, 0} {
				for i := 0; i < n; i++ {
					if odd>>uint(i)&1 == want {
						if b[k] != sq[i] {
							t.Fatalf("n=%d odd=%04b: table order %v", n, odd, b[:n])
						}
						k++
					}
				}
			}
		}
	}
}
