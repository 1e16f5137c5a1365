//go:build goexperiment.simd && amd64

package solver

import (
	"math/bits"
	"simd/archsimd"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/variants/gosimd"
)

// The gosimd bottoms: shallow.go's and solve_4.go's search, node for node,
// written again with every kernel a direct call of a variants/gosimd
// function instead of a call through a func value of Kernels, so that the
// compiler inlines the kernels into the search. (A generic search over a
// kernel-set type would not: Go stencils by GC shape and calls a type
// parameter's methods through its dictionary, even when each kernel set
// has a shape of its own.)
//
// The kernels are those the bottom variant's note names (variants
// gosimd_amd64.go), in their "B" forms: the position broadcast once per
// node and passed to every kernel called there, which also earns the
// kernels the compiler's inlining credit for SIMD parameters, and no
// VZEROUPPER in them (the search's own code is scalar; goSIMDShallow
// clears the upper halves once, on the way out). The flip is the one the
// variant names: gosimd-avx512's (256-bit, VPLZCNTQ) or gosimd-avx2's;
// both are inlined at every flip and a predictable branch picks one.
// Stability and board_solve have no gosimd variant: the bottom calls
// pure-Go variants directly (the stability cutoff and finished games are
// rare).

// goSIMDBuilt: this build has the gosimd bottoms.
const goSIMDBuilt = true

// The packed list's squares and the bitboards made from them, with the
// shift counts masked: the compiler then drops Go's check for counts of
// 64 and more (a square is below 64, a list holds at most 8).

func sq(list uint64, i uint) int { return int(list >> (8 * i & 63) & 0xff) }
func sqBit(x int) uint64         { return 1 << uint(x&63) }
func removeSq(list uint64, i uint) uint64 {
	low := uint64(1)<<(8*i&63) - 1
	return list&low | list>>8&^low
}

// goSIMDShallow is the gosimd bottoms' entry from shallow.
func (s *search) goSIMDShallow(P, O uint64, alpha int, list uint64, parity uint8, n int) int {
	v := s.simdShallow(P, O, alpha, list, parity, n)
	archsimd.ClearAVXUpperBits()
	return v
}

