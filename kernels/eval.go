package kernels

// The evaluation is Edax's: 46 pattern features over the board, each a
// base-3 number with one digit per square (0 = P, 1 = O, 2 = empty, the
// first square most significant), looked up in one weight table per
// pattern shape and summed with a bias.

// NumFeatures is the number of pattern features; Features has room for 48
// (3 x 16 lanes) so that vector forms need no tail.
const NumFeatures = 46

// Features holds the 46 feature indexes (and two zero pads).
type Features [48]uint16

// FeatureSquares lists the squares of each feature, most significant digit
// first (Edax's EVAL_F2X).
var FeatureSquares = [NumFeatures][]int{
	{A1, B1, A2, B2, C1, A3, C2, B3, C3}, // C9: corner 3x3
	{H1, G1, H2, G2, F1, H3, F2, G3, F3},
	{A8, A7, B8, B7, A6, C8, B6, C7, C6},
	{H8, H7, G8, G7, H6, F8, G6, F7, F6},
	{A5, A4, A3, A2, A1, B2, B1, C1, D1, E1}, // C10: corner 5+5
	{H5, H4, H3, H2, H1, G2, G1, F1, E1, D1},
	{A4, A5, A6, A7, A8, B7, B8, C8, D8, E8},
	{H4, H5, H6, H7, H8, G7, G8, F8, E8, D8},
	{B2, A1, B1, C1, D1, E1, F1, G1, H1, G2}, // S10[0]: edge + 2X
	{B7, A8, B8, C8, D8, E8, F8, G8, H8, G7},
	{B2, A1, A2, A3, A4, A5, A6, A7, A8, B7},
	{G2, H1, H2, H3, H4, H5, H6, H7, H8, G7},
	{A1, C1, D1, C2, D2, E2, F2, E1, F1, H1}, // S10[1]: edge block
	{A8, C8, D8, C7, D7, E7, F7, E8, F8, H8},
	{A1, A3, A4, B3, B4, B5, B6, A5, A6, A8},
	{H1, H3, H4, G3, G4, G5, G6, H5, H6, H8},
	{A2, B2, C2, D2, E2, F2, G2, H2}, // S8[0]: line 2
	{A7, B7, C7, D7, E7, F7, G7, H7},
	{B1, B2, B3, B4, B5, B6, B7, B8},
	{G1, G2, G3, G4, G5, G6, G7, G8},
	{A3, B3, C3, D3, E3, F3, G3, H3}, // S8[1]: line 3
	{A6, B6, C6, D6, E6, F6, G6, H6},
	{C1, C2, C3, C4, C5, C6, C7, C8},
	{F1, F2, F3, F4, F5, F6, F7, F8},
	{A4, B4, C4, D4, E4, F4, G4, H4}, // S8[2]: line 4
	{A5, B5, C5, D5, E5, F5, G5, H5},
	{D1, D2, D3, D4, D5, D6, D7, D8},
	{E1, E2, E3, E4, E5, E6, E7, E8},
	{A1, B2, C3, D4, E5, F6, G7, H8}, // S8[3]: main diagonals
	{A8, B7, C6, D5, E4, F3, G2, H1},
	{B1, C2, D3, E4, F5, G6, H7}, // S7
	{H2, G3, F4, E5, D6, C7, B8},
	{A2, B3, C4, D5, E6, F7, G8},
	{G1, F2, E3, D4, C5, B6, A7},
	{C1, D2, E3, F4, G5, H6}, // S6
	{A3, B4, C5, D6, E7, F8},
	{F1, E2, D3, C4, B5, A6},
	{H3, G4, F5, E6, D7, C8},
	{D1, E2, F3, G4, H5}, // S5
	{A4, B5, C6, D7, E8},
	{E1, D2, C3, B4, A5},
	{H4, G5, F6, E7, D8},
	{D1, C2, B3, A4}, // S4
	{A5, B6, C7, D8},
	{E1, F2, G3, H4},
	{H5, G6, F7, E8},
}

// Weight table layout of one ply (Edax's Eval_weight): the tables of each
// pattern shape one after the other, then the bias.
const (
	WeightC9   = 0
	WeightC10  = WeightC9 + 19683
	WeightS100 = WeightC10 + 59049
	WeightS101 = WeightS100 + 59049
	WeightS8   = WeightS101 + 59049 // 4 tables of 6561
	WeightS7   = WeightS8 + 4*6561
	WeightS6   = WeightS7 + 2187
	WeightS5   = WeightS6 + 729
	WeightS4   = WeightS5 + 243
	WeightBias = WeightS4 + 81
	NumWeights = WeightBias + 1 // 226315
)

// FeatureOffset is where feature i's table starts in a ply's weights.
var FeatureOffset = [NumFeatures]int{
	WeightC9, WeightC9, WeightC9, WeightC9,
	WeightC10, WeightC10, WeightC10, WeightC10,
	WeightS100, WeightS100, WeightS100, WeightS100,
	WeightS101, WeightS101, WeightS101, WeightS101,
	WeightS8, WeightS8, WeightS8, WeightS8,
	WeightS8 + 6561, WeightS8 + 6561, WeightS8 + 6561, WeightS8 + 6561,
	WeightS8 + 2*6561, WeightS8 + 2*6561, WeightS8 + 2*6561, WeightS8 + 2*6561,
	WeightS8 + 3*6561, WeightS8 + 3*6561,
	WeightS7, WeightS7, WeightS7, WeightS7,
	WeightS6, WeightS6, WeightS6, WeightS6,
	WeightS5, WeightS5, WeightS5, WeightS5,
	WeightS4, WeightS4, WeightS4, WeightS4,
}

// Pow3 is 3^i.
var Pow3 = [11]int{1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049}
