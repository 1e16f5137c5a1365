package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// The leaf searches (solve_2, solve_3, solve_4) share what is here: the
// presorted empties and their parity order, and the pure-Go search their
// Go variants run. Those search exactly like the reference (same move
// order, same cut-offs, same node count) but on the fast Go flip (carry)
// and a score_1 on it, and they differ from each other only in how the
// parity sort is done:
//
//   - edax-branchy: the empties are listed in presorted order and reordered
//     by nested parity tests, as Edax's search_solve_4 does.
//   - parity-table: a 4-bit (3-bit) mask of which empties lie in an odd
//     quadrant indexes a table of permutations: no branch to mispredict.

// SolveFunc is a null-window leaf search of (P, O) at (alpha, alpha+1):
// its score and the nodes it searched.
type SolveFunc func(P, O uint64, alpha int) (score int, nodes uint64)

// boardSolveFunc adapts a reference leaf, which takes a Board.
func boardSolveFunc(f func(kernels.Board, int) (int, uint64)) SolveFunc {
	return func(P, O uint64, alpha int) (int, uint64) { return f(kernels.Board{P: P, O: O}, alpha) }
}

// registerLeaves registers the Go variants of the leaf of n (3 or 4)
// empties, one per parity sort, and their batch forms: a Go loop calling
// the search directly.
func registerLeaves(k *Kernel[SolveFunc, SolveBatchFunc], n int) {
	for _, o := range []struct {
		info  Info
		order orderFunc
	}{
		{Info{Name: "edax-branchy", Rank: 5, Note: "Go: presorted empties, nested parity tests"}, orderBranchy},
		{Info{Name: "parity-table", Rank: 6, Note: "Go: presorted empties, permutation table on the odd-quadrant mask"}, orderTable},
	} {
		order := o.order
		k.Register(o.info, func(P, O uint64, alpha int) (int, uint64) {
			return leaf(P, O, alpha, n, order)
		})
		k.RegisterBatch(o.info.Name, SolveBatchFunc(func(in []BoardAlpha, out []ScoreNodes) {
			out = out[:len(in)]
			for i, c := range in {
				out[i].Score, out[i].Nodes = leaf(c.P, c.O, c.Alpha, n, order)
			}
		}))
	}
}

func init() {
	for x := range presortIndex {
		presortIndex[kernels.PresortedSquares[x]] = uint8(x)
	}
	for n := 1; n <= 4; n++ {
		for odd := 0; odd < 1<<uint(n); odd++ {
			copy(parityPerm[n][odd][:], oddFirst(n, uint8(odd)))
		}
	}
	for x := 0; x < 64; x++ {
		f, r := x%8, x/8
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && f+df >= 0 && f+df < 8 && r+dr >= 0 && r+dr < 8 {
					neighbour[x] |= 1 << uint((r+dr)*8+f+df)
				}
			}
		}
	}
	for p := 0; p < 16; p++ {
		for x := 0; x < 64; x++ {
			if uint8(p)&kernels.QuadrantID[x] != 0 {
				quadMask[p] |= 1 << uint(x)
			}
		}
	}
}

// The leaf's move order (kernels.LeafOrder): the empties in presorted
// order, then those of odd quadrants first. Its tables serve the Go leaf
// variants here and the solver's own leaf.
var (
	presortIndex [64]uint8
	// parityPerm[n][odd] is the stable odd-first order of n empties whose
	// odd-quadrant flags are the bits of odd.
	parityPerm [5][16][4]uint8
	// neighbour[x]: the squares next to x.
	neighbour [64]uint64
	// quadMask[parity]: the squares of the odd quadrants.
	quadMask [16]uint64
)

// oddFirst returns the positions 0..n-1 whose bits are set in odd, then
// the others, each in increasing order: the leaf's stable odd-first
// partition, which every table of it is built from.
func oddFirst(n int, odd uint8) []uint8 {
	perm := make([]uint8, 0, n)
	for _, want := range []uint8{1, 0} {
		for i := 0; i < n; i++ {
			if odd>>uint(i)&1 == want {
				perm = append(perm, uint8(i))
			}
		}
	}
	return perm
}

// OddFirst is the stable odd-first order of n empties (byte positions of
// a packed list) whose odd-quadrant flags are the bits of odd.
func OddFirst(n int, odd uint8) *[4]uint8 { return &parityPerm[n][odd&15] }

// Neighbours are the squares next to x: with none of them O's, P cannot
// flip anything on x.
func Neighbours(x int) uint64 { return neighbour[x&63] }

// OddQuadrants are the squares of the quadrants whose bits are set in
// parity (kernels.Parity).
func OddQuadrants(parity uint8) uint64 { return quadMask[parity&15] }

// PresortList packs the empties of e (at most 8) one per byte, in
// kernels.PresortedSquares order, the first in the low byte.
func PresortList(e uint64) uint64 {
	var keys [8]uint16
	n := 0
	for ; e != 0; e &= e - 1 {
		x := bits.TrailingZeros64(e)
		k := uint16(presortIndex[x])<<8 | uint16(x)
		i := n
		for i > 0 && keys[i-1] > k {
			keys[i] = keys[i-1]
			i--
		}
		keys[i] = k
		n++
	}
	var list uint64
	for i := n - 1; i >= 0; i-- {
		list = list<<8 | uint64(keys[i]&0xff)
	}
	return list
}

// RemoveByte drops byte i of a packed list, the bytes above moving down.
func RemoveByte(list uint64, i uint) uint64 {
	low := uint64(1)<<(8*i) - 1
	return list&low | list>>8&^low
}

