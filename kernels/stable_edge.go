package kernels

// EdgeStability[p*256+o] holds the discs of p that no sequence of moves on
// an 8-square line (an edge) can flip, for every pair of disjoint 8-bit
// lines p and o (others are 0). Built at init by trying every move order,
// as Edax's edge_stability_init does.
var EdgeStability = buildEdgeStability()

func buildEdgeStability() *[65536]uint8 {
	var t [65536]uint8
	for p := 0; p < 256; p++ {
		for o := 0; o < 256; o++ {
			if p&o == 0 {
				t[p*256+o] = uint8(findEdgeStable(p, o, p))
			}
		}
	}
	return &t
}

// flipLine returns the discs of o flipped on a line when p plays on x.
func flipLine(p, o, x int) int {
	f := 0
	for _, d := range [2]int{-1, 1} {
		line := 0
		y := x + d
		for y >= 0 && y < 8 && o&(1<<y) != 0 {
			line |= 1 << y
			y += d
		}
		if y >= 0 && y < 8 && p&(1<<y) != 0 {
			f |= line
		}
	}
	return f
}

// findEdgeStable narrows stable (a subset of p) to the discs that stay p
// whatever is played on the empty squares, by either side, in any order.
func findEdgeStable(p, o, stable int) int {
	stable &= p
	e := ^(p | o) & 0xff
	if stable == 0 || e == 0 {
		return stable
	}
	for x := 0; x < 8; x++ {
		if e&(1<<x) == 0 {
			continue
		}
		f := flipLine(p, o, x) // p plays x (legal or not: edges are filled in any order)
		stable = findEdgeStable(p|f|1<<x, o&^f, stable)
		if stable == 0 {
			return 0
		}
		f = flipLine(o, p, x) // o plays x
		stable = findEdgeStable(p&^f, o|f|1<<x, stable)
		if stable == 0 {
			return 0
		}
	}
	return stable
}

// edgeLines lists the squares of the four edges, in bit order of the
// 8-bit line the table is indexed by.
var edgeLines = [4][8]int{
	{A1, B1, C1, D1, E1, F1, G1, H1},
	{A8, B8, C8, D8, E8, F8, G8, H8},
	{A1, A2, A3, A4, A5, A6, A7, A8},
	{H1, H2, H3, H4, H5, H6, H7, H8},
}

// StableEdge returns P's discs on the four edges that are stable, read
// square by square from EdgeStability.
func StableEdge(P, O uint64) uint64 {
	var stable uint64
	for _, line := range edgeLines {
		p, o := 0, 0
		for i, x := range line {
			if P&Bit(x) != 0 {
				p |= 1 << i
			}
			if O&Bit(x) != 0 {
				o |= 1 << i
			}
		}
		s := EdgeStability[p*256+o]
		for i, x := range line {
			if s&(1<<i) != 0 {
				stable |= Bit(x)
			}
		}
	}
	return stable
}
