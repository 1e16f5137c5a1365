package weights

import (
	"fmt"
	"math/rand/v2"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Set is a complete set of weights: one packed table (NumPacked values)
// per ply. Plies may share a table (same slice).
type Set struct {
	Plies [NumPlies][]int16
	// Note says where the weights come from (kept by our format).
	Note string
	// Edax is the header of the eval.dat the set was read from, written
	// back unchanged by WriteEdax (the zero value gets DefaultEdaxHeader).
	Edax EdaxHeader
}

// NewSet returns a set of all-zero weights, every ply its own table.
func NewSet() *Set {
	s := &Set{}
	for p := range s.Plies {
		s.Plies[p] = make([]int16, NumPacked)
	}
	return s
}

// Random returns seeded random weights (uniform in -1000..1000, about
// +-8 discs per feature): weights that carry no knowledge, the baseline
// that trained weights are measured against (-eval random).
func Random(seed uint64) *Set {
	rng := rand.New(rand.NewPCG(seed, 1))
	s := NewSet()
	s.Note = fmt.Sprintf("random weights, seed %d", seed)
	for _, t := range s.Plies {
		for i := range t {
			t[i] = int16(rng.IntN(2001) - 1000)
		}
	}
	return s
}

func (s *Set) check() error {
	for p, t := range s.Plies {
		if len(t) != NumPacked {
			return fmt.Errorf("weights: ply %d has %d packed values, want %d", p, len(t), NumPacked)
		}
	}
	return nil
}

// EvalWeights unpacks the set into the plain per-ply layout the eval_sum
// kernels use. Plies that share a packed table share the plain one.
func (s *Set) EvalWeights() (*variants.EvalWeights, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	var plain [NumPlies][]int16
	for p, t := range s.Plies {
		for q := 0; q < p; q++ {
			if &s.Plies[q][0] == &t[0] {
				plain[p] = plain[q]
				break
			}
		}
		if plain[p] == nil {
			plain[p] = Unpack(t)
		}
	}
	return variants.NewEvalWeights(plain)
}

// FromEvalWeights packs plain per-ply weights; every table must give
// mirror images equal weights.
func FromEvalWeights(w *variants.EvalWeights) (*Set, error) {
	s := &Set{}
	for p, t := range w.Plain {
		for q := 0; q < p; q++ {
			if len(t) > 0 && &w.Plain[q][0] == &t[0] {
				s.Plies[p] = s.Plies[q]
				break
			}
		}
		if s.Plies[p] != nil {
			continue
		}
		pk, err := Pack(t)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", p, err)
		}
		s.Plies[p] = pk
	}
	return s, nil
}

// Eval returns the evaluation of b (P to move) in 1/Scale discs: the sum
// of the weights of its features at its ply, computed from the packed
// tables (slow; for tests and tools).
func (s *Set) Eval(b kernels.Board) int {
	f := kernels.EvalFeatures(b)
	t := s.Plies[min(max(60-b.NumEmpties(), 0), NumPlies-1)]
	sum := int(t[NumPacked-1])
	for i := 0; i < kernels.NumFeatures; i++ {
		sum += int(t[packIndex[kernels.FeatureOffset[i]+int(f[i])]])
	}
	return sum
}
