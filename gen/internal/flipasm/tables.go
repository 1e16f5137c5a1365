// Package flipasm holds instruction emitters for the two kernels every
// Othello search runs at each node, flip and moves, so that a generator can
// inline them into larger assembly functions (batch loops, the perft tail,
// a whole leaf search). Each emitter takes its inputs in avo registers and
// returns its result in a new register; Setup hoists its constants (call it
// once, before any loop that calls the emitter).
//
// Square i is bit i, A1 = 0, H1 = 7, A2 = 8, H8 = 63. The four "up"
// directions (toward higher bits) are E +1, N +8, NE +9, NW +7, the four
// "down" directions their opposites; vector forms keep them in this lane
// order.
package flipasm

import (
	. "github.com/mmcloughlin/avo/operand"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// Steps are the four line directions as bit shifts, in lane order.
var Steps = [4]uint64{1, 8, 9, 7}

// Inner masks, per direction, the squares an opponent disc can be flipped
// on along that line: not on the edges the line leaves the board by. Used
// on O they also keep shifted (or rotated) bits from wrapping around.
var Inner = [4]uint64{0x7e7e7e7e7e7e7e7e, 0x00ffffffffffff00, 0x007e7e7e7e7e7e00, 0x007e7e7e7e7e7e00}

var fileRank = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}

// Rays returns, for each square, the squares seen from it in the four up
// directions (lanes 0-3) and the four down directions (lanes 4-7).
func Rays() [64][8]uint64 {
	var r [64][8]uint64
	for x := 0; x < 64; x++ {
		for d, s := range fileRank {
			for half, sign := range []int{1, -1} {
				f, k := x%8+sign*s[0], x/8+sign*s[1]
				for f >= 0 && f < 8 && k >= 0 && k < 8 {
					r[x][4*half+d] |= 1 << uint(k*8+f)
					f, k = f+sign*s[0], k+sign*s[1]
				}
			}
		}
	}
	return r
}

// tables emitted in this file (avo globals are static: one copy per file).
var tables = map[string]Mem{}

// Table64 emits a uint64 table once per generated file.
func Table64(name string, vals func() []uint64) Mem {
	if m, ok := tables[name]; ok {
		return m
	}
	m := asmgen.Table64(name, vals())
	tables[name] = m
	return m
}

// Table8 emits a byte table once per generated file.
func Table8(name string, vals func() []uint8) Mem {
	if m, ok := tables[name]; ok {
		return m
	}
	m := asmgen.Table8(name, vals())
	tables[name] = m
	return m
}

// RayTable is Rays() flattened: 64 bytes per square, up rays then down rays.
func RayTable() Mem {
	return Table64("flipRays", func() []uint64 {
		r := Rays()
		out := make([]uint64, 0, 64*8)
		for x := range r {
			out = append(out, r[x][:]...)
		}
		return out
	})
}

func repeat(v []uint64, n int) func() []uint64 {
	return func() []uint64 {
		var out []uint64
		for i := 0; i < n; i++ {
			out = append(out, v...)
		}
		return out
	}
}

func times(k uint64, v [4]uint64) []uint64 {
	out := make([]uint64, 4)
	for i := range v {
		out[i] = k * v[i]
	}
	return out
}
