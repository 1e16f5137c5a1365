package solver

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/flipbench/flipbench/kernels"
)

// ffo.tsv is a copy of the project's testdata/ffo.tsv (a test checks they
// are equal), embedded so that the binary solves the sets anywhere.
//
//go:embed ffo.tsv
var ffoTSV string

// Position is a position to solve, with what is known about it.
type Position struct {
	ID string
	kernels.Position
	// Score and BestMoves are the known exact score and every best move;
	// HasScore is false when unknown.
	Score     int
	HasScore  bool
	BestMoves []int
}

// Known reports whether x is one of the known best moves (true when none
// are known).
func (p Position) Known(x int) bool {
	if len(p.BestMoves) == 0 {
		return true
	}
	for _, m := range p.BestMoves {
		if m == x {
			return true
		}
	}
	return false
}

// FFO returns the FFO endgame positions 1..79.
func FFO() ([]Position, error) {
	var out []Position
	for i, line := range strings.Split(strings.TrimSpace(ffoTSV), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if len(f) < 5 {
			return nil, fmt.Errorf("ffo.tsv line %d: %d fields, want 6", i+1, len(f))
		}
		pos, err := kernels.ParsePosition(f[1] + " " + f[2])
		if err != nil {
			return nil, fmt.Errorf("ffo.tsv line %d: %v", i+1, err)
		}
		sc, err := strconv.Atoi(strings.TrimPrefix(f[3], "+"))
		if err != nil {
			return nil, fmt.Errorf("ffo.tsv line %d: score %q", i+1, f[3])
		}
		p := Position{ID: f[0], Position: pos, Score: sc, HasScore: true}
		for _, m := range strings.Split(f[4], ",") {
			x, err := kernels.ParseSquare(m)
			if err != nil {
				return nil, fmt.Errorf("ffo.tsv line %d: %v", i+1, err)
			}
			p.BestMoves = append(p.BestMoves, x)
		}
		out = append(out, p)
	}
	return out, nil
}

// Sets names the FFO sets and the project's own (sets.go).
var Sets = []string{"ffo1-19", "ffo20-39", "ffo40-59", "ffo60-79", "heldout", "tune", "greedy", "squares", "large", "large-report"}

// Set returns a named set: ffoA-B (any range within 1..79, e.g. ffo20-39),
// ffoN, or one of the project's own (sets.go).
func Set(name string) ([]Position, error) {
	if ps, ok, err := ownSet(name); ok {
		return ps, err
	}
	r, ok := strings.CutPrefix(strings.ToLower(name), "ffo")
	if !ok {
		return nil, fmt.Errorf("unknown set %q: want ffoA-B or an own set, e.g. %s", name, strings.Join(Sets, ", "))
	}
	a, b, isRange := strings.Cut(r, "-")
	lo, err1 := strconv.Atoi(a)
	hi := lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < 1 || hi > 79 || lo > hi {
		return nil, fmt.Errorf("unknown set %q: want ffoA-B with 1 <= A <= B <= 79, e.g. %s", name, strings.Join(Sets, ", "))
	}
	all, err := FFO()
	if err != nil {
		return nil, err
	}
	var out []Position
	for _, p := range all {
		id, _ := strconv.Atoi(p.ID)
		if id >= lo && id <= hi {
			out = append(out, p)
		}
	}
	return out, nil
}
