// Command perft generates the perft tails: perft(P, O, 2) with a moves and
// a flip emitter inlined, so that the last two plies (where nearly all the
// calls are) stay in assembly. One tail per pair of moves and flip variants
// likely to be selected together; flipbench perft uses the one matching
// the selection, or the pure-Go recursion.
package main

import (
	"fmt"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/flipasm"
)

func main() {
	asmgen.Setup()
	const doc = "counts the leaves of the last two plies of a perft below (P, O), moves=%s and flip=%s inlined."
	for _, t := range []struct {
		name, moves, flip string
		m                 flipasm.Mover
		f                 flipasm.Flipper
	}{
		{"perftTailSSE2", "sse2", "sse2", flipasm.NewMovesSSE2(), flipasm.NewFlipSSE2()},
		{"perftTailAVX2", "avx2", "avx2-ppfill", flipasm.NewMovesAVX2(), flipasm.NewFlipAVX2PPFill()},
		{"perftTailAVX2PEXT", "avx2", "bmi2-pext", flipasm.NewMovesAVX2(), flipasm.NewFlipPEXT()},
	} {
		flipasm.PerftTail(t.name, fmt.Sprintf(doc, t.moves, t.flip), t.m, t.f)
	}
	// AVX-512: the board stays in vector registers between the plies
	for _, t := range []struct {
		name, moves string
		m           flipasm.VecMover
	}{
		{"perftTailAVX512VL", "avx512vl", flipasm.NewMovesAVX512VL()},
		{"perftTailAVX512", "avx512", flipasm.NewMovesAVX512()},
	} {
		flipasm.PerftTailVec(t.name, fmt.Sprintf(doc, t.moves, "avx512-lzcnt"), t.m, flipasm.NewFlipAVX512())
	}
	asmgen.Generate()
}
