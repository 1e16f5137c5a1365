package solver

import (
	"reflect"
	"testing"

	"github.com/flipbench/flipbench/variants"
)

// DirectSpec is the variant set kcall_direct.go calls directly under the
// solverdirect build tag: solving with it bound measures the same code
// through func values.
const DirectSpec = "flip=bitscan,moves=kogge-stone,count_last_flip=kindergarten,score_1=solver,solve_4=solver,stability=go," +
	"hash_code=zobrist-table,hash_prefetch=none,move_evaluate=parity-table,bottom=go"

// DirectSpec binds the functions kcall_direct.go calls, and the solver's
// own score_1, leaf and bottom, which it runs: a bound and a direct build
// time the same code.
func TestDirectSpec(t *testing.T) {
	k := Bind(testSelection(t, DirectSpec))
	for _, c := range []struct {
		kernel        string
		bound, direct any
	}{
		{"flip", k.Flip, variants.FlipBitscan},
		{"moves", k.Moves, variants.MovesKoggeStone},
		{"count_last_flip", k.CountLastFlip, variants.CountLastFlipKindergarten},
		{"stability", k.Stability, variants.StabilityGo},
		{"hash_code", k.HashCode, variants.HashCodeZobrist},
		{"move_evaluate", k.MoveEvaluate, variants.MoveEvaluateTable},
		{"hash_prefetch", k.HashPrefetch, variants.HashPrefetchNone},
	} {
		if reflect.ValueOf(c.bound).Pointer() != reflect.ValueOf(c.direct).Pointer() {
			t.Errorf("%s: DirectSpec binds another function than kcall_direct.go calls", c.kernel)
		}
	}
	if k.Score1 != nil || k.Solve4 != nil || k.Bottom != nil || k.goSIMD {
		t.Errorf("DirectSpec binds %s: not the solver's own score_1, leaf and bottom", k)
	}
}
