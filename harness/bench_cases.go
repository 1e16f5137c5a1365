package harness

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// The inputs of the micro-benchmarks are fixed, seeded sets drawn from
// random legal games (every phase, both colours), cycled: the same inputs
// for every variant, on every machine, and enough of them (4096, or 1024
// for the larger eval inputs) that branch predictors cannot learn the
// sequence.
const (
	benchSeed   = 2026
	benchInputs = 4096
	benchEval   = 1024
)

// benchSink keeps results alive so that no loop is optimised away.
var benchSink uint64

// DefaultHashBits are the table sizes of hash_clear in flipbench bench:
// 2^15 entries of 24 bytes (768 KiB, L2-resident) to 2^26 (1.5 GiB, far
// beyond any last-level cache).
var DefaultHashBits = []int{15, 17, 20, 22, 24, 26}

// TestHashBits are the sizes of go test -bench (up to 96 MiB, so that a
// smoke run stays quick).
var TestHashBits = []int{15, 17, 20, 22}

// BenchSelect chooses what a session runs.
type BenchSelect struct {
	Kernels  []string // kernel names; empty: all
	Variant  string   // only variants of this name; empty: all runnable
	HashBits []int    // hash_clear table sizes (log2 entries); nil: DefaultHashBits
	NoBatch  bool     // per-call forms only
}

func (s BenchSelect) wantKernel(name string) bool {
	return len(s.Kernels) == 0 || slices.Contains(s.Kernels, name)
}

func (s BenchSelect) wantVariant(name string) bool { return s.Variant == "" || s.Variant == name }

// KernelBenchGroups returns the micro-benchmark groups for the selection:
// per kernel, every runnable variant per call, then batched where a variant
// has a batch form; hash_clear per table size with the write-bandwidth
// baseline. Unknown kernel names are an error.
func KernelBenchGroups(sel BenchSelect) ([]*BenchGroup, error) {
	for _, k := range sel.Kernels {
		if _, err := variants.KernelByName(k); err != nil {
			return nil, err
		}
	}
	if sel.HashBits == nil {
		sel.HashBits = DefaultHashBits
	}
	var groups []*BenchGroup
	add := func(g *BenchGroup) {
		var keep []*BenchCase
		for _, c := range g.Cases {
			if sel.wantVariant(c.Key("variant")) || c.Key("form") == "baseline" {
				keep = append(keep, c)
			}
		}
		g.Cases = keep
		if len(keep) > 0 && (len(keep) > 1 || keep[0].Key("form") != "baseline") {
			groups = append(groups, g)
		}
	}
	for _, k := range variants.Kernels() {
		if !sel.wantKernel(k.Name()) {
			continue
		}
		mk, ok := benchBuilders[k.Name()]
		if !ok {
			return nil, fmt.Errorf("kernel %s has no benchmark (harness/bench_cases.go)", k.Name())
		}
		for _, g := range mk(sel) {
			add(g)
		}
	}
	return groups, nil
}

