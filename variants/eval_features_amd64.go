//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// eval_features' assembly variants (eval_features_gen_amd64.s), through
// Go wrappers that convert *kernels.Features (a [48]uint16).
func init() {
	EvalFeatures.Register(Info{Name: "bmi2-pext", Rank: 20, UsesPEXT: true, Uses: []any{evalFeaturesPEXT},
		Note: "BMI2: PEXT of each feature's squares from P and O, binary-to-ternary tables"}, evalFeaturesPEXTGo)
	EvalFeatures.Register(Info{Name: "avx2-shuffle", Rank: 21, Uses: []any{evalFeaturesShuffleAVX2},
		Note: "AVX2: digit board, VPSHUFB picks digit pairs per feature, VPMADDUBSW to base 9"}, evalFeaturesShuffleGo)
}

func evalFeaturesPEXTGo(b kernels.Board) (f kernels.Features) {
	evalFeaturesPEXT(b.P, b.O, (*[48]uint16)(&f))
	return f
}

func evalFeaturesShuffleGo(b kernels.Board) (f kernels.Features) {
	evalFeaturesShuffleAVX2(b.P, b.O, (*[48]uint16)(&f))
	return f
}
