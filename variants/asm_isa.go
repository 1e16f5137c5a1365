package variants

import "reflect"

// asmISA maps each generated assembly function, by code address, to the
// CPU features avo found its instructions need. The generated stub files
// fill it (their registerISA lists come from avo's analysis at go
// generate time), so nothing is parsed at start-up and no function is
// named by a string: Register looks a variant's function up here.
var asmISA = map[uintptr][]Feature{}

// asmFunc is one generated function and what it requires.
type asmFunc struct {
	fn  any
	req []Feature
}

// registerISA records the generated functions of one stub file; it runs
// as a package variable's initializer, before any init registers a
// variant.
func registerISA(fns []asmFunc) bool {
	for _, f := range fns {
		asmISA[funcPC(f.fn)] = f.req
	}
	return true
}

func funcPC(fn any) uintptr { return reflect.ValueOf(fn).Pointer() }

// asmFeatures returns the features of fn if it is a generated assembly
// function, nil otherwise (Go code, or nil).
func asmFeatures(fn any) []Feature {
	v := reflect.ValueOf(fn)
	if fn == nil || v.Kind() != reflect.Func || v.IsNil() {
		return nil
	}
	return asmISA[v.Pointer()]
}

// isAsm reports whether fn is a generated assembly function.
func isAsm(fn any) bool {
	v := reflect.ValueOf(fn)
	if fn == nil || v.Kind() != reflect.Func || v.IsNil() {
		return false
	}
	_, ok := asmISA[v.Pointer()]
	return ok
}
