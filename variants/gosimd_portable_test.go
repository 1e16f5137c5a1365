//go:build goexperiment.simd && go1.27 && (amd64 || arm64)

package variants

import (
	"os"
	"runtime"
	"simd"
	"simd/archsimd"
	"strings"
	"testing"
)

// The portable variants' Requires against what package simd decides: on a
// CPU the registry lets run them, its vectors are hardware, not emulated
// (on arm64 only with PMULL, which Requires cannot name).
func TestGoSIMDPortableNotEmulated(t *testing.T) {
	if strings.Contains(os.Getenv("GODEBUG"), "simd=") {
		t.Skip("GODEBUG sets package simd's vectors")
	}
	cpu := Host()
	t.Logf("package simd: %d-bit vectors, emulated %v", simd.VectorBitSize(), simd.Emulated())
	if len(cpu.Missing(reqPortable)) > 0 || runtime.GOARCH == "arm64" && !archsimd.ARM64.PMULL() {
		t.Skip("the portable variants run emulated or not at all here")
	}
	if simd.Emulated() {
		t.Errorf("the registry runs the portable variants (%s) on emulated vectors", FeatureNames(reqPortable))
	}
}