// benchBuilders makes each kernel's groups.
var benchBuilders = map[string]func(BenchSelect) []*BenchGroup{
	"flip": func(s BenchSelect) []*BenchGroup {
		in := flipInputs()
		return callAndBatch(variants.Flip, s, func(fn variants.FlipFunc) func(int) {
			return func(n int) {
				var r uint64
				for i := 0; i < n; i++ {
					c := &in[i&(len(in)-1)]
					r += fn(c.P, c.O, c.X)
				}
				benchSink += r
			}
		}, func(fn variants.FlipBatchFunc) func(int) {
			out := make([]uint64, len(in))
			return func(n int) {
				batched(n, len(in), func(m int) { fn(in[:m], out[:m]) })
				benchSink += out[0]
			}
		})
	},
	"moves": func(s BenchSelect) []*BenchGroup {
		in := benchBoards()
		return callAndBatch(variants.Moves, s, func(fn variants.MovesFunc) func(int) {
			return func(n int) {
				var r uint64
				for i := 0; i < n; i++ {
					b := &in[i&(len(in)-1)]
					r += fn(b.P, b.O)
				}
				benchSink += r
			}
		}, func(fn variants.MovesBatchFunc) func(int) {
			out := make([]uint64, len(in))
			return func(n int) {
				batched(n, len(in), func(m int) { fn(in[:m], out[:m]) })
				benchSink += out[0]
			}
		})
	},
	"count_last_flip": func(s BenchSelect) []*BenchGroup {
		in := lastFlipInputs()
		return callAndBatch(variants.CountLastFlip, s, func(fn variants.CountLastFlipFunc) func(int) {
			return func(n int) {
				r := 0
				for i := 0; i < n; i++ {
					c := &in[i&(len(in)-1)]
					r += fn(c.P, c.X)
				}
				benchSink += uint64(r)
			}
		}, func(fn variants.CountLastFlipBatchFunc) func(int) {
			out := make([]int, len(in))
			return func(n int) {
				batched(n, len(in), func(m int) { fn(in[:m], out[:m]) })
				benchSink += uint64(out[0])
			}
		})
	},
	"score_1": func(s BenchSelect) []*BenchGroup {
		in := score1Inputs()
		return callAndBatch(variants.Score1, s, func(fn variants.Score1Func) func(int) {
			return func(n int) {
				r := 0
				for i := 0; i < n; i++ {
					c := &in[i&(len(in)-1)]
					r += fn(c.P, c.Alpha, c.X)
				}
				benchSink += uint64(r)
			}
		}, func(fn variants.Score1BatchFunc) func(int) {
			out := make([]int, len(in))
			return func(n int) {
				batched(n, len(in), func(m int) { fn(in[:m], out[:m]) })
				benchSink += uint64(out[0])
			}
		})
	},
	"solve_2":     func(s BenchSelect) []*BenchGroup { return solveCases(variants.Solve2, 2, s) },
	"solve_3":     func(s BenchSelect) []*BenchGroup { return solveCases(variants.Solve3, 3, s) },
	"solve_4":     func(s BenchSelect) []*BenchGroup { return solveCases(variants.Solve4, 4, s) },
	"board_solve": boardSolveCases,
	"eval_features": func(s BenchSelect) []*BenchGroup {
		in := benchBoards()[:benchEval]
		return callOnly(variants.EvalFeatures, s, func(fn variants.EvalFeaturesFunc) func(int) {
			return func(n int) {
				var r uint16
				for i := 0; i < n; i++ {
					f := fn(in[i&(len(in)-1)])
					r += f[i&31]
				}
				benchSink += uint64(r)
			}
		})
	},
	"eval_update": func(s BenchSelect) []*BenchGroup {
		in := evalUpdateInputs()
		return callOnly(variants.EvalUpdate, s, func(fn variants.EvalUpdateFunc) func(int) {
			var dst kernels.Features
			return func(n int) {
				for i := 0; i < n; i++ {
					c := &in[i&(len(in)-1)]
					fn(&dst, &c.src, c.x, c.flipped, c.mover)
				}
				benchSink += uint64(dst[0])
			}
		})
	},
	"eval_sum": func(s BenchSelect) []*BenchGroup {
		in := evalSumInputs()
		w := RandomWeights()
		return callOnly(variants.EvalSum, s, func(fn variants.EvalSumFunc) func(int) {
			return func(n int) {
				r := 0
				for i := 0; i < n; i++ {
					c := &in[i&(len(in)-1)]
					r += fn(&c.f, w, c.ply)
				}
				benchSink += uint64(r)
			}
		})
	},
	"stable_edge":       boardKernel(variants.StableEdge),
	"stable_edge_count": boardKernelInt(variants.StableEdgeCount),
	"stability":         boardKernel(variants.Stability),
	"hash_code":         boardKernel(variants.HashCode),
	"hash_clear":        hashClearCases,
	"hash_prefetch":     hashPrefetchCases,
	"move_evaluate": func(s BenchSelect) []*BenchGroup {
		in := moveEvaluateInputs()
		return callOnly(variants.MoveEvaluate, s, func(fn variants.MoveEvaluateFunc) func(int) {
			return func(n int) {
				r := 0
				for i := 0; i < n; i++ {
					c := &in[i&(len(in)-1)]
					r += fn(c.b, c.x, c.flipped, c.parity, c.empties, c.h0, c.h1)
				}
				benchSink += uint64(r)
			}
		})
	},
	"popcount": popcountCases,
}

// batched runs n elements as calls on slices of at most size elements.
func batched(n, size int, call func(m int)) {
	for n > 0 {
		m := min(n, size)
		call(m)
		n -= m
	}
}

