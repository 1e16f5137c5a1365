package kernels

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MoveScore is one "move:score" pair of an OBF line.
type MoveScore struct {
	Move  int
	Score int
}

// OBFEntry is one line of an OBF file: a position and, optionally, the
// exact score of some or all moves.
type OBFEntry struct {
	Position
	Moves []MoveScore
	Line  int // 1-based line number in its file
}

// BestScore returns the best listed score, and false if none is listed.
func (e OBFEntry) BestScore() (int, bool) {
	if len(e.Moves) == 0 {
		return 0, false
	}
	best := e.Moves[0].Score
	for _, m := range e.Moves[1:] {
		best = max(best, m.Score)
	}
	return best, true
}

// BestMoves returns the moves that reach BestScore.
func (e OBFEntry) BestMoves() []int {
	best, ok := e.BestScore()
	if !ok {
		return nil
	}
	var out []int
	for _, m := range e.Moves {
		if m.Score == best {
			out = append(out, m.Move)
		}
	}
	return out
}

// ParseOBFLine parses "board side; move:score; ...". Text after % is a
// comment. An empty or comment-only line returns ok == false. A listed
// move must be legal (a pass only when the side to move has none and the
// game goes on).
func ParseOBFLine(line string) (e OBFEntry, ok bool, err error) {
	if i := strings.IndexByte(line, '%'); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return e, false, nil
	}
	fields := strings.Split(line, ";")
	e.Position, err = ParsePosition(strings.TrimSpace(fields[0]))
	if err != nil {
		return e, false, err
	}
	if err := e.Valid(); err != nil {
		return e, false, fmt.Errorf("board %q: %v", fields[0], err)
	}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		mv, sc, found := strings.Cut(f, ":")
		if !found {
			return e, false, fmt.Errorf("move score %q: want move:score, e.g. G8:+18", f)
		}
		x, err := ParseSquare(mv)
		if err != nil {
			return e, false, fmt.Errorf("move score %q: %v", f, err)
		}
		s, err := strconv.Atoi(strings.TrimSpace(sc))
		if err != nil || s < ScoreMin || s > ScoreMax {
			return e, false, fmt.Errorf("move score %q: score must be an integer in -64..64", f)
		}
		if x != Pass && e.Empties()&Bit(x) == 0 {
			return e, false, fmt.Errorf("move score %q: square %s is not empty", f, SquareName(x))
		}
		if err := e.legal(x); err != nil {
			return e, false, fmt.Errorf("move score %q: %v", f, err)
		}
		e.Moves = append(e.Moves, MoveScore{x, s})
	}
	return e, true, nil
}

// legal checks that x (a square or Pass) is a legal move of the side to
// move: a listed score of an illegal move would only be blamed on the
// solver later.
func (e OBFEntry) legal(x int) error {
	moves := Moves(e.P, e.O)
	switch {
	case x == Pass && moves != 0:
		return fmt.Errorf("a pass is not legal: %s has moves (%s)", e.Side, squareList(moves))
	case x == Pass && Moves(e.O, e.P) == 0:
		return fmt.Errorf("a pass is not legal: the game is over")
	case x != Pass && moves == 0:
		return fmt.Errorf("%s is not a legal move: %s has no move (list a pass, PS)", SquareName(x), e.Side)
	case x != Pass && moves&Bit(x) == 0:
		return fmt.Errorf("%s is not a legal move of %s (legal: %s)", SquareName(x), e.Side, squareList(moves))
	}
	return nil
}

// ReadOBF reads every entry of an OBF stream; name is used in errors.
func ReadOBF(r io.Reader, name string) ([]OBFEntry, error) {
	var out []OBFEntry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		e, ok, err := ParseOBFLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if ok {
			e.Line = n
			out = append(out, e)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}
