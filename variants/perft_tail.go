package variants

// PerftTailFunc returns perft(P, O, 2): the leaves of the last two plies
// below a position, where nearly every call of a perft is made.
type PerftTailFunc func(P, O uint64) uint64

// PerftTail is an assembly perft tail with one moves and one flip variant
// inlined (the loop moved into assembly, no call per node). It is used
// only when exactly those two variants are selected.
type PerftTail struct {
	Moves, Flip string
	Asm         string
	Requires    []Feature
	Fn          PerftTailFunc
}

var perftTails []PerftTail

// registerPerftTail adds a tail; its features come from avo's list.
func registerPerftTail(moves, flip, asm string, fn PerftTailFunc) {
	perftTails = append(perftTails, PerftTail{Moves: moves, Flip: flip, Asm: asm,
		Requires: withAsmRequires(nil, []string{asm}), Fn: fn})
	asmHelpers[asm] = true
}

// PerftTails returns every registered tail, runnable here or not.
func PerftTails() []PerftTail { return perftTails }

// SelectedPerftTail returns the tail of the selected moves and flip
// variants, if there is one and this CPU can run it.
func SelectedPerftTail() (PerftTail, bool) {
	m, f := Moves.SelectedName(), Flip.SelectedName()
	for _, t := range perftTails {
		if t.Moves == m && t.Flip == f && len(CPU.Missing(t.Requires)) == 0 {
			return t, true
		}
	}
	return PerftTail{}, false
}
