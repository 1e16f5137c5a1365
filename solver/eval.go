package solver

import (
	"math/bits"
	"sync"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Move ordering by a shallow evaluation search, as Edax's
// movelist_evaluate: at nodes with many empties each move is scored by a
// search of sortDepth plies on the evaluation (eval_features once at the
// root, eval_update along the line, eval_sum at the leaves).
//
// The features keep the root's digits: digit 0 is the side to move at
// the root. A position whose side to move is digit 1 is evaluated with the
// weights seen from the other side (digits 0 and 1 swapped in every
// index), built once per weight set, as Edax 4.4's second table.

// scale is the evaluation's unit: 1/scale disc.
const scale = 128

var oppCache sync.Map // *variants.EvalWeights -> func() (*variants.EvalWeights, error)

// opponentWeights returns w seen from the other side.
func opponentWeights(w *variants.EvalWeights) (*variants.EvalWeights, error) {
	f, _ := oppCache.LoadOrStore(w, sync.OnceValues(func() (*variants.EvalWeights, error) {
		var plies [variants.NumPlies][]int16
		for p, t := range w.Plain {
			for q := 0; q < p; q++ {
				if len(t) > 0 && &w.Plain[q][0] == &t[0] {
					plies[p] = plies[q]
					break
				}
			}
			if plies[p] == nil {
				plies[p] = swapTable(t)
			}
		}
		return variants.NewEvalWeights(plies)
	}))
	return f.(func() (*variants.EvalWeights, error))()
}

// swapDigits[k][i] is the k-digit base-3 index i with digits 0 and 1
// exchanged.
var swapDigits = func() (t [11][]uint16) {
	for k := 1; k <= 10; k++ {
		n := kernels.Pow3[k]
		t[k] = make([]uint16, n)
		for i := 0; i < n; i++ {
			v, p, j := 0, 1, i
			for d := 0; d < k; d++ {
				dig := j % 3
				j /= 3
				if dig < 2 {
					dig ^= 1
				}
				v += dig * p
				p *= 3
			}
			t[k][i] = uint16(v)
		}
	}
	return
}()

func swapTable(t []int16) []int16 {
	out := make([]int16, len(t))
	copy(out, t) // the bias
	done := map[int]bool{}
	for i, sq := range kernels.FeatureSquares {
		off := kernels.FeatureOffset[i]
		if done[off] {
			continue
		}
		done[off] = true
		sw := swapDigits[len(sq)]
		for j, v := range sw {
			out[off+j] = t[off+int(v)]
		}
	}
	return out
}

// evaluate is the evaluation (1/scale discs) of the position at n empties
// whose features are s.feat[n], side (digit) to move.
func (s *search) evaluate(n, side int) int {
	v := s.k.EvalSum(&s.feat[n], s.w[side], 60-n)
	return min(max(v, -63*scale), 63*scale)
}

// evalSearch is a fail-soft alpha-beta of depth plies on the evaluation
// (1/scale discs), exact at game ends. Its positions count as nodes.
func (s *search) evalSearch(P, O uint64, n, side, alpha, beta, depth int, passed bool) int {
	s.nodes++
	if depth == 0 || n == 0 {
		if n == 0 {
			return s.k.BoardSolve(P, 0) * scale
		}
		return s.evaluate(n, side)
	}
	moves := s.moves(P, O)
	if moves == 0 {
		if passed {
			return s.k.BoardSolve(P, n) * scale
		}
		return -s.evalSearch(O, P, n, side^1, -beta, -alpha, depth, true)
	}
	best := -scoreInf * scale
	if depth == 1 && n > 1 && s.k.EvalSumBatch != nil && moves&(moves-1) != 0 {
		return s.evalLeaves(P, O, moves, n, side, beta)
	}
	if depth >= 3 && bits.OnesCount64(moves) > 1 {
		// order by mobility (move_evaluate without hash moves)
		ml := &s.eml[n]
		ml.n = 0
		b := kernels.Board{P: P, O: O}
		for m := moves; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			f := s.flip(P, O, x)
			ml.m[ml.n] = move{f: f, x: int8(x), score: int32(s.moveEvaluate(b, x, f, 0, n, kernels.NoMove, kernels.NoMove))}
			ml.n++
		}
		for i := 0; i < ml.n; i++ {
			mv := ml.pick(i)
			s.k.EvalUpdate(&s.feat[n-1], &s.feat[n], int(mv.x), mv.f, side)
			v := -s.evalSearch(O&^mv.f, P|mv.f|bit(int(mv.x)), n-1, side^1, -beta, -max(alpha, best), depth-1, false)
			if v > best {
				best = v
				if v >= beta {
					break
				}
			}
		}
		return best
	}
	for m := moves; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		f := s.flip(P, O, x)
		s.k.EvalUpdate(&s.feat[n-1], &s.feat[n], x, f, side)
		v := -s.evalSearch(O&^f, P|f|bit(x), n-1, side^1, -beta, -max(alpha, best), depth-1, false)
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// evalLeaves is evalSearch at depth 1 on a node with two moves or more:
// every child's features, then their evaluations in one eval_sum batch
// call: no call per child, and the gathers of successive children in
// flight together (one at a time, each child's first gather waits for
// memory). It returns what the child-by-child loop returns and counts the
// children it would have evaluated: those up to the first at beta or
// more; the others' evaluations are the price.
func (s *search) evalLeaves(P, O, moves uint64, n, side, beta int) int {
	k := 0
	for m := moves; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		f := s.flip(P, O, x)
		s.k.EvalUpdate(&s.batchIn[k].F, &s.feat[n], x, f, side)
		s.batchIn[k].Ply = 60 - (n - 1)
		k++
	}
	s.k.EvalSumBatch(s.w[side^1], s.batchIn[:k], s.batchOut[:k])
	best := -scoreInf * scale
	for j := 0; j < k; j++ {
		s.nodes++
		v := -min(max(s.batchOut[j], -63*scale), 63*scale)
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// pick moves the best-scored move of ml.m[i:] to i and returns it.
func (ml *moveList) pick(i int) move {
	b := i
	for j := i + 1; j < ml.n; j++ {
		if ml.m[j].score > ml.m[b].score {
			b = j
		}
	}
	ml.m[i], ml.m[b] = ml.m[b], ml.m[i]
	return ml.m[i]
}

// sortDepth is Edax's depth of the ordering search at n empties (0: each
// child evaluated once). Edax also searches 2 plies less where the table's
// upper bound (of a lower depth or selectivity) is below alpha: on the
// embedded weights that searched as many nodes and took longer, so not
// here.
func sortDepth(n int) int {
	d := (n - 15) / 3
	if n >= 27 {
		d++
	}
	return min(max(d, 0), 6)
}

// scoreMoves fills ml with P's moves, scored for ordering: hash moves and
// wipe-outs first (move_evaluate), then, far from the end and with
// weights, by the evaluation search, and by mobility, potential mobility,
// corner stability and parity (move_evaluate).
func (s *search) scoreMoves(ml *moveList, P, O, moves uint64, alpha, n int, parity uint8, side, h0, h1 int) {
	s.genMoves(ml, P, O, moves)
	s.scoreList(ml, P, O, alpha, n, parity, side, h0, h1)
}

// genMoves lists P's moves with their flips (done before the table probe,
// so that the prefetched bucket arrives meanwhile, as Edax's
// search_get_movelist), in one flip batch call where the variant has one.
func (s *search) genMoves(ml *moveList, P, O, moves uint64) {
	ml.n = 0
	if s.k.FlipBatch != nil && moves&(moves-1) != 0 {
		n := 0
		for m := moves; m != 0; m &= m - 1 {
			s.flipIn[n] = variants.BoardX{P: P, O: O, X: bits.TrailingZeros64(m)}
			n++
		}
		s.k.FlipBatch(s.flipIn[:n], s.flipOut[:n])
		for i := 0; i < n; i++ {
			ml.m[i] = move{f: s.flipOut[i], x: int8(s.flipIn[i].X)}
		}
		ml.n = n
		return
	}
	for m := moves; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		ml.m[ml.n] = move{f: s.flip(P, O, x), x: int8(x)}
		ml.n++
	}
}

// scoreList scores the moves of ml for ordering.
func (s *search) scoreList(ml *moveList, P, O uint64, alpha, n int, parity uint8, side, h0, h1 int) {
	s.moveScores(ml, P, O, n, parity, h0, h1)
	if s.w[0] == nil || n < s.p.sortMin {
		return
	}
	sd := sortDepth(n)
	if sd == 0 && s.k.EvalSumBatch != nil {
		s.evalBatch(ml, n, side)
		return
	}
	sortBeta := -max(kernels.ScoreMin, alpha-8) * scale
	for i := 0; i < ml.n; i++ {
		mv := &ml.m[i]
		if mv.score >= kernels.WSecondMove {
			continue
		}
		x, f := int(mv.x), mv.f
		s.k.EvalUpdate(&s.feat[n-1], &s.feat[n], x, f, side)
		v := s.evalSearch(O&^f, P|f|bit(x), n-1, side^1, -scoreInf*scale, sortBeta, sd, false)
		v = min(max(v, -64*scale), 64*scale)
		mv.score += int32((64*scale - v) << s.p.evalSh)
	}
}

// moveScores sets each move's move_evaluate score, in one batch call
// where the variant has a batch form.
func (s *search) moveScores(ml *moveList, P, O uint64, n int, parity uint8, h0, h1 int) {
	if s.k.MoveEvaluateBatch != nil && ml.n > 1 {
		for i := 0; i < ml.n; i++ {
			mv := &ml.m[i]
			// field by field: a composite literal of this size is built in
			// a stack temporary and copied in 16-byte loads that its
			// 8-byte stores cannot forward to (a stall per move)
			in := &s.meIn[i]
			in.P, in.O, in.X, in.Flipped = P, O, int(mv.x), mv.f
			in.Parity, in.NEmpties, in.H0, in.H1 = int(parity), n, h0, h1
		}
		s.k.MoveEvaluateBatch(s.meIn[:ml.n], s.meOut[:ml.n])
		for i := 0; i < ml.n; i++ {
			ml.m[i].score = int32(s.meOut[i])
		}
		return
	}
	b := kernels.Board{P: P, O: O}
	for i := 0; i < ml.n; i++ {
		mv := &ml.m[i]
		mv.score = int32(s.moveEvaluate(b, int(mv.x), mv.f, parity, n, h0, h1))
	}
}

// evalBatch adds a one-ply evaluation (sortDepth 0) to the ordering
// scores: the children's features first, then every evaluation in one
// eval_sum batch call; the same scores and the same node count as one
// evalSearch per child.
func (s *search) evalBatch(ml *moveList, n int, side int) {
	var idx [len(ml.m)]int8
	k := 0
	for i := 0; i < ml.n; i++ {
		mv := &ml.m[i]
		if mv.score < kernels.WSecondMove {
			s.k.EvalUpdate(&s.batchIn[k].F, &s.feat[n], int(mv.x), mv.f, side)
			s.batchIn[k].Ply = 60 - (n - 1)
			idx[k] = int8(i)
			k++
		}
	}
	if k == 0 {
		return
	}
	s.nodes += uint64(k)
	s.k.EvalSumBatch(s.w[side^1], s.batchIn[:k], s.batchOut[:k])
	for j := 0; j < k; j++ {
		v := min(max(s.batchOut[j], -63*scale), 63*scale)
		ml.m[idx[j]].score += int32((64*scale - v) << s.p.evalSh)
	}
}
