//go:build purego || !amd64

package variants

func asmFloors() []CallForm { return nil }

// FlipFromAsm: no assembly in this build.
func FlipFromAsm(Info) (func(in []BoardX, n int) uint64, bool) { return nil, false }
