package harness

import (
	"fmt"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// CheckOne runs every runnable variant of kernel on one input derived from
// (P, O, x, alpha) (a fuzzer's arbitrary values: overlapping discs are
// resolved in favour of P, x is reduced to a square) and returns the
// first mismatch with the reference. Kernels whose input is a table
// (hash_clear) or weights (eval_sum) are not covered here.
func CheckOne(kernel string, P, O uint64, x, alpha int) *Mismatch {
	O &^= P
	x &= 63
	alpha = alpha%130 - 65
	if alpha < -65 {
		alpha += 130
	}
	b := kernels.Board{P: P, O: O}
	in := func() string { return fmt.Sprintf("%s x=%s alpha=%d", bs(b), kernels.SquareName(x), alpha) }
	mm := func(k, v string, got, want any) *Mismatch {
		return &Mismatch{Kernel: k, Variant: v, Input: in(), Got: fmt.Sprint(got), Want: fmt.Sprint(want)}
	}
	switch kernel {
	case "flip":
		b.P &^= kernels.Bit(x)
		b.O &^= kernels.Bit(x)
		want := kernels.Flip(b.P, b.O, x)
		for _, v := range variants.Flip.Runnable() {
			if got := v.Fn(b.P, b.O, x); got != want {
				return mm(kernel, v.Name, got, want)
			}
		}
	case "moves":
		want := kernels.Moves(b.P, b.O)
		for _, v := range variants.Moves.Runnable() {
			if got := v.Fn(b.P, b.O); got != want {
				return mm(kernel, v.Name, got, want)
			}
		}
	case "count_last_flip", "score_1":
		P := b.P &^ kernels.Bit(x)
		b = kernels.Board{P: P, O: ^P &^ kernels.Bit(x)}
		if kernel == "count_last_flip" {
			want := kernels.CountLastFlip(P, x)
			for _, v := range variants.CountLastFlip.Runnable() {
				if got := v.Fn(P, x); got != want {
					return mm(kernel, v.Name, got, want)
				}
			}
			return nil
		}
		want := kernels.Score1(P, alpha, x)
		for _, v := range variants.Score1.Runnable() {
			got := v.Fn(P, alpha, x)
			if !score1Accepts(v.Info, P, alpha, x, got, want) {
				return mm(kernel, v.Name, got, score1Want(v.Info, P, alpha, x, want))
			}
		}
	case "solve_2", "solve_3", "solve_4":
		n := int(kernel[6] - '0')
		// keep n empty squares: x and the next ones after it
		e := uint64(0)
		for i := 0; bits.OnesCount64(e) < n; i++ {
			e |= kernels.Bit((x + i*23) & 63)
		}
		b.P &^= e
		b.O = ^b.P &^ e
		k := map[int]*variants.Kernel[variants.SolveFunc]{2: variants.Solve2, 3: variants.Solve3, 4: variants.Solve4}[n]
		ws, wn := k.Reference()(b, alpha)
		for _, v := range k.Runnable() {
			if gs, gn := v.Fn(b, alpha); gs != ws || gn != wn {
				return mm(kernel, v.Name, scoreNodes{gs, gn}, scoreNodes{ws, wn})
			}
		}
	case "stable_edge", "stable_edge_count", "stability", "hash_code":
		for _, v := range variants.StableEdge.Runnable() {
			if kernel == "stable_edge" && v.Fn(b.P, b.O) != kernels.StableEdge(b.P, b.O) {
				return mm(kernel, v.Name, v.Fn(b.P, b.O), kernels.StableEdge(b.P, b.O))
			}
		}
		for _, v := range variants.StableEdgeCount.Runnable() {
			if kernel == "stable_edge_count" && v.Fn(b.P, b.O) != kernels.CountStableEdge(b.P, b.O) {
				return mm(kernel, v.Name, v.Fn(b.P, b.O), kernels.CountStableEdge(b.P, b.O))
			}
		}
		for _, v := range variants.Stability.Runnable() {
			if kernel == "stability" && v.Fn(b.P, b.O) != kernels.Stability(b.P, b.O) {
				return mm(kernel, v.Name, v.Fn(b.P, b.O), kernels.Stability(b.P, b.O))
			}
		}
		for _, v := range variants.HashCode.Runnable() {
			if kernel == "hash_code" && v.Fn(P, O) != kernels.HashCode(P, O) {
				return mm(kernel, v.Name, v.Fn(P, O), kernels.HashCode(P, O))
			}
		}
	case "eval_features":
		want := kernels.EvalFeatures(b)
		for _, v := range variants.EvalFeatures.Runnable() {
			if got := v.Fn(b); got != want {
				return mm(kernel, v.Name, got, want)
			}
		}
	case "eval_update", "move_evaluate":
		b.P &^= kernels.Bit(x)
		b.O &^= kernels.Bit(x)
		f := kernels.Flip(b.P, b.O, x)
		if f == 0 {
			return nil // only legal moves are inputs
		}
		if kernel == "move_evaluate" {
			par, n := kernels.Parity(b.Empties()), b.NumEmpties()
			h := (alpha + 65) & 63
			want := kernels.MoveEvaluate(b, x, f, par, n, h, kernels.NoMove)
			for _, v := range variants.MoveEvaluate.Runnable() {
				if got := v.Fn(b, x, f, par, n, h, kernels.NoMove); got != want {
					return mm(kernel, v.Name, got, want)
				}
			}
			return nil
		}
		mover := alpha & 1
		src := kernels.EvalFeatures(b)
		if mover == 1 {
			src = kernels.EvalFeatures(b.Swap())
		}
		want := kernels.EvalUpdate(src, x, f, mover)
		for _, v := range variants.EvalUpdate.Runnable() {
			var got kernels.Features
			v.Fn(&got, &src, x, f, mover)
			if got != want {
				return mm(kernel, v.Name, got, want)
			}
		}
	case "board_solve":
		n := bits.OnesCount64(^(b.P | b.O))
		want := kernels.BoardSolve(b.P, n)
		for _, v := range variants.BoardSolve.Runnable() {
			if got := v.Fn(b.P, n); got != want {
				return mm(kernel, v.Name, got, want)
			}
		}
	}
	return nil
}
