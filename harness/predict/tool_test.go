package predict_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/variants"
)

// testTool finds LLVM 19's llvm-mca and llvm-mc (or the unversioned
// ones) on the PATH. Without them the test is skipped, or fails where
// FLIPBENCH_LLVM_REQUIRED is set (.ci/run installs them).
func testTool(t testing.TB) *predict.Tool {
	t.Helper()
	if k, _ := variants.KernelByName("flip"); !slices.ContainsFunc(k.Infos(), func(in variants.Info) bool { return in.Name == "sse2" }) {
		t.Skip("no assembly in this build (purego): nothing to decode")
	}
	for _, suffix := range []string{"-19", ""} {
		mca, err1 := exec.LookPath("llvm-mca" + suffix)
		mc, err2 := exec.LookPath("llvm-mc" + suffix)
		if err1 != nil || err2 != nil {
			continue
		}
		if tool, err := predict.NewTool(context.Background(), mca, mc); err == nil {
			return tool
		}
	}
	if os.Getenv("FLIPBENCH_LLVM_REQUIRED") != "" {
		t.Fatal("no llvm-mca and llvm-mc of LLVM 19 or later on the PATH:", predict.InstallHint)
	}
	t.Skip("no llvm-mca and llvm-mc of LLVM 19 or later on the PATH:", predict.InstallHint)
	return nil
}

var (
	binOnce sync.Once
	bin     *predict.Binary
	binErr  error
)

// testBinary is this test executable, read once.
func testBinary(t testing.TB) *predict.Binary {
	t.Helper()
	binOnce.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			binErr = err
			return
		}
		bin, binErr = predict.OpenBinary(exe)
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return bin
}

// variantsSym is the name of a function of package variants.
func variantsSym(name string) string { return "github.com/flipbench/flipbench/variants." + name }

// asmFunc finds a generated assembly function of package variants (name
// without .abi0) in b: of the two functions of its name, the one the
// other (the linker's ABI wrapper) calls.
func asmFunc(t *testing.T, tool *predict.Tool, b *predict.Binary, name string) predict.Func {
	t.Helper()
	fs := b.Funcs(variantsSym(name))
	if len(fs) != 2 {
		t.Fatalf("%d functions named %s, want an assembly function and its wrapper", len(fs), name)
	}
	ls, err := predict.Decode(context.Background(), tool, fs)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range ls {
		for _, in := range l.Insts {
			if in.Flow == predict.FlowCall && in.Target == fs[1-i].Addr {
				return fs[1-i]
			}
		}
	}
	t.Fatalf("neither function named %s calls the other", name)
	return predict.Func{}
}

// decode decodes generated assembly functions of package variants in the
// running test executable.
func decode(t *testing.T, tool *predict.Tool, names ...string) []*predict.Listing {
	t.Helper()
	b := testBinary(t)
	var fns []predict.Func
	for _, n := range names {
		fns = append(fns, asmFunc(t, tool, b, n))
	}
	ls, err := predict.Decode(context.Background(), tool, fns)
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

// A tool that is not LLVM, or too old, is refused with the way to get
// the right one.
func TestNewToolRefuses(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "llvm-mca")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho 'Debian LLVM version 14.0.6'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := predict.NewTool(context.Background(), fake, fake)
	if err == nil || !strings.Contains(err.Error(), "LLVM 19 or later") || !strings.Contains(err.Error(), "apt-get install -y llvm-19") {
		t.Errorf("LLVM 14: %v", err)
	}
	if _, err := predict.NewTool(context.Background(), filepath.Join(dir, "missing"), fake); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing llvm-mca: %v", err)
	}
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho hello\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := predict.NewTool(context.Background(), fake, fake); err == nil || !strings.Contains(err.Error(), "does not name an LLVM version") {
		t.Errorf("not LLVM: %v", err)
	}
}