func kernelCase(kernel, variant, form string, run func(int), extra ...[2]string) *BenchCase {
	keys := [][2]string{{"kernel", kernel}, {"variant", variant}, {"form", form}}
	return &BenchCase{Name: "Kernel", Keys: append(keys, extra...), Run: run}
}

// callOnly makes the per-call group of a kernel: a Go loop calling each
// runnable variant's function value.
func callOnly[F any](k *variants.Kernel[F], s BenchSelect, call func(F) func(int)) []*BenchGroup {
	g := &BenchGroup{Title: k.Name() + " per call"}
	for _, v := range k.Runnable() {
		if s.wantVariant(v.Name) {
			g.Cases = append(g.Cases, kernelCase(k.Name(), v.Name, "call", call(v.Fn)))
		}
	}
	return []*BenchGroup{g}
}

// callAndBatch adds the batch group: each variant with a batch form of
// type B, looping inside the variant over a slice of the same inputs.
func callAndBatch[F, B any](k *variants.Kernel[F], s BenchSelect, call func(F) func(int), batch func(B) func(int)) []*BenchGroup {
	gs := callOnly(k, s, call)
	if s.NoBatch {
		return gs
	}
	g := &BenchGroup{Title: k.Name() + " batched"}
	for _, v := range k.Runnable() {
		if fn, ok := v.Batch.(B); ok && s.wantVariant(v.Name) {
			g.Cases = append(g.Cases, kernelCase(k.Name(), v.Name, "batch", batch(fn)))
		}
	}
	return append(gs, g)
}

func boardKernel[F ~func(P, O uint64) uint64](k *variants.Kernel[F]) func(BenchSelect) []*BenchGroup {
	return func(s BenchSelect) []*BenchGroup {
		in := benchBoards()
		return callOnly(k, s, func(fn F) func(int) {
			return func(n int) {
				var r uint64
				for i := 0; i < n; i++ {
					b := &in[i&(len(in)-1)]
					r += fn(b.P, b.O)
				}
				benchSink += r
			}
		})
	}
}

func boardKernelInt[F ~func(P, O uint64) int](k *variants.Kernel[F]) func(BenchSelect) []*BenchGroup {
	return func(s BenchSelect) []*BenchGroup {
		in := benchBoards()
		return callOnly(k, s, func(fn F) func(int) {
			return func(n int) {
				r := 0
				for i := 0; i < n; i++ {
					b := &in[i&(len(in)-1)]
					r += fn(b.P, b.O)
				}
				benchSink += uint64(r)
			}
		})
	}
}

func solveCases(k *variants.Kernel[variants.SolveFunc], empties int, s BenchSelect) []*BenchGroup {
	in := solveInputs(empties)
	return callOnly(k, s, func(fn variants.SolveFunc) func(int) {
		return func(n int) {
			var r uint64
			for i := 0; i < n; i++ {
				c := &in[i&(len(in)-1)]
				sc, nodes := fn(c.b, c.alpha)
				r += uint64(sc) + nodes
			}
			benchSink += r
		}
	})
}

func boardSolveCases(s BenchSelect) []*BenchGroup {
	in := benchBoards()
	type pn struct {
		P uint64
		n int
	}
	ps := make([]pn, len(in))
	for i, b := range in {
		ps[i] = pn{b.P, b.NumEmpties()}
	}
	return callOnly(variants.BoardSolve, s, func(fn variants.BoardSolveFunc) func(int) {
		return func(n int) {
			r := 0
			for i := 0; i < n; i++ {
				c := &ps[i&(len(ps)-1)]
				r += fn(c.P, c.n)
			}
			benchSink += uint64(r)
		}
	})
}

// PopcountLens are the slice lengths of the popcount benchmarks: a few
// words (a board pair and its masks) and a long batch.
var PopcountLens = []int{8, 1024}

func popcountCases(s BenchSelect) []*BenchGroup {
	words := make([]uint64, 0, 2*benchInputs)
	for _, b := range benchBoards() {
		words = append(words, b.P, b.O)
	}
	var gs []*BenchGroup
	for _, l := range PopcountLens {
		starts := len(words) / l
		g := callOnly(variants.Popcount, s, func(fn variants.PopcountFunc) func(int) {
			return func(n int) {
				r := 0
				for i := 0; i < n; i++ {
					o := (i % starts) * l
					r += fn(words[o : o+l])
				}
				benchSink += uint64(r)
			}
		})[0]
		g.Title = fmt.Sprintf("popcount per call, %d words", l)
		for _, c := range g.Cases {
			c.Keys = append(c.Keys, [2]string{"len", fmt.Sprint(l)})
		}
		gs = append(gs, g)
	}
	return gs
}

