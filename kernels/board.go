// Package kernels holds the board type, its text forms, and a plain,
// obviously-correct pure-Go reference for every kernel in the catalog.
// The references are the oracle every variant is checked against: they
// favour clarity over speed on purpose.
package kernels

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Square numbering follows Edax: bit i is square i, A1 = 0, B1 = 1, ...,
// H1 = 7, A2 = 8, ..., H8 = 63.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 = 0, 1, 2, 3, 4, 5, 6, 7
	A2, B2, C2, D2, E2, F2, G2, H2 = 8, 9, 10, 11, 12, 13, 14, 15
	A3, B3, C3, D3, E3, F3, G3, H3 = 16, 17, 18, 19, 20, 21, 22, 23
	A4, B4, C4, D4, E4, F4, G4, H4 = 24, 25, 26, 27, 28, 29, 30, 31
	A5, B5, C5, D5, E5, F5, G5, H5 = 32, 33, 34, 35, 36, 37, 38, 39
	A6, B6, C6, D6, E6, F6, G6, H6 = 40, 41, 42, 43, 44, 45, 46, 47
	A7, B7, C7, D7, E7, F7, G7, H7 = 48, 49, 50, 51, 52, 53, 54, 55
	A8, B8, C8, D8, E8, F8, G8, H8 = 56, 57, 58, 59, 60, 61, 62, 63

	// Pass is the move number of a pass; NoMove marks "no move".
	Pass   = 64
	NoMove = 65
)

// Score bounds: a score is the disc difference from the side to move.
const (
	ScoreMin = -64
	ScoreMax = 64
	ScoreInf = 127
)

// Board is a position: P holds the discs of the side to move, O those of
// the opponent. The two never overlap.
type Board struct {
	P, O uint64
}

// Side is a colour in text forms.
type Side int

const (
	Black Side = iota // X or *, moves first
	White             // O
)

func (s Side) String() string {
	if s == White {
		return "O"
	}
	return "X"
}

// Opp returns the other side.
func (s Side) Opp() Side { return 1 - s }

// Bit returns the bitboard of square x.
func Bit(x int) uint64 { return 1 << uint(x) }

// SquareName returns "a1".."h8", "pass" or "--".
func SquareName(x int) string {
	switch {
	case x >= 0 && x < 64:
		return string([]byte{byte('a' + x%8), byte('1' + x/8)})
	case x == Pass:
		return "pass"
	}
	return "--"
}

// ParseSquare reads a square name such as "e6" or "E6" (or "pass"/"PS").
func ParseSquare(s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "pass" || t == "ps" || t == "pa" {
		return Pass, nil
	}
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return 0, fmt.Errorf("bad square %q: want a file a-h and a rank 1-8, e.g. e6", s)
	}
	return int(t[1]-'1')*8 + int(t[0]-'a'), nil
}

// Empties returns the bitboard of empty squares.
func (b Board) Empties() uint64 { return ^(b.P | b.O) }

// NumEmpties returns the number of empty squares.
func (b Board) NumEmpties() int { return bits.OnesCount64(b.Empties()) }

// Swap returns the board with the sides exchanged (a pass).
func (b Board) Swap() Board { return Board{b.O, b.P} }

// Play returns the board after the side to move plays x, flipping
// flipped, with the sides exchanged for the next player.
func (b Board) Play(x int, flipped uint64) Board {
	return Board{b.O ^ flipped, b.P ^ flipped ^ Bit(x)}
}

// Valid reports whether P and O do not overlap.
func (b Board) Valid() error {
	if b.P&b.O != 0 {
		return fmt.Errorf("discs overlap on %s", squareList(b.P&b.O))
	}
	return nil
}

func squareList(m uint64) string {
	var s []string
	for ; m != 0; m &= m - 1 {
		s = append(s, SquareName(bits.TrailingZeros64(m)))
	}
	return strings.Join(s, " ")
}

// StartBoard is the initial position, black (X) to move, D5 and E4 black.
var StartBoard = Board{P: Bit(D5) | Bit(E4), O: Bit(D4) | Bit(E5)}

// Position is a board with the colour of the side to move, as text forms
// need it.
type Position struct {
	Board
	Side Side // colour of P
}

// String renders "64 characters, space, side": X for black, O for white,
// - for empty, as in Edax's OBF files.
func (p Position) String() string {
	black, white := p.P, p.O
	if p.Side == White {
		black, white = white, black
	}
	var sb strings.Builder
	for x := 0; x < 64; x++ {
		switch {
		case black&Bit(x) != 0:
			sb.WriteByte('X')
		case white&Bit(x) != 0:
			sb.WriteByte('O')
		default:
			sb.WriteByte('-')
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.Side.String())
	return sb.String()
}

// BoardString renders a board with P as X to move: the form counterexamples
// are printed in.
func BoardString(b Board) string { return Position{b, Black}.String() }

// ParsePosition reads 64 square characters (X or * black, O white, - or .
// empty) followed by the side to move (X, *, B or O, W), separated by
// white space or not.
func ParsePosition(s string) (Position, error) {
	fields := strings.Fields(s)
	if len(fields) == 2 && strings.HasPrefix(fields[0], "0x") && strings.HasPrefix(fields[1], "0x") {
		return parseHex(s, fields[0], fields[1])
	}
	var sq, side string
	switch {
	case len(fields) == 0:
		return Position{}, fmt.Errorf("empty board: want 64 squares (X, O, -) and the side to move")
	case len(fields) >= 2 && len(fields[len(fields)-1]) == 1:
		sq, side = strings.Join(fields[:len(fields)-1], ""), fields[len(fields)-1]
	default:
		all := strings.Join(fields, "")
		if len(all) != 65 {
			return Position{}, fmt.Errorf("board %q: %d characters, want 64 squares followed by the side to move (X or O)", s, len(all))
		}
		sq, side = all[:64], all[64:]
	}
	if len(sq) != 64 {
		return Position{}, fmt.Errorf("board %q: %d square characters, want 64", s, len(sq))
	}
	var p Position
	switch side {
	case "X", "x", "*", "B", "b":
		p.Side = Black
	case "O", "o", "0", "W", "w":
		p.Side = White
	default:
		return Position{}, fmt.Errorf("board %q: unknown side to move %q (want X or O)", s, side)
	}
	var black, white uint64
	for x := 0; x < 64; x++ {
		switch sq[x] {
		case 'X', 'x', '*':
			black |= Bit(x)
		case 'O', 'o', '0':
			white |= Bit(x)
		case '-', '.':
		default:
			return Position{}, fmt.Errorf("board %q: bad square character %q at %s (want X, O or -)", s, sq[x], SquareName(x))
		}
	}
	p.Board = Board{black, white}
	if p.Side == White {
		p.Board = Board{white, black}
	}
	return p, nil
}

// parseHex reads the "0xP 0xO" form (P to move, shown as X); the two
// bitboards must not overlap.
func parseHex(s, ps, os string) (Position, error) {
	P, err1 := strconv.ParseUint(ps[2:], 16, 64)
	O, err2 := strconv.ParseUint(os[2:], 16, 64)
	if err1 != nil || err2 != nil {
		return Position{}, fmt.Errorf("board %q: want two 64-bit hex bitboards, 0xP 0xO", s)
	}
	b := Board{P, O}
	if err := b.Valid(); err != nil {
		return Position{}, fmt.Errorf("board %q: %v", s, err)
	}
	return Position{b, Black}, nil
}

// ParseBoard is ParsePosition without the colour.
func ParseBoard(s string) (Board, error) {
	p, err := ParsePosition(s)
	return p.Board, err
}
