package kernels

import "math/bits"

// SquareValue is the static value of each square (JCW's, as in Edax).
var SquareValue = [64]int{
	18, 4, 16, 12, 12, 16, 4, 18,
	4, 2, 6, 8, 8, 6, 2, 4,
	16, 6, 14, 10, 10, 14, 6, 16,
	12, 8, 10, 0, 0, 10, 8, 12,
	12, 8, 10, 0, 0, 10, 8, 12,
	16, 6, 14, 10, 10, 14, 6, 16,
	4, 2, 6, 8, 8, 6, 2, 4,
	18, 4, 16, 12, 12, 16, 4, 18,
}

// Move-ordering weights (Edax's move.c).
const (
	WWipeout           = 1 << 30
	WFirstMove         = 1 << 29
	WSecondMove        = 1 << 28
	WMobility          = 1 << 15
	WCornerStability   = 1 << 11
	WPotentialMobility = 1 << 5
	WLowParity         = 1 << 3
	WMidParity         = 1 << 2
	WHighParity        = 1 << 1
)

const corners = 0x8100000000000081

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// WeightedCount counts the bits of m, corners twice.
func WeightedCount(m uint64) int { return bits.OnesCount64(m) + bits.OnesCount64(m&corners) }

// CornerStability counts P's corners and the discs of P next to them on
// the edges (Edax's get_corner_stability).
func CornerStability(P uint64) int {
	s := P & corners
	for _, c := range [4][3]int{{A1, B1, A2}, {H1, G1, H2}, {A8, B8, A7}, {H8, G8, H7}} {
		if P&Bit(c[0]) != 0 {
			s |= P & (Bit(c[1]) | Bit(c[2]))
		}
	}
	return bits.OnesCount64(s)
}

// MoveEvaluate is Edax 4.4's shallow move-ordering score of P playing x
// (flipping flipped) with nEmpties empties and the given quadrant parity;
// h0 and h1 are the hash moves (NoMove if none).
func MoveEvaluate(b Board, x int, flipped uint64, parity uint8, nEmpties, h0, h1 int) int {
	if flipped == b.O {
		return WWipeout
	}
	if x == h0 {
		return WFirstMove
	}
	if x == h1 {
		return WSecondMove
	}
	score := SquareValue[x]
	if parity&QuadrantID[x] != 0 {
		switch {
		case nEmpties < 12:
			score += WLowParity
		case nEmpties < 21:
			score += WMidParity
		case nEmpties < 30:
			score += WHighParity
		}
	}
	n := b.Play(x, flipped) // opponent to move
	score += (36 - WeightedCount(PotentialMoves(n.P, n.O))) * WPotentialMobility
	score += CornerStability(n.O) * WCornerStability
	score += (36 - WeightedCount(Moves(n.P, n.O))) * WMobility
	return score
}
