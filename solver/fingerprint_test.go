package solver

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/flipbench/flipbench/harness"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// randomWeights are evaluation weights with no meaning but every index
// different, so that an eval kernel that differs from its reference
// changes the move order and the node count.
var randomWeights = sync.OnceValue(func() *variants.EvalWeights {
	rng := rand.New(rand.NewPCG(1, 2))
	t := make([]int16, kernels.NumWeights)
	for i := range t {
		t[i] = int16(rng.IntN(2001) - 1000)
	}
	var plies [variants.NumPlies][]int16
	for p := range plies {
		plies[p] = t
	}
	w, err := variants.NewEvalWeights(plies)
	if err != nil {
		panic(err)
	}
	return w
})

// solveFingerprint solves positions with the kernels of sel and returns
// every score, best move and node count; the evaluation ordering starts
// at 10 empties, so that the eval kernels are used on small positions.
func solveFingerprint(t *testing.T, ps []Position, w *variants.EvalWeights, sel variants.Selection) [][3]uint64 {
	t.Helper()
	p := defaultParams
	p.sortMin = 10
	sv, err := New(Options{Weights: w, HashBits: 16, tune: &p}, sel)
	if err != nil {
		t.Fatal(err)
	}
	var out [][3]uint64
	for _, p := range ps {
		r, err := sv.Solve(p.Board)
		if err != nil {
			t.Fatal(err)
		}
		if p.HasScore && (r.Score != p.Score || !p.Known(r.Best)) {
			t.Errorf("ffo%s: %+d %s, want %+d", p.ID, r.Score, kernels.SquareName(r.Best), p.Score)
		}
		out = append(out, [3]uint64{uint64(r.Score), uint64(r.Best), r.Nodes})
	}
	return out
}

// Every variant of every kernel the solver calls (kernelTable) that can
// run with the rest of this CPU's defaults gives the same scores, best
// moves and node counts (with weights, so that the eval kernels are used
// too), the bottoms and the solver's own leaf and score_1 included. The
// variant sets are solved in parallel: each is a value, nothing is
// shared.
func TestFingerprintAcrossVariants(t *testing.T) {
	ps, err := Set("ffo1-3")
	if err != nil {
		t.Fatal(err)
	}
	// a position where the side to move passes, one with a few empties
	for _, b := range harness.RandomEndgames(5, 5000, 11) {
		if kernels.Moves(b.P, b.O) == 0 && kernels.Moves(b.O, b.P) != 0 {
			ps = append(ps, Position{ID: "pass", Position: kernels.Position{Board: b}})
			break
		}
	}
	base := testSelection(t, "")
	for _, ww := range []*variants.EvalWeights{nil, randomWeights()} {
		want := solveFingerprint(t, ps, ww, base)
		for _, s := range kernelTable {
			k := s.kernel
			for _, name := range base.Choices(k) {
				t.Run(fmt.Sprintf("weights=%v/%s=%s", ww != nil, k.Name(), name), func(t *testing.T) {
					t.Parallel()
					sel, err := base.With(k.Name() + "=" + name)
					if err != nil {
						t.Fatal(err)
					}
					got := solveFingerprint(t, ps, ww, sel)
					for i := range got {
						if got[i] != want[i] {
							t.Errorf("position %s: score, best, nodes %v, want %v", ps[i].ID, got[i], want[i])
						}
					}
				})
			}
		}
	}
}

// The incremental features (root digits) with the opponent-view weights
// evaluate every position as the side to move's own features do.
func TestEvaluateViews(t *testing.T) {
	w := randomWeights()
	wo, err := opponentWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	s := newSearch(References())
	s.w = [2]*variants.EvalWeights{w, wo}
	for g, b := range harness.RandomEndgames(9, 50, 50) {
		_ = g
		// play a random line from b, keeping features
		n := b.NumEmpties()
		s.feat[n] = kernels.EvalFeatures(b)
		side := 0
		P, O := b.P, b.O
		for n > 0 {
			want := kernels.EvalSum(ptrF(kernels.EvalFeatures(kernels.Board{P: P, O: O})), w.Ply(60-n))
			if got := s.evaluate(n, side); got != min(max(want, -63*scale), 63*scale) {
				t.Fatalf("%s side %d: evaluate %d, want %d", kernels.BoardString(kernels.Board{P: P, O: O}), side, got, want)
			}
			m := kernels.Moves(P, O)
			if m == 0 {
				if kernels.Moves(O, P) == 0 {
					break
				}
				P, O, side = O, P, side^1
				continue
			}
			x := bitsTZ(m)
			f := kernels.Flip(P, O, x)
			s.feat[n-1] = kernels.EvalUpdate(s.feat[n], x, f, side)
			P, O, side, n = O&^f, P|f|bit(x), side^1, n-1
		}
	}
}

func ptrF(f kernels.Features) *kernels.Features { return &f }

func bitsTZ(m uint64) int {
	x := 0
	for m&1 == 0 {
		m >>= 1
		x++
	}
	return x
}