// presorted returns the n empties of e in PresortedSquares order.
func presorted(e uint64, xs *[4]int) int {
	n := 0
	for ; e != 0; e &= e - 1 {
		x := bits.TrailingZeros64(e)
		i := n
		for i > 0 && presortIndex[xs[i-1]] > presortIndex[x] {
			xs[i] = xs[i-1]
			i--
		}
		xs[i] = x
		n++
	}
	return n
}

// sortBranchy puts the squares of odd quadrants first, keeping the
// presorted order within each group, by tests and swaps.
func sortBranchy(xs *[4]int, n int, parity uint8) {
	q := &kernels.QuadrantID
	if n == 3 {
		o1, o2, o3 := parity&q[xs[0]] != 0, parity&q[xs[1]] != 0, parity&q[xs[2]] != 0
		if !o1 {
			if o2 {
				if o3 { // 2 3 1
					xs[0], xs[1], xs[2] = xs[1], xs[2], xs[0]
				} else { // 2 1 3
					xs[0], xs[1] = xs[1], xs[0]
				}
			} else if o3 { // 3 1 2
				xs[0], xs[1], xs[2] = xs[2], xs[0], xs[1]
			}
		} else if !o2 && o3 { // 1 3 2
			xs[1], xs[2] = xs[2], xs[1]
		}
		return
	}
	// Four empties: the possible holes are 4, 1+3, 2+2, 1+1+2 and 1+1+1+1;
	// only 1+1+2 reorders (Edax's comment), but any mask is handled.
	var odd [4]bool
	for i := 0; i < 4; i++ {
		odd[i] = parity&q[xs[i]] != 0
	}
	if !odd[0] {
		if odd[1] {
			if odd[2] { // 1(x2) 1(x3) 2(x1 x4)
				xs[0], xs[1], xs[2] = xs[1], xs[2], xs[0]
				if odd[3] {
					xs[2], xs[3] = xs[3], xs[2]
				}
			} else if odd[3] { // 1(x2) 1(x4) 2(x1 x3)
				xs[0], xs[1], xs[2], xs[3] = xs[1], xs[3], xs[0], xs[2]
			} else {
				xs[0], xs[1] = xs[1], xs[0]
			}
		} else if odd[2] {
			if odd[3] { // 1(x3) 1(x4) 2(x1 x2)
				xs[0], xs[1], xs[2], xs[3] = xs[2], xs[3], xs[0], xs[1]
			} else {
				xs[0], xs[1], xs[2] = xs[2], xs[0], xs[1]
			}
		} else if odd[3] {
			xs[0], xs[1], xs[2], xs[3] = xs[3], xs[0], xs[1], xs[2]
		}
	} else if !odd[1] {
		if odd[2] { // 1(x1) 1(x3) 2(x2 x4)
			xs[1], xs[2] = xs[2], xs[1]
			if odd[3] {
				xs[2], xs[3] = xs[3], xs[2]
			}
		} else if odd[3] { // 1(x1) 1(x4) 2(x2 x3)
			xs[1], xs[2], xs[3] = xs[3], xs[1], xs[2]
		}
	} else if !odd[2] && odd[3] {
		xs[2], xs[3] = xs[3], xs[2]
	}
}

// sortTable does the same with one table lookup.
func sortTable(xs *[4]int, n int, parity uint8) {
	q := &kernels.QuadrantID
	var odd int
	for i := 0; i < n; i++ {
		if parity&q[xs[i]] != 0 {
			odd |= 1 << uint(i)
		}
	}
	p := &parityPerm[n][odd]
	in := *xs
	for i := 0; i < n; i++ {
		xs[i] = in[p[i]]
	}
}

// orderFunc names a parity sort. It is a constant passed down, not a
// func value: an indirect call would make every order array escape to the
// heap (an allocation per node).
type orderFunc bool

const (
	orderBranchy orderFunc = false
	orderTable   orderFunc = true
)

func (o orderFunc) sort(xs *[4]int, n int, parity uint8) {
	if o == orderTable {
		sortTable(xs, n, parity)
	} else {
		sortBranchy(xs, n, parity)
	}
}

// leaf orders the n (3 or 4) empties of (P, O) and searches them.
func leaf(P, O uint64, alpha, n int, order orderFunc) (int, uint64) {
	var xs [4]int
	e := ^(P | O)
	presorted(e, &xs)
	order.sort(&xs, n, kernels.Parity(e))
	return solveOn(P, O, alpha, &xs, n, order, false)
}

// solveOn searches with the n (3 or 4) empties xs already ordered; after
// each move the ones left are ordered again (LeafOrder of the new
// position) and searched by solveOn, or solve2On for the last two.
func solveOn(P, O uint64, alpha int, xs *[4]int, n int, order orderFunc, passed bool) (int, uint64) {
	var nodes uint64 = 1
	best := -kernels.ScoreInf
	var rest [4]int
	for i := 0; i < n; i++ {
		x := xs[i]
		f := FlipCarry(P, O, x)
		if f == 0 {
			continue
		}
		e := ^(P | O) &^ (uint64(1) << uint(x))
		presorted(e, &rest)
		np, no := O&^f, P|f|uint64(1)<<uint(x)
		order.sort(&rest, n-1, kernels.Parity(e))
		var s int
		var nn uint64
		if n == 3 {
			s, nn = solve2On(np, no, -alpha-1, rest[0], rest[1])
		} else {
			s, nn = solveOn(np, no, -alpha-1, &rest, n-1, order, false)
		}
		nodes += nn
		if -s > alpha {
			return -s, nodes
		}
		best = max(best, -s)
	}
	if best == -kernels.ScoreInf {
		if passed || MovesKoggeStone(O, P) == 0 {
			return kernels.BoardSolve(P, n), nodes
		}
		s, nn := solveOn(O, P, -alpha-1, xs, n, order, true)
		return -s, nodes + nn
	}
	return best, nodes
}
