package variants

import (
	"github.com/flipbench/flipbench/kernels"
)

// StabilityFunc returns P's stable discs.
type StabilityFunc func(P, O uint64) uint64

// Stability is the stability cutoff's bound.
var Stability = newKernel[StabilityFunc, NoBatch]("stability", "P's stable discs: edges, full lines, and their neighbours", kernels.Stability)

// Edax's get_stability: stable edges from the table, central discs on four
// full lines, then discs whose every line is full or ends on a stable disc,
// iterated to a fixed point.

// fullFill holds, per line direction, the wrap masks of the doubling fill
// of empty squares along that direction.
type fullFill struct {
	left, right [3]uint64 // valid destinations of a 1, 2, 4-step jump
}

// fullFills are built by code: a jump of k steps up (<<s*k) or down
// (>>s*k) is valid where the source square is on the board and on the same
// line, i.e. the file moves by at most k without wrapping.
// The directions: horizontal (shift 1), vertical (8), h1-a8 (7), a1-h8 (9).
var fullFills = func() (f [4]fullFill) {
	for d, dir := range [4]struct {
		s  uint
		df int // file change of one step up (<< s)
	}{{1, 1}, {8, 0}, {7, -1}, {9, 1}} {
		for j, k := range [3]int{1, 2, 4} {
			for y := 0; y < 64; y++ {
				fy := y % 8
				// up: the source is y - s*k, file fy - df*k
				if src := fy - dir.df*k; src >= 0 && src < 8 && y-int(dir.s)*k >= 0 {
					f[d].left[j] |= 1 << y
				}
				// down: the source is y + s*k, file fy + df*k
				if src := fy + dir.df*k; src >= 0 && src < 8 && y+int(dir.s)*k < 64 {
					f[d].right[j] |= 1 << y
				}
			}
		}
	}
	return
}()

// spreadUp and spreadDown spread the empty squares e along a line
// direction (shift s, wrap masks m) 1, 2 and 4 steps (Kogge-Stone): the
// squares neither reaches are on a full line. Called with a constant s so
// that the inlined shifts are constants.
func spreadUp(e uint64, s uint, m *[3]uint64) uint64 {
	e |= m[0] & (e << s)
	e |= m[1] & (e << (2 * s))
	return e | m[2]&(e<<(4*s))
}

func spreadDown(e uint64, s uint, m *[3]uint64) uint64 {
	e |= m[0] & (e >> s)
	e |= m[1] & (e >> (2 * s))
	return e | m[2]&(e>>(4*s))
}

// StabilityGo is get_stability with the A2-A7 stable edges.
func StabilityGo(P, O uint64) uint64 {
	disc := P | O
	central := P & 0x007e7e7e7e7e7e00
	e, f := ^disc, &fullFills
	fh := ^(spreadUp(e, 1, &f[0].left) | spreadDown(e, 1, &f[0].right))
	fv := ^(spreadUp(e, 8, &f[1].left) | spreadDown(e, 8, &f[1].right))
	f7 := ^(spreadUp(e, 7, &f[2].left) | spreadDown(e, 7, &f[2].right))
	f9 := ^(spreadUp(e, 9, &f[3].left) | spreadDown(e, 9, &f[3].right))
	stable := StableEdgeA2A7(P, O) | fh&fv&f7&f9&central
	for {
		old := stable
		h := stable>>1 | stable<<1 | fh
		v := stable>>8 | stable<<8 | fv
		d7 := stable>>7 | stable<<7 | f7
		d9 := stable>>9 | stable<<9 | f9
		stable |= h & v & d7 & d9 & central
		if stable == old {
			return stable
		}
	}
}

func init() {
	Stability.Register(Info{Name: "go", Rank: 10,
		Note: "Go: Edax get_stability, Kogge-Stone full lines, A2-A7 stable edges, neighbours to a fixed point"}, StabilityGo)
}
