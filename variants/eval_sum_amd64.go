//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// eval_sum's assembly variants (eval_sum_gen_amd64.s). The Go wrappers
// convert *kernels.Features (a [48]uint16) for the assembly and pick the
// ply's table of the layout the gather reads; the bias is added here. The
// batch forms pass the assembly every ply's table (built with the
// layout): the batch loop picks each element's table and adds the bias
// itself.
func init() {
	sum := func(info Info, fn EvalSumFunc, batch EvalSumBatchFunc, asmBatch any) {
		EvalSum.Register(info, fn)
		EvalSum.RegisterBatch(info.Name, batch)
		EvalSum.batchUses(info.Name, asmBatch)
	}
	// The guarded (offset) layout ranks first: a ply's table is half a
	// ply pair's interleaved one, and in whole solves the smaller working
	// set wins what the interleaved layout saves per call (ffo20-39 on Zen
	// 5, interleaved runs: faster in 16 pairs of 18).
	sum(Info{Name: "avx2-gather-offset", Rank: 21, Uses: []any{evalSumGatherOffsetAVX2},
		Note: "AVX2 VPGATHERDD, guarded layout: -1 offset puts the weight in the high half"}, evalSumOffsetAVX2,
		func(w *EvalWeights, in []FeaturesPly, out []int) {
			evalSumGatherOffsetAVX2Batch(w.guardedTables(), words(in), out[:len(in)])
		}, evalSumGatherOffsetAVX2Batch)
	sum(Info{Name: "avx2-gather-plain", Rank: 19, Uses: []any{evalSumGatherPlainAVX2},
		Note: "AVX2 VPGATHERDD, plain layout: aligned dwords, word selected by index parity"}, evalSumPlainAVX2,
		func(w *EvalWeights, in []FeaturesPly, out []int) {
			evalSumGatherPlainAVX2Batch(w.plainTables(), words(in), out[:len(in)])
		}, evalSumGatherPlainAVX2Batch)
	sum(Info{Name: "avx2-gather-interleaved", Rank: 20, Uses: []any{evalSumGatherInterleavedAVX2},
		Note: "AVX2 VPGATHERDD, interleaved layout: aligned dwords, ply's half by shift"}, evalSumInterleavedAVX2,
		func(w *EvalWeights, in []FeaturesPly, out []int) {
			evalSumGatherInterleavedAVX2Batch(w.interleavedTables(), words(in), out[:len(in)])
		}, evalSumGatherInterleavedAVX2Batch)
	sum(Info{Name: "avx512-gather-offset", Rank: 31, ZMM: true, Uses: []any{evalSumGatherOffsetAVX512},
		Note: "AVX-512 16-lane VPGATHERDD, guarded layout, -1 offset"}, evalSumOffsetAVX512,
		func(w *EvalWeights, in []FeaturesPly, out []int) {
			evalSumGatherOffsetAVX512Batch(w.guardedTables(), words(in), out[:len(in)])
		}, evalSumGatherOffsetAVX512Batch)
	sum(Info{Name: "avx512-gather-plain", Rank: 29, ZMM: true, Uses: []any{evalSumGatherPlainAVX512},
		Note: "AVX-512 16-lane VPGATHERDD, plain layout, word select"}, evalSumPlainAVX512,
		func(w *EvalWeights, in []FeaturesPly, out []int) {
			evalSumGatherPlainAVX512Batch(w.plainTables(), words(in), out[:len(in)])
		}, evalSumGatherPlainAVX512Batch)
	sum(Info{Name: "avx512-gather-interleaved", Rank: 30, ZMM: true, Uses: []any{evalSumGatherInterleavedAVX512},
		Note: "AVX-512 16-lane VPGATHERDD, interleaved layout"}, evalSumInterleavedAVX512,
		func(w *EvalWeights, in []FeaturesPly, out []int) {
			evalSumGatherInterleavedAVX512Batch(w.interleavedTables(), words(in), out[:len(in)])
		}, evalSumGatherInterleavedAVX512Batch)
}

// plainTable returns the ply's plain table, checked to be long enough for
// every index the gathers form.
func plainTable(w *EvalWeights, ply int) []int16 {
	t := w.Plain[clampPly(ply)]
	_ = t[kernels.NumWeights-1]
	return t
}

func evalSumOffsetAVX2(f *kernels.Features, w *EvalWeights, ply int) int {
	t := w.Guarded()[clampPly(ply)]
	return int(t[1+kernels.WeightBias]) + evalSumGatherOffsetAVX2((*[48]uint16)(f), &t[0])
}

func evalSumOffsetAVX512(f *kernels.Features, w *EvalWeights, ply int) int {
	t := w.Guarded()[clampPly(ply)]
	return int(t[1+kernels.WeightBias]) + evalSumGatherOffsetAVX512((*[48]uint16)(f), &t[0])
}

func evalSumPlainAVX2(f *kernels.Features, w *EvalWeights, ply int) int {
	t := plainTable(w, ply)
	return int(t[kernels.WeightBias]) + evalSumGatherPlainAVX2((*[48]uint16)(f), &t[0])
}

func evalSumPlainAVX512(f *kernels.Features, w *EvalWeights, ply int) int {
	t := plainTable(w, ply)
	return int(t[kernels.WeightBias]) + evalSumGatherPlainAVX512((*[48]uint16)(f), &t[0])
}

func evalSumInterleavedAVX2(f *kernels.Features, w *EvalWeights, ply int) int {
	ply = clampPly(ply)
	t := w.Interleaved()[ply>>1]
	sh := uint(ply&1) * 16
	return int(int16(t[kernels.WeightBias]>>sh)) + evalSumGatherInterleavedAVX2((*[48]uint16)(f), &t[0], uint64(16-sh))
}

func evalSumInterleavedAVX512(f *kernels.Features, w *EvalWeights, ply int) int {
	ply = clampPly(ply)
	t := w.Interleaved()[ply>>1]
	sh := uint(ply&1) * 16
	return int(int16(t[kernels.WeightBias]>>sh)) + evalSumGatherInterleavedAVX512((*[48]uint16)(f), &t[0], uint64(16-sh))
}
