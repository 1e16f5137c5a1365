package variants

import (
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// allocOK lists the variants allowed to allocate per call, with why.
// References are plain code and may allocate; nothing else should: the
// solver calls these kernels millions of times a second.
var allocOK = map[string]string{
	"hash_code/go-crc32":         "hash/crc32 takes a slice through a function variable, so the 16-byte buffer escapes",
	"hash_code/go-crc32 (batch)": "go-crc32's allocation, per element",
}

// TestNoAllocation: no runnable non-reference variant of a per-call kernel
// allocates. An assembly stub without //go:noescape makes every &local a
// Go wrapper passes to it escape (asmgen.Func adds the pragma).
func TestNoAllocation(t *testing.T) {
	b := kernels.Board{P: 0x0000_0010_1c08_0000, O: 0x0000_0808_2010_0000}
	w := testWeights()
	f := kernels.EvalFeatures(b)
	var g kernels.Features
	tab, err := kernels.NewHashTable(8)
	if err != nil {
		t.Fatal(err)
	}
	var sink uint64
	cases := map[string]map[string]func(){}
	add := func(kernel, name string, call func()) {
		if cases[kernel] == nil {
			cases[kernel] = map[string]func(){}
		}
		cases[kernel][name] = call
	}
	for _, v := range Flip.Runnable(Host())[1:] {
		add("flip", v.Name, func() { sink += v.Fn(b.P, b.O, kernels.D6) })
	}
	for _, v := range Moves.Runnable(Host())[1:] {
		add("moves", v.Name, func() { sink += v.Fn(b.P, b.O) })
	}
	for _, v := range CountLastFlip.Runnable(Host())[1:] {
		add("count_last_flip", v.Name, func() { sink += uint64(v.Fn(b.P, kernels.D6)) })
	}
	for _, v := range Score1.Runnable(Host())[1:] {
		add("score_1", v.Name, func() { sink += uint64(v.Fn(b.P, 0, kernels.D6)) })
	}
	for k, kk := range map[string]*Kernel[SolveFunc]{"solve_2": Solve2, "solve_3": Solve3, "solve_4": Solve4} {
		e := (uint64(1)<<(k[6]-'0') - 1) << 20 // k[6] empties from square 20
		P, O := 0x5a5a_5a5a_5a5a_5a5a&^e, ^uint64(0x5a5a_5a5a_5a5a_5a5a)&^e
		for _, v := range kk.Runnable(Host())[1:] {
			add(k, v.Name, func() { s, nn := v.Fn(P, O, 0); sink += uint64(s) + nn })
		}
	}
	for _, v := range BoardSolve.Runnable(Host())[1:] {
		add("board_solve", v.Name, func() { sink += uint64(v.Fn(b.P, 3)) })
	}
	for _, v := range EvalFeatures.Runnable(Host())[1:] {
		add("eval_features", v.Name, func() { g = v.Fn(b); sink += uint64(g[0]) })
	}
	for _, v := range EvalUpdate.Runnable(Host())[1:] {
		add("eval_update", v.Name, func() { v.Fn(&g, &f, kernels.D6, 0, 0) })
	}
	for _, v := range EvalSum.Runnable(Host())[1:] {
		v.Fn(&f, w, 20) // build the variant's layout first
		add("eval_sum", v.Name, func() { sink += uint64(v.Fn(&f, w, 20)) })
	}
	for _, v := range StableEdge.Runnable(Host())[1:] {
		add("stable_edge", v.Name, func() { sink += v.Fn(b.P, b.O) })
	}
	for _, v := range StableEdgeCount.Runnable(Host())[1:] {
		add("stable_edge_count", v.Name, func() { sink += uint64(v.Fn(b.P, b.O)) })
	}
	for _, v := range Stability.Runnable(Host())[1:] {
		add("stability", v.Name, func() { sink += v.Fn(b.P, b.O) })
	}
	for _, v := range HashCode.Runnable(Host())[1:] {
		add("hash_code", v.Name, func() { sink += v.Fn(b.P, b.O) })
	}
	for _, v := range HashPrefetch.Runnable(Host())[1:] {
		add("hash_prefetch", v.Name, func() { v.Fn(tab, sink) })
	}
	for _, v := range MoveEvaluate.Runnable(Host())[1:] {
		add("move_evaluate", v.Name, func() { sink += uint64(v.Fn(b, kernels.D6, 0x1000_0000_0000, 0xf, 40, 0, 0)) })
	}
	// the batch forms of the kernels the solver calls in a loop, on a
	// batch of 3 (no per-call allocation either)
	solveIn, solveOut := make([]BoardAlpha, 3), make([]ScoreNodes, 3)
	for k, kk := range map[string]*Kernel[SolveFunc]{"solve_2": Solve2, "solve_3": Solve3, "solve_4": Solve4} {
		e := (uint64(1)<<(k[6]-'0') - 1) << 20
		for i := range solveIn {
			solveIn[i] = BoardAlpha{0x5a5a_5a5a_5a5a_5a5a &^ e, ^uint64(0x5a5a_5a5a_5a5a_5a5a) &^ e, 2*i - 2}
		}
		for _, v := range kk.Runnable(Host())[1:] {
			if batch, ok := v.Batch.(SolveBatchFunc); ok {
				add(k, v.Name+" (batch)", func() { batch(solveIn, solveOut) })
			}
		}
	}
	sumIn, sumOut := []FeaturesPly{{f, 20}, {f, 21}, {f, 60}}, make([]int, 3)
	for _, v := range EvalSum.Runnable(Host())[1:] {
		if batch, ok := v.Batch.(EvalSumBatchFunc); ok {
			batch(w, sumIn, sumOut) // build the variant's layout first
			add("eval_sum", v.Name+" (batch)", func() { batch(w, sumIn, sumOut) })
		}
	}
	updIn, updOut := []FeaturesMove{{f, kernels.D6, 0, 0}, {f, kernels.D6, 0, 1}, {f, kernels.C4, 0, 0}}, make([]kernels.Features, 3)
	for _, v := range EvalUpdate.Runnable(Host())[1:] {
		if batch, ok := v.Batch.(EvalUpdateBatchFunc); ok {
			add("eval_update", v.Name+" (batch)", func() { batch(updIn, updOut) })
		}
	}
	boards, codes := []kernels.Board{b, b.Swap(), {}}, make([]uint64, 3)
	for _, v := range HashCode.Runnable(Host())[1:] {
		if batch, ok := v.Batch.(HashCodeBatchFunc); ok {
			add("hash_code", v.Name+" (batch)", func() { batch(boards, codes) })
		}
	}
	meIn, meOut := []MoveEval{{b.P, b.O, kernels.D6, 0x1000_0000_0000, 0xf, 40, 0, 0}, {b.P, b.O, kernels.D6, 0x1000_0000_0000, 0xf, 40, kernels.D6, 0}}, make([]int, 2)
	for _, v := range MoveEvaluate.Runnable(Host())[1:] {
		if batch, ok := v.Batch.(MoveEvaluateBatchFunc); ok {
			add("move_evaluate", v.Name+" (batch)", func() { batch(meIn, meOut) })
		}
	}
	bsIn, bsOut := []DiscsEmpties{{b.P, 3}, {b.O, 4}}, make([]int, 2)
	for _, v := range BoardSolve.Runnable(Host())[1:] {
		if batch, ok := v.Batch.(BoardSolveBatchFunc); ok {
			add("board_solve", v.Name+" (batch)", func() { batch(bsIn, bsOut) })
		}
	}
	for k, vs := range cases {
		for name, call := range vs {
			t.Run(k+"/"+name, func(t *testing.T) {
				n := testing.AllocsPerRun(100, call)
				if why, ok := allocOK[k+"/"+name]; ok {
					t.Skipf("%.0f allocations per call, allowed: %s", n, why)
				}
				if n != 0 {
					t.Errorf("%.0f allocations per call", n)
				}
			})
		}
	}
	_ = sink
}

// testWeights is one random table shared by every ply.
func testWeights() *EvalWeights {
	t := make([]int16, kernels.NumWeights)
	for i := range t {
		t[i] = int16(i*7919%2001 - 1000)
	}
	var plies [NumPlies][]int16
	for p := range plies {
		plies[p] = t
	}
	w, err := NewEvalWeights(plies)
	if err != nil {
		panic(err)
	}
	return w
}