// SizeName writes a byte count the way benchproc's numeric order reads it
// (768KiB, 24MiB, 1.5GiB).
func SizeName(b int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f, u := float64(b), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	s := fmt.Sprintf("%.1f", f)
	s = strings.TrimSuffix(s, ".0")
	return s + units[u]
}

// BaselineVariant names the write-bandwidth baseline of hash_clear
// (form=baseline): not a variant, the limit the variants are held to.
const BaselineVariant = "write-bandwidth"

// hashClearCases: one group per table size, each variant clearing the
// whole table per operation, and the write-bandwidth baseline.
func hashClearCases(s BenchSelect) []*BenchGroup {
	var gs []*BenchGroup
	for _, hb := range s.HashBits {
		entrySize := int64(unsafe.Sizeof(kernels.HashEntry{}))
		bytes := (int64(1)<<hb + kernels.Ways - 1) * entrySize
		size := SizeName(entrySize << hb) // the 3 extra entries left out of the name
		var t *kernels.HashTable
		g := &BenchGroup{Title: "hash_clear " + size}
		g.Setup = func() error {
			var err error
			t, err = kernels.NewHashTable(hb)
			return err
		}
		g.Teardown = func() { t = nil }
		// at about 5 GB/s for the slow loops: plan the progress bar with it
		plan := time.Duration(bytes / 5)
		for _, v := range variants.HashClear.Runnable() {
			if !s.wantVariant(v.Name) {
				continue
			}
			fn := v.Fn
			c := kernelCase("hash_clear", v.Name, "call", func(n int) {
				for i := 0; i < n; i++ {
					fn(t)
				}
				benchSink += uint64(t.Entries[0].Upper)
			}, [2]string{"size", size})
			c.Bytes, c.PlanOp = bytes, plan
			g.Cases = append(g.Cases, c)
		}
		// the baseline: this machine's write bandwidth, Go's clear
		// streaming zeros over the same memory, measured the same way
		wb := kernelCase("hash_clear", BaselineVariant, "baseline", func(n int) {
			mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.Entries))), bytes)
			for i := 0; i < n; i++ {
				clear(mem)
			}
			benchSink += uint64(mem[0])
		}, [2]string{"size", size})
		wb.Bytes, wb.PlanOp = bytes, plan
		g.Cases = append(g.Cases, wb)
		gs = append(gs, g)
	}
	return gs
}

// HashPrefetchBits is the table of the hash_prefetch benchmark: 2^20
// entries (24 MiB), codes of real positions.
const HashPrefetchBits = 20

func hashPrefetchCases(s BenchSelect) []*BenchGroup {
	var t *kernels.HashTable
	codes := make([]uint64, 0, benchInputs)
	for _, b := range benchBoards() {
		codes = append(codes, kernels.HashCode(b.P, b.O))
	}
	gs := callOnly(variants.HashPrefetch, s, func(fn variants.HashPrefetchFunc) func(int) {
		return func(n int) {
			for i := 0; i < n; i++ {
				fn(t, codes[i&(len(codes)-1)])
			}
		}
	})
	gs[0].Setup = func() error {
		var err error
		t, err = kernels.NewHashTable(HashPrefetchBits)
		return err
	}
	gs[0].Teardown = func() { t = nil }
	return gs
}

// ---- input sets ----

var (
	benchBoardsOnce sync.Once
	benchBoardsSet  []kernels.Board
)

// benchBoards: 4096 positions of seeded random games, every phase, both
// colours (every other one with the sides swapped), with the game-over
// positions of the games kept.
func benchBoards() []kernels.Board {
	benchBoardsOnce.Do(func() {
		g := RandomGames(benchSeed, benchInputs)
		for i := range g {
			if i%2 == 1 {
				g[i] = g[i].Swap()
			}
		}
		rng := rand.New(rand.NewPCG(benchSeed, 1))
		rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
		benchBoardsSet = g
	})
	return benchBoardsSet
}

