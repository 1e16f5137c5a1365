package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/solver"
)

// With -min-nodes every position written takes that many nodes to solve
// with the screen's table, its listed moves are its exact best moves, the
// players share the positions out in turn, and the positions kept are
// the first such games' (a set made again is the same).
func TestPositionsLargeTrees(t *testing.T) {
	const minNodes = 200000
	dir := t.TempDir()
	path := filepath.Join(dir, "large.obf")
	args := []string{"positions", "-n", "3", "-empties", "15-16", "-seed", "7", "-player", "greedy,squares",
		"-min-nodes", "200000", "-max-games", "60", "-o", path}
	code, out := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header := strings.SplitN(string(data), "\n", 2)[0]
	for _, want := range []string{"2 of greedy", "1 of squares", "200000 nodes or more with a table of 2^16 entries"} {
		if !strings.Contains(header, want) {
			t.Errorf("header %q lacks %q", header, want)
		}
	}
	ps, err := solver.ReadOBF(strings.NewReader(string(data)), path)
	if err != nil || len(ps) != 3 {
		t.Fatalf("%d positions, %v", len(ps), err)
	}
	sv, err := positionsSolver(solver.AutoHashBits(16))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		r, err := sv.Solve(p.Board)
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes < minNodes {
			t.Errorf("position %s: %d nodes, below -min-nodes", p.ID, r.Nodes)
		}
		if !p.HasScore {
			t.Errorf("position %s: no exact score in the file", p.ID)
		} else if err := p.Check(r); err != nil {
			t.Error(err)
		}
	}
	again := filepath.Join(dir, "again.obf")
	args[len(args)-1] = again
	if code, out := runCLI(t, args...); code != 0 {
		t.Fatalf("again: exit %d:\n%s", code, out)
	}
	if data2, _ := os.ReadFile(again); body(data2) != body(data) {
		t.Errorf("the same flags gave another set:\n%s\n%s", data, data2)
	}
}

// body is an OBF file without its comment lines (the time it took).
func body(b []byte) string {
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "%") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func TestPositionsBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.obf")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-player", "bogus"}, 2, `"bogus"`},
		{[]string{"-player", "greedy,greedy"}, 2, "listed twice"},
		{[]string{"-n", "1", "-player", "greedy,squares"}, 2, "2 players for -n 1"},
		{[]string{"-empties", "24-20"}, 2, "LO-HI"},
		{[]string{"-min-nodes", "1", "-max-games", "-1"}, 2, "-max-games -1"},
		{[]string{"-n", "1", "-empties", "10-12", "-player", "greedy", "-min-nodes", "1000000000000", "-max-games", "3"}, 1, "raise -max-games"},
	} {
		args := append(append([]string{"positions"}, c.args...), "-o", out)
		code, stdout, stderr := runCLIErr(t, args...)
		if code != c.code || !strings.Contains(stdout+stderr, c.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s%s", c.args, code, c.code, c.want, stdout, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a failed run wrote %s", out)
	}
}

// The largest -n takes the default -max-games (it is only used with
// -min-nodes, and bounded).
func TestPositionsLargestN(t *testing.T) {
	o := positionsOpts{n: 10000, out: "x.obf"}
	if err := o.parse("20-24", "self"); err != nil {
		t.Fatal(err)
	}
	if o.maxGames != maxGamesLimit {
		t.Errorf("-max-games defaults to %d, want %d", o.maxGames, maxGamesLimit)
	}
}
