package solver

import (
	"embed"
	"fmt"
	"io"

	"github.com/flipbench/flipbench/kernels"
)

// The project's own sets: positions none of FFO's, solved exactly with
// every best move (flipbench positions wrote them; the header of each file
// says how). "tune" and "heldout" are of self-play games, the games the
// weights were trained on; "greedy" and "squares" of games of other
// players (the most discs flipped; a static table of square values) after
// eight random plies: positions of another origin. Changes to the search
// are decided on "tune", "greedy" and the FFO sets; "squares" only
// reports, and is never used to decide one, so that a speed measured on
// it is not overfitted ("heldout" was so until every change had been
// measured on it). "large" and "large-report" are of all three kinds of
// games, every position one whose solve takes 100 M nodes or more: trees
// that fill the table many times over, where replacement and the
// ordering weigh otherwise; "large" decides, "large-report" only reports.
//
//go:embed sets/*.obf
var ownSets embed.FS

var ownSetFiles = map[string]string{
	"heldout":      "sets/heldout-20-24.obf",
	"tune":         "sets/tune-20-24.obf",
	"greedy":       "sets/greedy-20-24.obf",
	"squares":      "sets/squares-20-24.obf",
	"large":        "sets/large-20-24.obf",
	"large-report": "sets/large-report-20-24.obf",
}

// ReadOBF reads the positions of an OBF file; listed move scores become
// the known score and best moves. A file without positions is an error.
func ReadOBF(r io.Reader, name string) ([]Position, error) {
	es, err := kernels.ReadOBF(r, name)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	var out []Position
	for i, e := range es {
		if err := e.Valid(); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, e.Line, err)
		}
		p := Position{ID: fmt.Sprint(i + 1), Position: e.Position}
		if sc, ok := e.BestScore(); ok {
			p.Score, p.HasScore, p.BestMoves = sc, true, e.BestMoves()
		}
		out = append(out, p)
	}
	return out, nil
}

func ownSet(name string) ([]Position, bool, error) {
	file, ok := ownSetFiles[name]
	if !ok {
		return nil, false, nil
	}
	f, err := ownSets.Open(file)
	if err != nil {
		return nil, true, err
	}
	defer f.Close()
	ps, err := ReadOBF(f, file)
	return ps, true, err
}
