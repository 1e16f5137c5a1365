//go:build !linux

package solver

// memoryLimit is unknown here: only kernels.MaxHashBits bounds the table.
func memoryLimit() uint64 { return 0 }
