package variants

// A CallForm is one way a kernel is called, timed on a function of flip's
// signature with no body: the part of every per-call time that is the
// call itself, which a kernel's body cannot win back.
type CallForm struct {
	Impl string // the empty function's code: go or asm
	// Form: funcvalue (how the solver and bench call every kernel),
	// direct (a static call), from-asm (an assembly caller, as the
	// generated bottom of the search calls its kernels).
	Form string
	Loop func(in []BoardX, n int) uint64 // n calls on in, cycled (len(in) a power of two)
}

// CallFloors returns every calling form this build has: Go's always,
// assembly's where it is built.
func CallFloors() []CallForm {
	return append([]CallForm{
		{"go", "funcvalue", func(in []BoardX, n int) uint64 { return loopFuncValue(emptyGoFn, in, n) }},
		{"go", "direct", loopGoDirect},
	}, asmFloors()...)
}

// emptyGo is flip's signature with no body; emptyGoFn holds it as the
// solver holds a kernel, in a variable the compiler cannot see through.
//
//go:noinline
func emptyGo(P, O uint64, x int) uint64 { return 0 }

var emptyGoFn FlipFunc = emptyGo

//go:noinline
func loopFuncValue(fn FlipFunc, in []BoardX, n int) uint64 {
	var r uint64
	for i := 0; i < n; i++ {
		c := &in[i&(len(in)-1)]
		r += fn(c.P, c.O, c.X)
	}
	return r
}

//go:noinline
func loopGoDirect(in []BoardX, n int) uint64 {
	var r uint64
	for i := 0; i < n; i++ {
		c := &in[i&(len(in)-1)]
		r += emptyGo(c.P, c.O, c.X)
	}
	return r
}

// loopWords is in as the 64-bit words assembly reads (three per BoardX,
// two per Board).
func loopWords[T any](in []T) []uint64 {
	if len(in) == 0 {
		panic("variants: a call loop needs inputs")
	}
	return words(in)
}
