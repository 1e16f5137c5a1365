package predict

import (
	"fmt"
	"reflect"
)

// goIntArgRegs are the integer argument registers of Go's internal ABI,
// in order, per architecture (LLVM's names: AT&T's for x86-64).
var goIntArgRegs = map[string][]string{
	"amd64": {"rax", "rbx", "rcx", "rdi", "rsi", "r8", "r9", "r10", "r11"},
	"arm64": {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15"},
}

// argWords is how many integer registers a function's arguments take in
// Go's internal ABI; an error if the signature has an argument that is
// not words in integer registers.
func argWords(fn any) (int, error) {
	t := reflect.TypeOf(fn)
	words := 0
	for i := range t.NumIn() {
		switch k := t.In(i).Kind(); k {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Bool, reflect.Pointer, reflect.UnsafePointer, reflect.Func, reflect.Map, reflect.Chan:
			words++
		case reflect.String, reflect.Interface:
			words += 2
		case reflect.Slice:
			words += 3
		default:
			return words, fmt.Errorf("a %v argument (%v): not words in integer registers", k, t)
		}
	}
	return words, nil
}

// argLoads are instructions that load a Go function's register arguments
// (words of them, Registered.ArgWords) from memory, put before its code
// in the region. An assembly function (ABI0) loads its arguments from its
// frame itself; a Go function gets them in registers, and without these
// loads llvm-mca would feed each pass the previous pass's result (the
// first result register is the first argument's), making one call wait
// for the last: a chain no benchmark has, whose calls take independent
// inputs. An error (problem, from argWords) if the signature has an
// argument that is not words in integer registers.
func argLoads(arch string, words int, problem string) ([]*Inst, error) {
	if problem != "" {
		return nil, fmt.Errorf("%s", problem)
	}
	regs := goIntArgRegs[arch]
	var out []*Inst
	for i := range min(words, len(regs)) {
		text := fmt.Sprintf("movq %d(%%rsp), %%%s", 8*(i+1), regs[i])
		if arch == "arm64" {
			text = fmt.Sprintf("ldr %s, [sp, #%d]", regs[i], 8*(i+1))
		}
		out = append(out, &Inst{Text: text, Path: PathArgs})
	}
	return out, nil
}
