//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// eval_update's assembly variants (eval_update_gen_amd64.s), through Go
// wrappers that convert *kernels.Features (a [48]uint16).
func init() {
	EvalUpdate.Register(Info{Name: "avx2", Rank: 20, Uses: []any{evalUpdateAVX2},
		Note: "AVX2: 3 x 16 lanes, 3 VPSUBW/VPADDW per flipped disc (Edax-AVX eval_sse.c, eval_update_sse)"}, evalUpdateAVX2Go)
	registerWordsBatchIO[FeaturesMove, kernels.Features](EvalUpdate, "avx2", evalUpdateAVX2Batch)
	EvalUpdate.Register(Info{Name: "avx512", Rank: 21, ZMM: true, Uses: []any{evalUpdateAVX512},
		Note: "AVX-512BW: lanes 0-31 in a ZMM, 32-47 in a YMM, 2 subtractions per flipped disc"}, evalUpdateAVX512Go)
	registerWordsBatchIO[FeaturesMove, kernels.Features](EvalUpdate, "avx512", evalUpdateAVX512Batch)
}

func evalUpdateAVX2Go(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	evalUpdateAVX2((*[48]uint16)(dst), (*[48]uint16)(src), x, flipped, mover)
}

func evalUpdateAVX512Go(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	evalUpdateAVX512((*[48]uint16)(dst), (*[48]uint16)(src), x, flipped, mover)
}
