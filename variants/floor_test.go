package variants

import (
	"math/rand/v2"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// The call-floor loops call what they say: the empty functions return 0
// on every input, and a flip variant called from assembly returns, summed
// over the inputs, what the reference returns (so the loop passes P, O
// and x in their places and cycles over the inputs).
func TestCallFloors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	in := make([]BoardX, 64)
	for i := range in {
		x := rng.IntN(64)
		P := rng.Uint64() &^ kernels.Bit(x)
		in[i] = BoardX{P: P, O: rng.Uint64() &^ P &^ kernels.Bit(x), X: x}
	}
	const n = 1000 // not a multiple of len(in): the loops wrap around
	var want uint64
	for i := 0; i < n; i++ {
		c := in[i%len(in)]
		want += kernels.Flip(c.P, c.O, c.X)
	}
	forms := CallFloors()
	if len(forms) < 2 {
		t.Fatalf("%d call forms, want Go's at least", len(forms))
	}
	for _, f := range forms {
		if got := f.Loop(in, n); got != 0 {
			t.Errorf("floor %s/%s: sum %d, want 0 (an empty function returns 0)", f.Impl, f.Form, got)
		}
	}
	cpu := Host()
	tested := 0
	for _, v := range Flip.Infos() {
		loop, ok := FlipFromAsm(v)
		if !ok || !v.RunsOn(cpu) {
			continue
		}
		tested++
		if got := loop(in, n); got != want {
			t.Errorf("flip %s called from assembly: sum %#x, want %#x", v.Name, got, want)
		}
	}
	boards := make([]kernels.Board, 64)
	for i := range boards {
		P := rng.Uint64()
		boards[i] = kernels.Board{P: P, O: rng.Uint64() &^ P}
	}
	sum := func(f func(P, O uint64) uint64) uint64 {
		var s uint64
		for i := 0; i < n; i++ {
			s += f(boards[i%len(boards)].P, boards[i%len(boards)].O)
		}
		return s
	}
	boardTested := 0
	for _, c := range []struct {
		infos []Info
		ref   func(P, O uint64) uint64
	}{
		{Moves.Infos(), kernels.Moves},
		{Stability.Infos(), kernels.Stability},
		{StableEdgeCount.Infos(), func(P, O uint64) uint64 { return uint64(kernels.CountStableEdge(P, O)) }},
		{HashCode.Infos(), kernels.HashCode},
	} {
		want := sum(c.ref)
		for _, v := range c.infos {
			loop, ok := BoardFromAsm(v)
			if !ok || !v.RunsOn(cpu) {
				continue
			}
			boardTested++
			if got := loop(boards, n); got != want {
				t.Errorf("%s called from assembly: sum %#x, want %#x", v.Name, got, want)
			}
		}
	}
	if tested > 0 && boardTested == 0 {
		t.Error("flip variants have entry points, no kernel of a board has")
	}
	t.Logf("%d call forms, %d flip variants and %d variants of a board's kernels called from assembly", len(forms), tested, boardTested)
}
