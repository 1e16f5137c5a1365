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
	n := weights.NumPacked
	bias := int32(n - 1)
	// Diagonal of A'WA + lambda.
	diag := make([]float64, n)
	for i := range samples {
		s := &samples[i]
		wt := float64(s.wt)
		for _, j := range s.f {
			diag[j] += wt // approximate: repeated indexes of one sample count once each
		}
		diag[bias] += wt
	}
	for j := range diag {
		diag[j] += lambda
	}

	chunk := (len(samples) + fitChunks - 1) / fitChunks
	part := make([][]float64, fitChunks)
	for c := range part {
		part[c] = make([]float64, n)
	}
	parallel := func(fn func(c int, lo, hi int)) {
		var wg sync.WaitGroup
		sem := make(chan struct{}, max(workers, 1))
		for c := 0; c < fitChunks; c++ {
			lo, hi := min(c*chunk, len(samples)), min((c+1)*chunk, len(samples))
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
	// normal computes out = (A'WA + lambda) v, or A'W(y - A v) - lambda v.
	normal := func(v, out []float64, withY bool) {
		parallel(func(c, lo, hi int) {
			acc := part[c]
			clear(acc)
			for i := lo; i < hi; i++ {
				s := &samples[i]
				a := v[bias]
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
				acc[bias] += a
			}
		})
		for j := range out {
			sum := 0.0
			for c := range part {
				sum += part[c][j]
			}
			if withY {
				out[j] = sum - lambda*v[j]
			} else {
				out[j] = sum + lambda*v[j]
			}
		}
	}
	w := make([]float64, n)
	r := make([]float64, n)
	normal(w, r, true) // r = A'Wy
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
		normal(p, q, false)
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
	return fitResult{w: w, iters: it, rmse: math.Sqrt(se / sw), mae: ae / sw}
}

// quantize converts weights in discs to int16 in 1/Scale discs.
func quantize(w []float64) []int16 {
	out := make([]int16, len(w))
	for j, v := range w {
		out[j] = int16(max(min(math.Round(v*weights.Scale), 32767), -32767))
	}
	return out
}
