package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness/predict"
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

// predict -binary reads another architecture's build: an arm64 flipbench
// (GOARCH=arm64 go build), its variants listed by running it (under
// qemu-aarch64 here), its code decoded with arm64asm and LLVM and
// modelled on aarch64 models: figures for the arm64 assembly of flip,
// moves and count_last_flip on four models, no SVE variant where the
// model has no SVE, the aarch64 models by default, and an x86 model
// refused.
func TestPredictARM64Binary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: an arm64 build and llvm-mca runs")
	}
	required := os.Getenv("FLIPBENCH_LLVM_REQUIRED") != ""
	tools := []string{"llvm-mca-19", "llvm-mc-19"}
	if runtime.GOARCH != "arm64" {
		tools = append(tools, "qemu-aarch64")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if required {
				t.Fatal(tool, "is not on the PATH")
			}
			t.Skip(tool, "is not on the PATH")
		}
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the arm64 binary:", err)
	}
	exe := filepath.Join(t.TempDir(), "flipbench-arm64")
	build := exec.Command(goCmd, "build", "-o", exe, ".")
	build.Env = append(os.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOARCH=arm64 go build: %v\n%s", err, out)
	}
	out := t.TempDir()
	models := []string{"neoverse-n1", "neoverse-v1", "neoverse-n2", "ampere1"}
	code, text := runCLI(t, "predict", "-binary", exe, "-kernel", "flip,moves,count_last_flip", "-mcpu", strings.Join(models, ","),
		"-o", out, "-results", filepath.Join("..", "..", "results"))
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, text)
	}
	for _, want := range []string{"llvm-mca 19.", exe + " (arm64)", "neoverse-n1 ", "ampere1 ", "12 files in " + out} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	for _, m := range models {
		for kernel, variants := range map[string][]string{
			"flip": {"arm64-bitscan", "arm64-fill", "neon-fill"}, "moves": {"arm64-shift", "neon-rbit"},
			"count_last_flip": {"arm64-bitscan-cnt", "neon-fill-cnt"},
		} {
			data, err := os.ReadFile(filepath.Join(out, m, kernel+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			s := string(data)
			for _, want := range []string{"predicted: llvm-mca 19.", " -mtriple=aarch64 -mcpu=" + m + "\n", "\ndecoded: arm64asm "} {
				if !strings.Contains(s, want) {
					t.Errorf("%s/%s.txt lacks %q", m, kernel, want)
				}
			}
			for _, v := range variants {
				if !regexp.MustCompile(`\nBenchmarkKernel/kernel=` + kernel + `/variant=` + v + `/form=call 1 [0-9.]+ cycles/op `).MatchString(s) {
					t.Errorf("%s/%s.txt: no figure for %s:\n%s", m, kernel, v, s)
				}
			}
			hasSVE := strings.Contains(s, "/variant=sve")
			if (m == "neoverse-n1" || m == "ampere1") && hasSVE {
				t.Errorf("%s, which has no SVE, got a prediction of an SVE variant of %s", m, kernel)
			}
		}
	}
	// the aarch64 models by default; an x86-64 model refused
	out2 := t.TempDir()
	code, text = runCLI(t, "predict", "-binary", exe, "-kernel", "hash_code", "-variant", "arm64-crc32c", "-o", out2)
	if code != 0 {
		t.Fatalf("default models: exit %d:\n%s", code, text)
	}
	dirs, _ := filepath.Glob(filepath.Join(out2, "*"))
	for i := range dirs {
		dirs[i] = filepath.Base(dirs[i])
	}
	if want := strings.Split(predict.ModelNames(predict.ARM64Models), ","); !slices.Equal(dirs, sorted(want)) {
		t.Errorf("the default models wrote %v, want %v", dirs, want)
	}
	if code, text = runCLI(t, "predict", "-binary", exe, "-mcpu", "skylake", "-o", out2); code != 2 {
		t.Errorf("an x86-64 model for an arm64 binary: exit %d\n%s", code, text)
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
