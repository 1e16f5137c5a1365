package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/variants"
)

// Without llvm-mca, predict says how to install it and exits non-zero.
func TestPredictWithoutLLVM(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := llvmTool(context.Background(), "", "")
	if err == nil || !strings.Contains(err.Error(), "apt-get install -y llvm-19") || !strings.Contains(err.Error(), "-llvm-mca") {
		t.Errorf("no llvm-mca on the PATH: %v", err)
	}
	if code, _ := runCLI(t, "predict", "-kernel", "flip"); code == 0 {
		t.Error("predict without llvm-mca exited 0")
	}
	if code, _ := runCLI(t, "predict", "-llvm-mca", filepath.Join(t.TempDir(), "llvm-mca-19")); code == 0 {
		t.Error("predict with a missing -llvm-mca exited 0")
	}
}

func TestPredictBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"predict", "-mcpu", "znver9"}, {"predict", "-kernel", "nope"}, {"predict", "extra"}, {"predict", "-iterations", "0"},
	} {
		if code, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// predict on a few variants and two models, from this (stripped) test
// executable: the results files, the summary, the check against the
// measured CPUs, and -list's instructions with their decoder.
func TestPredictCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: llvm-mca runs")
	}
	if k, _ := variants.KernelByName("flip"); !slices.ContainsFunc(k.Infos(), func(in variants.Info) bool { return in.Name == "sse2" }) {
		t.Skip("no assembly in this build (purego)")
	}
	for _, tool := range []string{"llvm-mca-19", "llvm-mc-19"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("FLIPBENCH_LLVM_REQUIRED") != "" {
				t.Fatal(tool, "is not on the PATH")
			}
			t.Skip(tool, "is not on the PATH")
		}
	}
	out := t.TempDir()
	args := []string{"predict", "-kernel", "flip", "-variant", "sse2,avx2-ppfill,avx512-lzcnt,kindergarten,bitscan", "-mcpu", "skylake,znver4", "-o", out,
		"-results", filepath.Join("..", "..", "results")}
	code, text := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, text)
	}
	for _, want := range []string{"llvm-mca 19.", "skylake ", "znver4 ", "amd-zen4-f19-m11-s1 (znver4) flip", "2 files in " + out} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "skylake", "flip.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"predicted: llvm-mca 19.", "-mcpu=skylake", "BenchmarkKernel/kernel=flip/variant=sse2/form=batch 1 ",
		"BenchmarkKernel/kernel=flip/variant=bitscan/form=call 1 "} {
		if !strings.Contains(string(data), want) {
			t.Errorf("skylake/flip.txt lacks %q:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), "avx512-lzcnt") {
		t.Error("Skylake, which has no AVX-512, got a prediction of avx512-lzcnt")
	}
	code, text = runCLI(t, "predict", "-kernel", "flip", "-variant", "avx2-ppfill", "-mcpu", "skylake", "-list")
	if code != 0 || !strings.Contains(text, " x86asm  vpbroadcastq") || !strings.Contains(text, " llvm    vzeroupper   # x86asm decodes") {
		t.Errorf("-list: exit %d:\n%s", code, text)
	}
}
