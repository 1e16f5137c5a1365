package variants

import (
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
)

// Pure-Go leaf searches (solve_2 .. solve_4). They search exactly like the
// reference (same move order, same cut-offs, same node count) but on the
// fast Go flip (carry) and a score_1 on it, and they differ from each
// other only in how the parity sort is done:
//
//   - edax-branchy: the empties are listed in presorted order and reordered
//     by nested parity tests, as Edax's search_solve_4 does.
//   - parity-table: a 4-bit (3-bit) mask of which empties lie in an odd
//     quadrant indexes a table of permutations (seed 003: no branch to
//     mispredict).

func init() {
	Solve2.Register(Info{Name: "go", Rank: 5, Note: "Go: carry flip and score_1 on it, no allocation"}, solve2Go)
	Solve3.Register(Info{Name: "edax-branchy", Rank: 5, Note: "Go: presorted empties, nested parity tests"}, func(b kernels.Board, alpha int) (int, uint64) {
		return leaf3(b, alpha, orderBranchy)
	})
	Solve3.Register(Info{Name: "parity-table", Rank: 6, Note: "Go: presorted empties, permutation table on the odd-quadrant mask (seed 003)"}, func(b kernels.Board, alpha int) (int, uint64) {
		return leaf3(b, alpha, orderTable)
	})
	Solve4.Register(Info{Name: "edax-branchy", Rank: 5, Note: "Go: presorted empties, nested parity tests"}, func(b kernels.Board, alpha int) (int, uint64) {
		return leaf4(b, alpha, orderBranchy)
	})
	Solve4.Register(Info{Name: "parity-table", Rank: 6, Note: "Go: presorted empties, permutation table on the odd-quadrant mask (seed 003)"}, func(b kernels.Board, alpha int) (int, uint64) {
		return leaf4(b, alpha, orderTable)
	})
	BoardSolve.Register(Info{Name: "odd-empties", Rank: 5, Note: "Go: no draw test when n is odd (seed 003), three-way otherwise"}, boardSolveOdd)

	for x := range presortIndex {
		presortIndex[kernels.PresortedSquares[x]] = uint8(x)
	}
	for n := 1; n <= 4; n++ {
		for odd := 0; odd < 1<<uint(n); odd++ {
			var perm [4]uint8
			k := 0
			for _, want := range []int{1, 0} {
				for i := 0; i < n; i++ {
					if odd>>uint(i)&1 == want {
						perm[k] = uint8(i)
						k++
					}
				}
			}
			parityPerm[n][odd] = perm
		}
	}
}

var (
	presortIndex [64]uint8
	// parityPerm[n][odd] is the stable odd-first order of n empties whose
	// odd-quadrant flags are the bits of odd.
	parityPerm [5][16][4]uint8
)

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

// score1Go is kernels.Score1 on the carry flip.
func score1Go(P uint64, alpha, x int) int {
	bit := uint64(1) << uint(x)
	score := 2*bits.OnesCount64(P) - kernels.ScoreMax + 2
	if n := 2 * bits.OnesCount64(flipCarry(P, ^P&^bit, x)); n != 0 {
		return score + n
	}
	score2 := score - 2
	if score <= 0 {
		score = score2
	}
	if score > alpha {
		O := ^P &^ bit
		if n := 2 * bits.OnesCount64(flipCarry(O, P, x)); n != 0 {
			score = score2 - n
		}
	}
	return score
}

func solve2Go(b kernels.Board, alpha int) (int, uint64) {
	var xs [4]int
	presorted(b.Empties(), &xs)
	sortTable(&xs, 2, kernels.Parity(b.Empties()))
	return solve2On(b.P, b.O, alpha, xs[0], xs[1])
}

