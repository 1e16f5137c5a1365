package harness

import "testing"

//go:noinline
func emptyFlip(P, O uint64, x int) uint64 { return 0 }

// floorFn is read through a package variable so that the call stays an
// indirect call the compiler cannot inline.
var floorFn = emptyFlip

// BenchmarkFloor is Go's call floor: an empty function of flip's signature
// called through a function value on flip's benchmark inputs, with the
// same loop as the per-call forms of BenchmarkKernel. cbench (the C
// harness) writes its own floor as BenchmarkFloor/impl=c/form=pointer.
func BenchmarkFloor(b *testing.B) {
	b.Run("impl=go/form=pointer", func(b *testing.B) {
		in := flipInputs()
		fn := floorFn
		var r uint64
		for i := 0; i < b.N; i++ {
			c := &in[i&(len(in)-1)]
			r += fn(c.P, c.O, c.X)
		}
		benchSink += r
	})
}