// simdShallow is shallow on the gosimd kernels.
func (s *search) simdShallow(P, O uint64, alpha int, list uint64, parity uint8, n int) int {
	s.nodes++
	if alpha >= scThreshold[n&63] {
		if v := kernels.ScoreMax - 2*gosimd.StableEdgeCountAVX(O, P); v <= alpha {
			return v
		}
		if v := kernels.ScoreMax - 2*bits.OnesCount64(variants.StabilityGo(O, P)); v <= alpha {
			return v
		}
	}
	PP, OO := archsimd.BroadcastUint64x4(P), archsimd.BroadcastUint64x4(O)
	moves := gosimd.MovesAVX2B(PP, OO)
	if moves == 0 {
		if gosimd.MovesAVX2B(OO, PP) == 0 {
			return variants.BoardSolveOdd(P, n)
		}
		return -s.simdShallow(O, P, -alpha-1, list, parity, n)
	}
	best := -scoreInf
	if n == mobilityOrderAt { // shallow's fastest-first order
		var keys [mobilityOrderAt]uint64
		var flips [mobilityOrderAt]uint64
		k := 0
		for i := uint(0); i < mobilityOrderAt; i++ {
			x := sq(list, i)
			if moves&sqBit(x) == 0 {
				continue
			}
			var f uint64
			if s.k.goSIMDFlip512 {
				f = gosimd.FlipAVX512LZCNTB(PP, OO, x)
			} else {
				f = gosimd.FlipAVX2PPFillB(PP, OO, x)
			}
			flips[i] = f
			np, no := O&^f, P|f|sqBit(x)
			keys[k] = mobilityKey(gosimd.MovesAVX2B(archsimd.BroadcastUint64x4(np), archsimd.BroadcastUint64x4(no)), parity, x, i)
			k++
		}
		for j := 0; j < k; j++ {
			i := pickKey(keys[:k]) % mobilityOrderAt
			x, f := sq(list, i), flips[i]
			v := -s.simdShallow(O&^f, P|f|sqBit(x), -alpha-1, removeSq(list, i), parity^kernels.QuadrantID[x&63], n-1)
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
		return best
	}
	prio := moves & variants.OddQuadrants(parity)
	if prio == 0 {
		prio = moves
	}
	for {
		for i := uint(0); i < uint(n); i++ {
			x := sq(list, i)
			if prio&sqBit(x) == 0 {
				continue
			}
			var f uint64
			if s.k.goSIMDFlip512 {
				f = gosimd.FlipAVX512LZCNTB(PP, OO, x)
			} else {
				f = gosimd.FlipAVX2PPFillB(PP, OO, x)
			}
			rest := removeSq(list, i)
			var v int
			if n == 5 {
				np, no := O&^f, P|f|sqBit(x)
				if -alpha-1 >= scThreshold[4] {
					// nws4's stability cutoff: the child fails low, so this fails high
					if w := kernels.ScoreMax - 2*bits.OnesCount64(variants.StabilityGo(no, np)); w <= -alpha-1 {
						s.nodes++
						return -w
					}
				}
				v = -s.simdSolve4(np, no, -alpha-1, rest, parity^kernels.QuadrantID[x&63])
			} else {
				v = -s.simdShallow(O&^f, P|f|sqBit(x), -alpha-1, rest, parity^kernels.QuadrantID[x&63], n-1)
			}
			if v > alpha {
				return v
			}
			best = max(best, v)
		}
		moves ^= prio
		if moves == 0 {
			return best
		}
		prio = moves
	}
}

// simdSolve4 is solve4 (the solver's own leaf) on the gosimd kernels.
func (s *search) simdSolve4(P, O uint64, alpha int, list uint64, parity uint8) int {
	return s.simdLeaf(4, P, O, alpha, list, parity)
}

// simdLeaf is the solver's leaf (solver/solve_4.go) at n = 4 or 3 on the
// gosimd kernels: the n presorted empties, odd quadrants first.
func (s *search) simdLeaf(n int, P, O uint64, alpha int, list uint64, parity uint8) int {
	s.nodes++
	q := &kernels.QuadrantID
	var m uint8
	for i := 0; i < n; i++ {
		if parity&q[list>>(8*i)&63] != 0 {
			m |= 1 << i
		}
	}
	perm := variants.OddFirst(n, m)
	PP, OO := archsimd.BroadcastUint64x4(P), archsimd.BroadcastUint64x4(O)
	best := -scoreInf
	for i := 0; i < n; i++ {
		j := uint(perm[i])
		x := sq(list, j)
		if variants.Neighbours(x)&O == 0 {
			continue
		}
		var f uint64
		if s.k.goSIMDFlip512 {
			f = gosimd.FlipAVX512LZCNTB(PP, OO, x)
		} else {
			f = gosimd.FlipAVX2PPFillB(PP, OO, x)
		}
		if f == 0 {
			continue
		}
		rest := removeSq(list, j)
		var v int
		if n == 4 {
			v = -s.simdLeaf(3, O&^f, P|f|sqBit(x), -alpha-1, rest, parity^q[x&63])
		} else {
			v = -s.simdSolve2(O&^f, P|f|sqBit(x), -alpha-1, sq(rest, 0), sq(rest, 1))
		}
		if v > alpha {
			return v
		}
		best = max(best, v)
	}
	if best == -scoreInf {
		if gosimd.MovesAVX2B(OO, PP) == 0 {
			return variants.BoardSolveOdd(P, n)
		}
		return -s.simdLeaf(n, O, P, -alpha-1, list, parity)
	}
	return best
}

// simdSolve2 is solve2 on the gosimd kernels. score_1 takes the
// position reached and its broadcast.
func (s *search) simdSolve2(P, O uint64, alpha, x1, x2 int) int {
	beta := alpha + 1
	s.nodes++
	PP, OO := archsimd.BroadcastUint64x4(P), archsimd.BroadcastUint64x4(O)
	best := -scoreInf
	var f uint64
	if variants.Neighbours(x1)&O != 0 {
		if s.k.goSIMDFlip512 {
			f = gosimd.FlipAVX512LZCNTB(PP, OO, x1)
		} else {
			f = gosimd.FlipAVX2PPFillB(PP, OO, x1)
		}
		if f != 0 {
			s.nodes++
			p := O &^ f
			best = -gosimd.Score1AVX2B(p, archsimd.BroadcastUint64x4(p), -beta, x2)
		}
	}
	if best < beta {
		if variants.Neighbours(x2)&O != 0 {
			if s.k.goSIMDFlip512 {
				f = gosimd.FlipAVX512LZCNTB(PP, OO, x2)
			} else {
				f = gosimd.FlipAVX2PPFillB(PP, OO, x2)
			}
			if f != 0 {
				s.nodes++
				p := O &^ f
				best = max(best, -gosimd.Score1AVX2B(p, archsimd.BroadcastUint64x4(p), -beta, x1))
			}
		}
		if best == -scoreInf { // P passes
			best = scoreInf
			if variants.Neighbours(x1)&P != 0 {
				if s.k.goSIMDFlip512 {
					f = gosimd.FlipAVX512LZCNTB(OO, PP, x1)
				} else {
					f = gosimd.FlipAVX2PPFillB(OO, PP, x1)
				}
				if f != 0 {
					s.nodes++
					p := P &^ f
					best = gosimd.Score1AVX2B(p, archsimd.BroadcastUint64x4(p), alpha, x2)
				}
			}
			if best > alpha {
				if variants.Neighbours(x2)&P != 0 {
					if s.k.goSIMDFlip512 {
						f = gosimd.FlipAVX512LZCNTB(OO, PP, x2)
					} else {
						f = gosimd.FlipAVX2PPFillB(OO, PP, x2)
					}
					if f != 0 {
						s.nodes++
						p := P &^ f
						best = min(best, gosimd.Score1AVX2B(p, archsimd.BroadcastUint64x4(p), alpha, x1))
					}
				}
				if best == scoreInf {
					best = variants.BoardSolveOdd(P, 2)
				}
			}
		}
	}
	if best > alpha {
		return beta
	}
	return alpha
}