// solve2On is the reference Solve2 with its two empties already ordered.
func solve2On(P, O uint64, alpha, x1, x2 int) (int, uint64) {
	beta := alpha + 1
	var nodes uint64 = 1
	best := -kernels.ScoreInf
	if f := flipCarry(P, O, x1); f != 0 {
		nodes++
		best = -score1Go(O&^f, -beta, x2)
	}
	if best < beta {
		if f := flipCarry(P, O, x2); f != 0 {
			nodes++
			best = max(best, -score1Go(O&^f, -beta, x1))
		}
		if best == -kernels.ScoreInf { // P passes
			best = kernels.ScoreInf
			if f := flipCarry(O, P, x1); f != 0 {
				nodes++
				best = score1Go(P&^f, alpha, x2)
			}
			if best > alpha {
				if f := flipCarry(O, P, x2); f != 0 {
					nodes++
					best = min(best, score1Go(P&^f, alpha, x1))
				}
				if best == kernels.ScoreInf {
					best = kernels.BoardSolve(P, 2)
				}
			}
		}
	}
	if best > alpha {
		return beta, nodes
	}
	return alpha, nodes
}

func leaf3(b kernels.Board, alpha int, order orderFunc) (int, uint64) {
	var xs [4]int
	e := b.Empties()
	presorted(e, &xs)
	order.sort(&xs, 3, kernels.Parity(e))
	return solve3On(b.P, b.O, alpha, &xs, order, false)
}

// solve3On searches with the three empties xs already ordered; after each
// move the two left are ordered again (LeafOrder of the new position).
func solve3On(P, O uint64, alpha int, xs *[4]int, order orderFunc, passed bool) (int, uint64) {
	var nodes uint64 = 1
	best := -kernels.ScoreInf
	for i := 0; i < 3; i++ {
		x := xs[i]
		f := flipCarry(P, O, x)
		if f == 0 {
			continue
		}
		var rest [4]int
		e := ^(P | O) &^ (uint64(1) << uint(x))
		presorted(e, &rest)
		np, no := O&^f, P|f|uint64(1)<<uint(x)
		order.sort(&rest, 2, kernels.Parity(e))
		s, nn := solve2On(np, no, -alpha-1, rest[0], rest[1])
		nodes += nn
		if -s > alpha {
			return -s, nodes
		}
		best = max(best, -s)
	}
	if best == -kernels.ScoreInf {
		if passed || movesKoggeStone(O, P) == 0 {
			return kernels.BoardSolve(P, 3), nodes
		}
		s, nn := solve3On(O, P, -alpha-1, xs, order, true)
		return -s, nodes + nn
	}
	return best, nodes
}

func leaf4(b kernels.Board, alpha int, order orderFunc) (int, uint64) {
	var xs [4]int
	e := b.Empties()
	presorted(e, &xs)
	order.sort(&xs, 4, kernels.Parity(e))
	return solve4On(b.P, b.O, alpha, &xs, order)
}

func solve4On(P, O uint64, alpha int, xs *[4]int, order orderFunc) (int, uint64) {
	var nodes uint64 = 1
	best := -kernels.ScoreInf
	for i := 0; i < 4; i++ {
		x := xs[i]
		f := flipCarry(P, O, x)
		if f == 0 {
			continue
		}
		// LeafOrder of the three left: presorted, then odd first.
		var rest [4]int
		e := ^(P | O) &^ (uint64(1) << uint(x))
		presorted(e, &rest)
		np, no := O&^f, P|f|uint64(1)<<uint(x)
		order.sort(&rest, 3, kernels.Parity(e))
		s, nn := solve3On(np, no, -alpha-1, &rest, order, false)
		nodes += nn
		if -s > alpha {
			return -s, nodes
		}
		best = max(best, -s)
	}
	if best == -kernels.ScoreInf {
		if movesKoggeStone(O, P) == 0 {
			return kernels.BoardSolve(P, 4), nodes
		}
		s, nn := solve4On(O, P, -alpha-1, xs, order)
		return -s, nodes + nn
	}
	return best, nodes
}

// boardSolveOdd: with n odd the disc total 64-n is odd, so there is no
// draw and one comparison decides who gets the empties.
func boardSolveOdd(P uint64, n int) int {
	if n&1 == 0 {
		return kernels.BoardSolve(P, n)
	}
	score := 2*bits.OnesCount64(P) - kernels.ScoreMax // the empties to O
	if diff := score + n; diff > 0 {
		return diff + n
	}
	return score
}
