//go:build !solverdirect

package solver

import "github.com/flipbench/flipbench/kernels"

// The kernel calls of the search, through the functions bound at the
// start of a solve. (Under the solverdirect build tag, kcall_direct.go
// calls fixed functions directly instead, to measure what the
// indirection costs.)

func (s *search) flip(P, O uint64, x int) uint64    { return s.k.Flip(P, O, x) }
func (s *search) moves(P, O uint64) uint64          { return s.k.Moves(P, O) }
func (s *search) countLastFlip(P uint64, x int) int { return s.k.CountLastFlip(P, x) }
func (s *search) score1(P uint64, alpha, x int) int {
	if s.k.Score1 == nil { // a direct call: no second indirection
		return s.score1Own(P, alpha, x)
	}
	return s.k.Score1(P, alpha, x)
}
func (s *search) stability(P, O uint64) uint64 { return s.k.Stability(P, O) }
func (s *search) hashCode(P, O uint64) uint64  { return s.k.HashCode(P, O) }
func (s *search) prefetch(code uint64)         { s.k.HashPrefetch(s.tt, code) }
func (s *search) moveEvaluate(b kernels.Board, x int, f uint64, parity uint8, n, h0, h1 int) int {
	return s.k.MoveEvaluate(b, x, f, parity, n, h0, h1)
}
