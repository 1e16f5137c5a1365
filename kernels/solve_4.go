package kernels

// Solve4 is the fail-soft null-window search of a position with four
// empties, moves in LeafOrder, each answered by Solve3.
func Solve4(b Board, alpha int) (int, uint64) { return solveN(b, alpha, 4) }
