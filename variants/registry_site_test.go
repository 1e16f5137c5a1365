package variants

import (
	"slices"
	"strings"
	"testing"
)

// siteSuffixes are the names a kernel K's files may have after K (the
// package doc's rule): K.go itself, and these.
var siteSuffixes = []string{"_amd64", "_arm64", "_gen_amd64", "_gen_arm64", "_gosimd_amd64", "_gosimd_arm64", "_gosimd_portable"}

// TestRegisteredInKernelFile checks that every variant of every kernel is
// registered in a file named after its kernel, so that a kernel's name
// finds all of its code (ls variants/K*).
func TestRegisteredInKernelFile(t *testing.T) {
	for _, k := range Kernels() {
		infos, sites := k.Infos(), k.sites()
		for i, site := range sites {
			rest, ok := strings.CutPrefix(strings.TrimSuffix(site, ".go"), k.Name())
			if !ok || rest != "" && !slices.Contains(siteSuffixes, rest) {
				t.Errorf("%s/%s is registered in %q, not in a file of %s", k.Name(), infos[i].Name, site, k.Name())
			}
		}
	}
}
