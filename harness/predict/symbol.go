package predict

import (
	"fmt"
	"reflect"
	"runtime"
)

// FuncOf returns the function a func value runs. The binary must be the
// running executable: the value's code address is looked up in it,
// allowing for where the executable was loaded.
func (b *Binary) FuncOf(fn any) (Func, error) {
	v := reflect.ValueOf(fn)
	if fn == nil || v.Kind() != reflect.Func || v.IsNil() {
		return Func{}, fmt.Errorf("not a function: %T", fn)
	}
	pc := uint64(v.Pointer())
	f, ok := b.FuncAt(pc - b.slide())
	if !ok || f.Addr != pc-b.slide() {
		return Func{}, fmt.Errorf("%s has no function at %#x: is it the running executable?", b.Path, pc)
	}
	return f, nil
}

// slide is how far the running executable was loaded from its link
// addresses (0 unless it is position-independent), from the address of
// a function of this package.
func (b *Binary) slide() uint64 {
	pc := reflect.ValueOf(OpenBinary).Pointer()
	f := runtime.FuncForPC(pc)
	if f == nil {
		return 0
	}
	for _, g := range b.funcs {
		if g.Name == f.Name() {
			return uint64(f.Entry()) - g.Entry
		}
	}
	return 0
}
