package kernels

// Solve3 is the fail-soft null-window search of a position with three
// empties: moves in LeafOrder, each answered by Solve2.
func Solve3(b Board, alpha int) (int, uint64) { return solveN(b, alpha, 3) }
