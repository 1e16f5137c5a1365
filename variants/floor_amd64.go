//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

var emptyAsmFn FlipFunc = emptyFlip

func asmFloors() []CallForm {
	return []CallForm{
		{"asm", "funcvalue", func(in []BoardX, n int) uint64 { return loopFuncValue(emptyAsmFn, in, n) }},
		{"asm", "direct", loopAsmDirect},
		{"asm", "from-asm", func(in []BoardX, n int) uint64 { return flipFromAsm(emptyFlipEntry(), loopWords(in), n) }},
	}
}

//go:noinline
func loopAsmDirect(in []BoardX, n int) uint64 {
	var r uint64
	for i := 0; i < n; i++ {
		c := &in[i&(len(in)-1)]
		r += emptyFlip(c.P, c.O, c.X)
	}
	return r
}

// FlipFromAsm returns a loop calling flip variant v from assembly (as the
// bottom of the search calls it), or false if v is Go code.
func FlipFromAsm(v Info) (func(in []BoardX, n int) uint64, bool) {
	e := v.Entry()
	if e == 0 {
		return nil, false
	}
	return func(in []BoardX, n int) uint64 { return flipFromAsm(e, loopWords(in), n) }, true
}

// BoardFromAsm returns a loop calling the variant v of a kernel of a
// board (moves, stable_edge_count, stability, hash_code: the others the
// bottom of the search calls) from assembly, or false if v has no entry
// point. The loop sums the results (counts and bitboards alike).
func BoardFromAsm(v Info) (func(in []kernels.Board, n int) uint64, bool) {
	e := v.Entry()
	if e == 0 {
		return nil, false
	}
	return func(in []kernels.Board, n int) uint64 { return boardFromAsm(e, loopWords(in), n) }, true
}
