package variants

import "github.com/flipbench/flipbench/kernels"

// PopcountFunc returns the total of set bits of a slice of bitboards.
type PopcountFunc func(in []uint64) int

// Popcount is the perft and mobility counting loop.
var Popcount = newKernel[PopcountFunc, NoBatch]("popcount", "total set bits of a slice of bitboards", kernels.PopcountSum)
