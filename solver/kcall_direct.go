//go:build solverdirect

package solver

import (
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Direct calls of pure-Go variants (the set DirectSpec names): go test
// -tags solverdirect runs the same search on the same code as the bound
// calls of that selection, so the difference in solve time is the cost of
// calling through func values.

func (s *search) flip(P, O uint64, x int) uint64    { return variants.FlipBitscan(P, O, x) }
func (s *search) moves(P, O uint64) uint64          { return variants.MovesKoggeStone(P, O) }
func (s *search) countLastFlip(P uint64, x int) int { return variants.CountLastFlipKindergarten(P, x) }
func (s *search) score1(P uint64, alpha, x int) int { return s.score1Own(P, alpha, x) }
func (s *search) stability(P, O uint64) uint64      { return variants.StabilityGo(P, O) }
func (s *search) hashCode(P, O uint64) uint64       { return variants.HashCodeZobrist(P, O) }
func (s *search) prefetch(code uint64)              {}
func (s *search) moveEvaluate(b kernels.Board, x int, f uint64, parity uint8, n, h0, h1 int) int {
	return variants.MoveEvaluateTable(b, x, f, parity, n, h0, h1)
}
