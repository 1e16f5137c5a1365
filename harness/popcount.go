package harness

import (
	"fmt"
	"iter"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/variants"
)

// popcount: slices of every length 0..70 (so every tail path runs) from
// random words, a third of them all ones, and a long one; benchmarked on
// the boards of random games as words, in slices of each PopcountLens.
var _ = declare(&Spec[variants.PopcountFunc, variants.NoBatch, []uint64, int]{
	Kernel: variants.Popcount,
	Call:   func(fn variants.PopcountFunc, in []uint64) int { return fn(in) },
	Cases: func(o Options) iter.Seq[[]uint64] {
		return func(yield func([]uint64) bool) {
			rng := rngFor(o, 23)
			words := make([]uint64, 4096)
			for i := range words {
				words[i] = rng.Uint64()
				if i%3 == 0 {
					words[i] = ^uint64(0)
				}
			}
			n := max(o.N/10, 200)
			for i := 0; i < n; i++ {
				l := i % 71
				if i == n-1 {
					l = len(words)
				}
				off := rng.IntN(len(words) - l + 1)
				if !yield(words[off : off+l]) {
					return
				}
			}
		}
	},
	Show: func(in []uint64) string { return fmt.Sprintf("%d words %#x", len(in), in[:min(len(in), 4)]) },
	Fuzz: func(P, O uint64, x, _ int) ([]uint64, bool) {
		return []uint64{P, O, P ^ O, ^P, P & O, P | O, ^O, 0, P}[:x%10], true
	},
	Groups: popcountGroups,
})

// PopcountLens are the slice lengths of the popcount benchmarks: a few
// words (a board pair and its masks) and a long batch.
var PopcountLens = []int{8, 1024}

func popcountGroups(k *variants.Kernel[variants.PopcountFunc, variants.NoBatch], vs []*variants.Variant[variants.PopcountFunc, variants.NoBatch], _ BenchSelect) []*bench.Group {
	words := make([]uint64, 0, 2*benchInputs)
	for _, b := range benchBoards() {
		words = append(words, b.P, b.O)
	}
	var gs []*bench.Group
	for _, l := range PopcountLens {
		starts := len(words) / l
		g := &bench.Group{Title: fmt.Sprintf("popcount per call, %d words", l)}
		for _, v := range vs {
			fn := v.Fn
			var at cursor
			g.Cases = append(g.Cases, kernelCase(k.Name(), v.Name, "call", func(n int) {
				r := 0
				s := at.next(n, starts)
				for i := s; i < s+n; i++ {
					o := (i % starts) * l
					r += fn(words[o : o+l])
				}
				benchSink += uint64(r)
			}, [2]string{"len", fmt.Sprint(l)}))
		}
		gs = append(gs, g)
	}
	return gs
}
