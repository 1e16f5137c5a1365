package variants

// PerftTailFunc returns perft(P, O, 2): the leaves of the last two plies
// below a position, where nearly every call of a perft is made.
type PerftTailFunc func(P, O uint64) uint64

// PerftTail is an assembly perft tail with one moves and one flip variant
// inlined (the loop moved into assembly, no call per node). It is used
// only when exactly those two variants are selected.
type PerftTail struct {
	Moves, Flip string
	Requires    []Feature
	Fn          PerftTailFunc
}

var perftTails []PerftTail

// registerPerftTail adds a tail; its features come from avo's analysis.
func registerPerftTail(moves, flip string, fn PerftTailFunc) {
	perftTails = append(perftTails, PerftTail{Moves: moves, Flip: flip, Requires: asmFeatures(fn), Fn: fn})
}

// PerftTails returns every registered tail, runnable here or not.
func PerftTails() []PerftTail { return perftTails }

// Name names the tail by the variants it inlines.
func (t PerftTail) Name() string { return "asm " + t.Moves + "+" + t.Flip }

// PerftTailOf returns the tail of the moves and flip variants s selects,
// if there is one and s's CPU can run it.
func PerftTailOf(s Selection) (PerftTail, bool) {
	m, f := s.Name(Moves), s.Name(Flip)
	for _, t := range perftTails {
		if t.Moves == m && t.Flip == f && len(s.CPU().Missing(t.Requires)) == 0 {
			return t, true
		}
	}
	return PerftTail{}, false
}
