package predict

import (
	"fmt"
	"reflect"
)

// goIntArgRegs are the integer argument registers of Go's internal ABI,
// in order (AT&T names).
var goIntArgRegs = []string{"rax", "rbx", "rcx", "rdi", "rsi", "r8", "r9", "r10", "r11"}

// argLoads are instructions that load a Go function's register arguments
// from memory, put before its code in the region. An assembly function
// (ABI0) loads its arguments from its frame itself; a Go function gets
// them in registers, and without these loads llvm-mca would feed each
// pass the previous pass's result (the first result register is the
// first argument's), making one call wait for the last: a chain no
// benchmark has, whose calls take independent inputs. An error if the
// signature has an argument that is not words in integer registers.
func argLoads(fn any) ([]*Inst, error) {
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
			return nil, fmt.Errorf("a %v argument (%v): not words in integer registers", k, t)
		}
	}
	var out []*Inst
	for i := range min(words, len(goIntArgRegs)) {
		out = append(out, &Inst{Text: fmt.Sprintf("movq %d(%%rsp), %%%s", 8*(i+1), goIntArgRegs[i]), Path: PathArgs})
	}
	return out, nil
}
