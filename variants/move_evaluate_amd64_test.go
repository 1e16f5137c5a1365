//go:build amd64 && !purego

package variants

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// The assembly bottom's entries of move_evaluate (the Node forms: every
// move of a node, no hash move) score each move as the reference does,
// on the nodes of random games at every stage, wipe-outs among them, and
// on every parity and empties count.
func TestMoveEvaluateNodeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked, wipeouts := 0, 0
	for _, name := range []string{"parity-table-avx2", "parity-table-avx512", "parity-table-avx512-lanes"} {
		v, err := MoveEvaluate.Get(name, Host())
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		node := map[string]func(P, O uint64, parity, empties, k int, list *[102]uint64){
			"parity-table-avx2": moveEvaluateAVX2Node, "parity-table-avx512": moveEvaluateAVX512Node,
			"parity-table-avx512-lanes": moveEvaluateAVX512LanesNode}[v.Name]
		for game := 0; game < 300; game++ {
			b := kernels.StartBoard
			for {
				moves := kernels.Moves(b.P, b.O)
				if moves == 0 {
					if kernels.Moves(b.O, b.P) == 0 {
						break
					}
					b = b.Swap()
					continue
				}
				var list [102]uint64
				var xs []int
				for m := moves; m != 0; m &= m - 1 {
					x := bits.TrailingZeros64(m)
					list[3*len(xs)], list[3*len(xs)+1], list[3*len(xs)+2] = uint64(x), kernels.Flip(b.P, b.O, x), 0xdead
					xs = append(xs, x)
				}
				parity, n := rng.IntN(16), b.NumEmpties()
				node(b.P, b.O, parity, n, len(xs), &list)
				for i, x := range xs {
					f := list[3*i+1]
					want := kernels.MoveEvaluate(b, x, f, uint8(parity), n, kernels.NoMove, kernels.NoMove)
					if got := int(list[3*i+2]); got != want {
						t.Fatalf("%s: %s x %s parity %d: node form %d, reference %d", name, kernels.BoardString(b), kernels.SquareName(x), parity, got, want)
					}
					if list[3*i] != uint64(x) || f != kernels.Flip(b.P, b.O, x) {
						t.Fatalf("%s: the node form wrote over a move or its flips", name)
					}
					if f == b.O {
						wipeouts++
					}
					checked++
				}
				if list[3*len(xs)+2] != 0 {
					t.Fatalf("%s: the node form wrote past its %d moves", name, len(xs))
				}
				x := xs[rng.IntN(len(xs))]
				b = b.Play(x, kernels.Flip(b.P, b.O, x))
			}
		}
	}
	if checked == 0 {
		t.Skip("no move_evaluate node form runs on this CPU")
	}
	if wipeouts == 0 {
		t.Errorf("%d moves checked, no wipe-out among them", checked)
	}
}
