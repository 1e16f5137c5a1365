//go:build solverdirect

package solver

import "github.com/flipbench/flipbench/kernels"

// Direct calls of the test copies of the kernels (kernelcopy_test.go):
// only `go test -tags solverdirect` builds this, to compare a solve on
// the same code called directly with the bound (indirect) calls.

func (s *search) flip(P, O uint64, x int) uint64 { return copyFlip(P, O, x) }
func (s *search) moves(P, O uint64) uint64       { return copyMoves(P, O) }
func (s *search) clf(P uint64, x int) int        { return copyCLF(P, x) }
func (s *search) sc1(P uint64, alpha, x int) int { return s.score1Own(P, alpha, x) }
func (s *search) stability(P, O uint64) uint64   { return stabilityGo(P, O) }
func (s *search) hashCode(P, O uint64) uint64    { return hashCRC(P, O) }
func (s *search) prefetch(code uint64)           {}
func (s *search) moveEvaluate(b kernels.Board, x int, f uint64, parity uint8, n, h0, h1 int) int {
	return copyMoveEvaluate(b, x, f, parity, n, h0, h1)
}
