package train

import (
	"math"
	"sync"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/weights"
)

// sample is one training position: the packed weight index of each
// feature (the bias is implied), its label in discs and its weight in the
// fit (positions pooled from a neighbouring phase count less).
type sample struct {
	f  [kernels.NumFeatures]int32
	y  float32
	wt float32
	n  int8 // empties
}

// fitChunks is the fixed number of partial sums: results do not depend on
// the number of goroutines.
const fitChunks = 8

// fitResult reports a fit.
type fitResult struct {
	w     []float64 // packed weights in discs
	iters int
	rmse  float64 // on the training samples (weighted)
	mae   float64
}

// fit solves min sum_i wt_i (sum_j w[f_ij] + w[bias] - y_i)^2 +
// lambda |w|^2 by conjugate gradients on the normal equations with a
// diagonal (Jacobi) preconditioner. Mirror-symmetric patterns share one
// packed weight, so the symmetries are tied by construction.
func fit(samples []sample, lambda float64, maxIters int, workers int) fitResult {
	ne := newNormalEq(samples, lambda, workers)
	n := weights.NumPacked
	diag := ne.diagonal()
	w := make([]float64, n)
	r := make([]float64, n)
	ne.apply(w, r, true) // r = A'Wy
	z := make([]float64, n)
	p := make([]float64, n)
	q := make([]float64, n)
	rz := 0.0
	for j := range r {
		z[j] = r[j] / diag[j]
		rz += r[j] * z[j]
	}
	copy(p, z)
	r0 := rz
	it := 0
	for ; it < maxIters && rz > 1e-10*r0; it++ {
		ne.apply(p, q, false)
		pq := 0.0
		for j := range p {
			pq += p[j] * q[j]
		}
		if pq <= 0 {
			break
		}
		alpha := rz / pq
		rzNew := 0.0
		for j := range w {
			w[j] += alpha * p[j]
			r[j] -= alpha * q[j]
			z[j] = r[j] / diag[j]
			rzNew += r[j] * z[j]
		}
		beta := rzNew / rz
		rz = rzNew
		for j := range p {
			p[j] = z[j] + beta*p[j]
		}
	}
	rmse, mae := fitErrors(samples, w)
	return fitResult{w: w, iters: it, rmse: rmse, mae: mae}
}

// normalEq are the normal equations of the fit of samples: A'WA + lambda
// applied to a vector, summed in fitChunks fixed partial sums.
type normalEq struct {
	samples []sample
	lambda  float64
	workers int
	bias    int32
	part    [][]float64 // each chunk's partial sums
}

func newNormalEq(samples []sample, lambda float64, workers int) *normalEq {
	n := weights.NumPacked
	part := make([][]float64, fitChunks)
	for c := range part {
		part[c] = make([]float64, n)
	}
	return &normalEq{samples: samples, lambda: lambda, workers: workers, bias: int32(n - 1), part: part}
}

// diagonal is the diagonal of A'WA + lambda, the preconditioner.
func (ne *normalEq) diagonal() []float64 {
	diag := make([]float64, weights.NumPacked)
	for i := range ne.samples {
		s := &ne.samples[i]
		wt := float64(s.wt)
		for _, j := range s.f {
			diag[j] += wt // approximate: repeated indexes of one sample count once each
		}
		diag[ne.bias] += wt
	}
	for j := range diag {
		diag[j] += ne.lambda
	}
	return diag
}

// parallel runs fn on each chunk of the samples, workers at a time.
func (ne *normalEq) parallel(fn func(c int, lo, hi int)) {
	chunk := (len(ne.samples) + fitChunks - 1) / fitChunks
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(ne.workers, 1))
	for c := 0; c < fitChunks; c++ {
		lo, hi := min(c*chunk, len(ne.samples)), min((c+1)*chunk, len(ne.samples))
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			fn(c, lo, hi)
			<-sem
		}()
	}
	wg.Wait()
}

// apply computes out = (A'WA + lambda) v, or A'W(y - A v) - lambda v.
func (ne *normalEq) apply(v, out []float64, withY bool) {
	ne.parallel(func(c, lo, hi int) {
		acc := ne.part[c]
		clear(acc)
		for i := lo; i < hi; i++ {
			s := &ne.samples[i]
			a := v[ne.bias]
			for _, j := range s.f {
				a += v[j]
			}
			if withY {
				a = float64(s.y) - a
			}
			a *= float64(s.wt)
			for _, j := range s.f {
				acc[j] += a
			}
			acc[ne.bias] += a
		}
	})
	for j := range out {
		sum := 0.0
		for c := range ne.part {
			sum += ne.part[c][j]
		}
		if withY {
			out[j] = sum - ne.lambda*v[j]
		} else {
			out[j] = sum + ne.lambda*v[j]
		}
	}
}

// fitErrors are the weighted root mean square and mean absolute errors
// of the weights w on the samples.
func fitErrors(samples []sample, w []float64) (rmse, mae float64) {
	bias := len(w) - 1
	var se, ae, sw float64
	for i := range samples {
		s := &samples[i]
		a := w[bias]
		for _, j := range s.f {
			a += w[j]
		}
		e := a - float64(s.y)
		wt := float64(s.wt)
		se += wt * e * e
		ae += wt * math.Abs(e)
		sw += wt
	}
	sw = max(sw, 1e-300)
	return math.Sqrt(se / sw), ae / sw
}

// quantize converts weights in discs to int16 in 1/Scale discs.
func quantize(w []float64) []int16 {
	out := make([]int16, len(w))
	for j, v := range w {
		out[j] = int16(max(min(math.Round(v*weights.Scale), 32767), -32767))
	}
	return out
}
