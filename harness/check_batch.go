package harness

import (
	"fmt"
	"math/bits"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// batchSizes covers empty, short (tail paths) and long batches.
var batchSizes = []int{0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 64, 1000}

// checkBatch checks a variant's batch form, if it has one, against the
// reference applied element by element.
func checkBatch(kernel, variant string, o Options) (int, *Mismatch, error) {
	k, _ := variants.KernelByName(kernel)
	var batch any
	switch kernel {
	case "flip":
		batch = variants.Flip.BatchOf(variant)
	case "moves":
		batch = variants.Moves.BatchOf(variant)
	case "count_last_flip":
		batch = variants.CountLastFlip.BatchOf(variant)
	case "score_1":
		batch = variants.Score1.BatchOf(variant)
	default:
		return 0, nil, nil
	}
	if batch == nil {
		return 0, nil, nil
	}
	p := pool(o)
	rng := rngFor(o, 29)
	cases := 0
	mm := func(i int, in string, got, want any) *Mismatch {
		return &Mismatch{Kernel: kernel, Variant: variant + " (batch)", Input: fmt.Sprintf("element %d: %s", i, in),
			Got: format(got), Want: format(want)}
	}
	for round, n := range batchSizes {
		base := round * 1000
		switch fn := batch.(type) {
		case variants.FlipBatchFunc:
			in := make([]variants.BoardX, n)
			for i := range in {
				b := p.board(base + i)
				e := b.Empties()
				x := 0
				if e != 0 {
					x = nthBit(e, rng.IntN(bits.OnesCount64(e)))
				} else {
					b.P &^= 1
					b.O &^= 1
				}
				in[i] = variants.BoardX{P: b.P, O: b.O, X: x}
			}
			out := make([]uint64, n)
			fn(in, out)
			for i, c := range in {
				if want := kernels.Flip(c.P, c.O, c.X); out[i] != want {
					return cases, mm(i, bs(kernels.Board{P: c.P, O: c.O})+" x="+kernels.SquareName(c.X), out[i], want), nil
				}
				cases++
			}
		case variants.MovesBatchFunc:
			in := make([]kernels.Board, n)
			for i := range in {
				in[i] = p.board(base + i)
			}
			out := make([]uint64, n)
			fn(in, out)
			for i, b := range in {
				if want := kernels.Moves(b.P, b.O); out[i] != want {
					return cases, mm(i, bs(b), out[i], want), nil
				}
				cases++
			}
		case variants.CountLastFlipBatchFunc:
			in := make([]variants.PX, n)
			for i := range in {
				x := rng.IntN(64)
				in[i] = variants.PX{P: rng.Uint64() &^ kernels.Bit(x), X: x}
			}
			out := make([]int, n)
			fn(in, out)
			for i, c := range in {
				if want := kernels.CountLastFlip(c.P, c.X); out[i] != want {
					return cases, mm(i, fmt.Sprintf("P=%#016x x=%s", c.P, kernels.SquareName(c.X)), out[i], want), nil
				}
				cases++
			}
		case variants.Score1BatchFunc:
			in := make([]variants.PXA, n)
			for i := range in {
				x := rng.IntN(64)
				in[i] = variants.PXA{P: rng.Uint64() &^ kernels.Bit(x), X: x, Alpha: rng.IntN(130) - 65}
			}
			out := make([]int, n)
			fn(in, out)
			var info variants.Info
			for _, in := range k.Infos() {
				if in.Name == variant {
					info = in
				}
			}
			for i, c := range in {
				want := kernels.Score1(c.P, c.Alpha, c.X)
				if !score1Accepts(info, c.P, c.Alpha, c.X, out[i], want) {
					return cases, mm(i, fmt.Sprintf("P=%#016x x=%s alpha=%d", c.P, kernels.SquareName(c.X), c.Alpha), out[i],
						score1Want(info, c.P, c.Alpha, c.X, want)), nil
				}
				cases++
			}
		default:
			return cases, nil, fmt.Errorf("%s/%s: batch form has type %T, not the kernel's batch type", kernel, variant, batch)
		}
	}
	return cases, nil, nil
}
