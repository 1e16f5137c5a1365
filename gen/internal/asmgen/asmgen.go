// Package asmgen holds what every flipbench generator shares: the build
// constraint that drops assembly under the purego tag, helpers for
// constant tables, and the pieces many functions are made of (funcs.go:
// loading a board, the batch loop, folding vector lanes).
package asmgen

import (
	"strings"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// Setup starts a generator: assembly only on amd64 (the file names say
// so) and never with -tags purego. The package name comes from the -pkg
// flag of the go:generate line.
func Setup() {
	build.ConstraintExpr("!purego")
}

// Table64 emits a read-only table of uint64 values and returns its address.
func Table64(name string, vals []uint64) Mem {
	m := build.GLOBL(name, attr.RODATA|attr.NOPTR)
	for i, v := range vals {
		build.DATA(8*i, U64(v))
	}
	return m
}

// Table32 emits a read-only table of uint32 values.
func Table32(name string, vals []uint32) Mem {
	m := build.GLOBL(name, attr.RODATA|attr.NOPTR)
	for i, v := range vals {
		build.DATA(4*i, U32(v))
	}
	return m
}

// Table8 emits a read-only table of bytes.
func Table8(name string, vals []uint8) Mem {
	m := build.GLOBL(name, attr.RODATA|attr.NOPTR)
	for i, v := range vals {
		build.DATA(i, U8(v))
	}
	return m
}

// GoTable addresses name, a package-level Go variable of the package the
// code is generated into (·name(SB)): a table built at init and shared by
// every generated file, instead of a file-local RODATA copy in each.
func GoTable(name string) Mem { return NewDataAddr(Symbol{Name: "·" + name}, 0) }

// Func starts an assembly function: NOSPLIT and ABI0 like every function
// here, and //go:noescape when its arguments hold pointers (slices,
// *T), since no function here keeps one. Without the pragma the compiler
// must assume the pointer escapes, and every &local a Go wrapper passes
// to assembly is moved to the heap: an allocation per call.
func Func(name, signature string) {
	build.TEXT(name, build.NOSPLIT, signature)
	if strings.ContainsAny(signature, "*[") {
		build.Pragma("noescape")
	}
}
