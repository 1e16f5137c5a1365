// Package predict predicts, from the machine code of the running binary
// or of another build (an arm64 one read on an x86-64 machine), how fast
// each variant of a kernel runs on microarchitectures nobody here owns:
// every variant's function (per call) or batch loop (batched) is found
// in the executable, decoded with x86asm (arm64asm) and checked
// instruction by instruction against LLVM's own disassembler, and handed
// to llvm-mca,
// whose scheduling model of each CPU gives the cycles per operation. Code
// whose branches depend on the data is marked, not given a figure (a
// straight-line model cannot say which path runs). The predictions are
// written as results in Go's benchmark format, under a folder of their
// own, and validated against the CPUs that were measured (rank
// correlation and ratio error per kernel).
package predict

import (
	"cmp"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"slices"
	"strings"
)

// Func is one function's machine code: its name, its address and its
// bytes (up to the next function: the alignment padding after its end
// included).
type Func struct {
	Name string
	Addr uint64
	Code []byte
	Arch string // GOARCH: amd64 or arm64 ("" is amd64)
}

// arch is the function's architecture, amd64 where it is not said.
func (f Func) arch() string {
	if f.Arch == "" {
		return "amd64"
	}
	return f.Arch
}

// Binary is the code and the function table of a Go executable.
//
// Functions are found in the table the Go runtime itself reads
// (.gopclntab, through debug/gosym), not in the ELF symbol table, which
// go run and go test strip: the runtime's table is in every build. It
// names an assembly function and the linker's wrapper that lets Go code
// hold it as a value alike (the ELF table calls the first <name>.abi0):
// such twins are told apart by which calls which (Resolve).
type Binary struct {
	Path  string
	Arch  string // GOARCH: amd64 or arm64
	text  []byte
	base  uint64 // the address of text's first byte
	funcs []gosym.Func
}

// elfArch maps the ELF machines predict reads to their GOARCH.
var elfArch = map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}

// OpenBinary reads an executable's code and function table: an x86-64
// or an arm64 ELF executable.
func OpenBinary(path string) (*Binary, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v (predict reads an ELF executable)", path, err)
	}
	defer f.Close()
	arch, ok := elfArch[f.Machine]
	if !ok {
		return nil, fmt.Errorf("%s: a %v executable; predict reads x86-64 and arm64 code", path, f.Machine)
	}
	text, pcln := f.Section(".text"), f.Section(".gopclntab")
	if text == nil || pcln == nil {
		return nil, fmt.Errorf("%s: no .text or .gopclntab section: not a Go executable", path)
	}
	code, err := text.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: .text: %v", path, err)
	}
	tab, err := pcln.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: .gopclntab: %v", path, err)
	}
	t, err := gosym.NewTable(nil, gosym.NewLineTable(tab, text.Addr))
	if err != nil {
		return nil, fmt.Errorf("%s: its function table: %v", path, err)
	}
	b := &Binary{Path: path, Arch: arch, text: code, base: text.Addr}
	for _, fn := range t.Funcs {
		if fn.Entry >= text.Addr && fn.End <= text.Addr+uint64(len(code)) && fn.Entry < fn.End {
			b.funcs = append(b.funcs, fn)
		}
	}
	slices.SortFunc(b.funcs, func(a, c gosym.Func) int { return cmp.Compare(a.Entry, c.Entry) })
	return b, nil
}

// index is the position of the function holding addr, -1 if none.
func (b *Binary) index(addr uint64) int {
	i, found := slices.BinarySearchFunc(b.funcs, addr, func(f gosym.Func, a uint64) int { return cmp.Compare(f.Entry, a) })
	if !found {
		i--
	}
	if i < 0 || addr >= b.funcs[i].End {
		return -1
	}
	return i
}

func (b *Binary) fn(i int) Func {
	f := b.funcs[i]
	return Func{Name: f.Name, Addr: f.Entry, Code: b.text[f.Entry-b.base : f.End-b.base], Arch: b.Arch}
}

// FuncAt returns the function holding addr.
func (b *Binary) FuncAt(addr uint64) (Func, bool) {
	i := b.index(addr)
	if i < 0 {
		return Func{}, false
	}
	return b.fn(i), true
}

// SymbolAt names the function holding addr, "" if none.
func (b *Binary) SymbolAt(addr uint64) string {
	if i := b.index(addr); i >= 0 {
		return b.funcs[i].Name
	}
	return ""
}

// Funcs returns the functions of that name: two for an assembly function
// and its ABI wrapper (Twin).
func (b *Binary) Funcs(name string) []Func {
	var out []Func
	for i, g := range b.funcs {
		if g.Name == name {
			out = append(out, b.fn(i))
		}
	}
	return out
}

// Twin returns the other function of f's name: an assembly function and
// its ABI wrapper are twins.
func (b *Binary) Twin(f Func) (Func, bool) {
	for i, g := range b.funcs {
		if g.Name == f.Name && g.Entry != f.Addr {
			return b.fn(i), true
		}
	}
	return Func{}, false
}

// ABI0Suffix ends the name of a Go assembly function (ABI0) here, as in
// the ELF symbol table; the function value Go code holds is a wrapper of
// the name without it.
const ABI0Suffix = ".abi0"

// shortName drops the module path from a function's name, for messages.
func shortName(sym string) string {
	return strings.TrimPrefix(sym, "github.com/flipbench/flipbench/")
}
