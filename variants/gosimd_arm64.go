//go:build goexperiment.simd && arm64 && go1.27

package variants

// The NEON gosimd variants (package gosimd, *_neon.go): Go 1.27's
// simd/archsimd on arm64, as gosimd_amd64.go's on amd64, batch forms
// alike. archsimd's NEON needs ASIMD alone. Rank 1: never a default.
var reqNEON = []Feature{ASIMD}
