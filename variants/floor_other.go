//go:build purego || !amd64

package variants

import "github.com/flipbench/flipbench/kernels"

func asmFloors() []CallForm { return nil }

// FlipFromAsm: no assembly in this build.
func FlipFromAsm(Info) (func(in []BoardX, n int) uint64, bool) { return nil, false }

// BoardFromAsm: no assembly in this build.
func BoardFromAsm(Info) (func(in []kernels.Board, n int) uint64, bool) { return nil, false }
