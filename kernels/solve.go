package kernels

import "math/bits"

// PresortedSquares is the fixed order in which leaf searches try empty
// squares before parity reordering: Edax's presorted_x (corners first,
// X-squares last).
var PresortedSquares = [64]int{
	A1, A8, H1, H8, // corners
	C4, C5, D3, D6, E3, E6, F4, F5,
	C3, C6, F3, F6,
	A3, A6, C1, C8, F1, F8, H3, H6,
	A4, A5, D1, D8, E1, E8, H4, H5,
	B4, B5, D2, D7, E2, E7, G4, G5,
	B3, B6, C2, C7, F2, F7, G3, G6,
	A2, A7, B1, B8, G1, G8, H2, H7, // C-squares
	B2, B7, G2, G7, // X-squares
	D4, E4, D5, E5,
}

// QuadrantID gives each square its quadrant bit (1 a1-d4, 2 e1-h4,
// 4 a5-d8, 8 e5-h8). A board's parity is the XOR over its empty squares:
// bit q set means quadrant q holds an odd number of empties.
var QuadrantID = func() (q [64]uint8) {
	for x := range q {
		q[x] = 1 << (uint(x%8/4) + 2*uint(x/32))
	}
	return
}()

// Parity returns the quadrant parity of the empty squares of b.
func Parity(empties uint64) uint8 {
	var p uint8
	for ; empties != 0; empties &= empties - 1 {
		p ^= QuadrantID[bits.TrailingZeros64(empties)]
	}
	return p
}

// LeafOrder returns the empty squares of e in the leaf search's order:
// presorted order, then a stable partition that puts squares of odd
// quadrants first (Edax's parity sort at 4 and 3 empties).
func LeafOrder(e uint64) []int {
	parity := Parity(e)
	var odd, even []int
	for _, x := range PresortedSquares {
		if e&Bit(x) == 0 {
			continue
		}
		if parity&QuadrantID[x] != 0 {
			odd = append(odd, x)
		} else {
			even = append(even, x)
		}
	}
	return append(odd, even...)
}

func solveN(b Board, alpha, n int) (int, uint64) {
	if b.NumEmpties() != n {
		panic("solveN: wrong number of empties")
	}
	var nodes uint64 = 1
	best := -ScoreInf
	for _, x := range LeafOrder(b.Empties()) {
		f := Flip(b.P, b.O, x)
		if f == 0 {
			continue
		}
		var s int
		var nn uint64
		if n == 3 {
			s, nn = Solve2(b.Play(x, f), -alpha-1)
		} else {
			s, nn = Solve3(b.Play(x, f), -alpha-1)
		}
		nodes += nn
		if -s > alpha {
			return -s, nodes
		}
		best = max(best, -s)
	}
	if best == -ScoreInf {
		if Moves(b.O, b.P) == 0 {
			return BoardSolve(b.P, n), nodes
		}
		s, nn := solveN(b.Swap(), -alpha-1, n)
		return -s, nodes + nn
	}
	return best, nodes
}
