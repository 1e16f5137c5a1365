//go:build amd64 && !purego

package variants

import (
	"os"
	"slices"
	"testing"
)

// Every generated assembly function is called by a registered variant,
// and every variant's Requires covers what avo says its functions need.
func TestAsmRequiresCovered(t *testing.T) {
	isa, err := parseRequires(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, k := range Kernels() {
		for _, v := range k.Infos() {
			for _, fn := range v.Asm {
				used[fn] = true
				req, ok := isa[fn]
				if !ok {
					t.Errorf("%s/%s: no assembly function %s", k.Name(), v.Name, fn)
				}
				for _, f := range req {
					if !slices.Contains(v.Requires, f) {
						t.Errorf("%s/%s: %s needs %s, not in Requires %v", k.Name(), v.Name, fn, f, v.Requires)
					}
				}
			}
		}
	}
	for fn := range isa {
		if !used[fn] && !asmHelpers[fn] {
			t.Errorf("assembly function %s is registered by no variant", fn)
		}
	}
}