var flipInputs = sync.OnceValue(func() []variants.BoardX {
	// a legal move of each position (where the solver calls flip), the
	// move drawn at random
	rng := rand.New(rand.NewPCG(benchSeed, 2))
	out := make([]variants.BoardX, 0, benchInputs)
	for seed := uint64(0); len(out) < benchInputs; seed++ {
		for _, b := range RandomGames(benchSeed+seed, benchInputs) {
			m := movesFast(b.P, b.O)
			if m == 0 || len(out) == benchInputs {
				continue
			}
			x := nthBit(m, rng.IntN(bits.OnesCount64(m)))
			out = append(out, variants.BoardX{P: b.P, O: b.O, X: x})
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
})

var lastFlipInputs = sync.OnceValue(func() []variants.PX {
	out := make([]variants.PX, benchInputs)
	for i, b := range RandomEndgames(benchSeed, benchInputs, 1) {
		out[i] = variants.PX{P: b.P, X: bits.TrailingZeros64(b.Empties())}
	}
	return out
})

// nearAlpha is a null-window alpha near the position's disc difference,
// as the solver calls the leaf searches.
func nearAlpha(b kernels.Board, rng *rand.Rand) int {
	d := bits.OnesCount64(b.P) - bits.OnesCount64(b.O)
	return min(max(d+rng.IntN(9)-4, -64), 63)
}

var score1Inputs = sync.OnceValue(func() []variants.PXA {
	rng := rand.New(rand.NewPCG(benchSeed, 3))
	out := make([]variants.PXA, benchInputs)
	for i, b := range RandomEndgames(benchSeed, benchInputs, 1) {
		out[i] = variants.PXA{P: b.P, X: bits.TrailingZeros64(b.Empties()), Alpha: nearAlpha(b, rng)}
	}
	return out
})

type solveInput struct {
	b     kernels.Board
	alpha int
}

var solveInputSets = map[int]func() []solveInput{}

func init() {
	for e := 2; e <= 4; e++ {
		solveInputSets[e] = sync.OnceValue(func() []solveInput {
			rng := rand.New(rand.NewPCG(benchSeed, uint64(10+e)))
			out := make([]solveInput, benchInputs)
			for i, b := range RandomEndgames(benchSeed, benchInputs, e) {
				out[i] = solveInput{b, nearAlpha(b, rng)}
			}
			return out
		})
	}
}

func solveInputs(e int) []solveInput { return solveInputSets[e]() }

type evalUpdateInput struct {
	src     kernels.Features
	x       int
	flipped uint64
	mover   int
}

var evalUpdateInputs = sync.OnceValue(func() []evalUpdateInput {
	out := make([]evalUpdateInput, 0, benchEval)
	for i, m := range flipInputs()[:benchEval] {
		b := kernels.Board{P: m.P, O: m.O}
		mover := i & 1
		src := kernels.EvalFeatures(b)
		if mover == 1 {
			src = kernels.EvalFeatures(b.Swap())
		}
		out = append(out, evalUpdateInput{src, m.X, kernels.Flip(m.P, m.O, m.X), mover})
	}
	return out
})

type evalSumInput struct {
	f   kernels.Features
	ply int
}

var evalSumInputs = sync.OnceValue(func() []evalSumInput {
	out := make([]evalSumInput, benchEval)
	for i, b := range benchBoards()[:benchEval] {
		out[i] = evalSumInput{kernels.EvalFeatures(b), 60 - b.NumEmpties()}
	}
	return out
})

type moveEvaluateInput struct {
	b       kernels.Board
	x       int
	flipped uint64
	parity  uint8
	empties int
	h0, h1  int
}

var moveEvaluateInputs = sync.OnceValue(func() []moveEvaluateInput {
	rng := rand.New(rand.NewPCG(benchSeed, 4))
	out := make([]moveEvaluateInput, benchInputs)
	for i, m := range flipInputs() {
		b := kernels.Board{P: m.P, O: m.O}
		moves := movesFast(b.P, b.O)
		h0, h1 := kernels.NoMove, kernels.NoMove
		if rng.IntN(2) == 0 {
			h0 = nthBit(moves, rng.IntN(bits.OnesCount64(moves)))
		}
		if rng.IntN(4) == 0 {
			h1 = nthBit(moves, rng.IntN(bits.OnesCount64(moves)))
		}
		out[i] = moveEvaluateInput{b, m.X, kernels.Flip(b.P, b.O, m.X), kernels.Parity(b.Empties()), b.NumEmpties(), h0, h1}
	}
	return out
})
