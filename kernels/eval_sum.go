package kernels

// EvalSum returns the sum of the weights of f in w, one ply's table in
// Edax's layout (NumWeights values), bias included.
func EvalSum(f *Features, w []int16) int {
	sum := int(w[WeightBias])
	for i := 0; i < NumFeatures; i++ {
		sum += int(w[FeatureOffset[i]+int(f[i])])
	}
	return sum
}
