package predict_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/arch/arm64/arm64asm"

	"github.com/flipbench/flipbench/harness/predict"
	"github.com/flipbench/flipbench/variants"
)

var (
	arm64Once sync.Once
	arm64Dir  string // removed by TestMain
	arm64Exe  string
	arm64Err  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if arm64Dir != "" {
		os.RemoveAll(arm64Dir)
	}
	os.Exit(code)
}

// goCommand is the go command, or the test is skipped.
func goCommand(t *testing.T) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build with:", err)
	}
	return goCmd
}

// arm64Binary is an arm64 build of flipbench (GOARCH=arm64 go build
// ./cmd/flipbench, with its ELF symbols), built once per test process.
func arm64Binary(t *testing.T) *predict.Binary {
	t.Helper()
	goCmd := goCommand(t)
	arm64Once.Do(func() {
		if arm64Dir, arm64Err = os.MkdirTemp("", "predict-arm64-"); arm64Err != nil {
			return
		}
		arm64Exe = filepath.Join(arm64Dir, "flipbench")
		cmd := exec.Command(goCmd, "build", "-o", arm64Exe, "github.com/flipbench/flipbench/cmd/flipbench")
		cmd.Env = append(os.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			arm64Err = &buildError{err, out}
		}
	})
	if arm64Err != nil {
		t.Fatal(arm64Err)
	}
	b, err := predict.OpenBinary(arm64Exe)
	if err != nil {
		t.Fatal(err)
	}
	if b.Arch != "arm64" {
		t.Fatalf("%s: arch %s", arm64Exe, b.Arch)
	}
	return b
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string {
	return "GOARCH=arm64 go build: " + e.err.Error() + "\n" + string(e.out)
}

// needEmulator skips the test, or fails it where FLIPBENCH_LLVM_REQUIRED
// is set, when an arm64 executable cannot run here: LoadBuild runs it
// under qemu-aarch64 on another architecture.
func needEmulator(t *testing.T) {
	t.Helper()
	if runtime.GOARCH == "arm64" {
		return
	}
	if _, err := exec.LookPath(predict.Emulators["arm64"]); err != nil {
		if os.Getenv("FLIPBENCH_LLVM_REQUIRED") != "" {
			t.Fatalf("%s is not on the PATH (%s): the arm64 build's variants are read by running it", predict.Emulators["arm64"], predict.EmulatorHint)
		}
		t.Skipf("%s is not on the PATH (%s)", predict.Emulators["arm64"], predict.EmulatorHint)
	}
}

// objdumpFuncs disassembles the functions of an executable whose
// symbols match re with go tool objdump, by symbol, with their source
// files.
func objdumpFuncs(t *testing.T, goCmd, exe, re string) (map[string][]objdumpInst, map[string]string) {
	t.Helper()
	out, err := exec.Command(goCmd, "tool", "objdump", "-s", re, exe).Output()
	if err != nil {
		t.Fatalf("go tool objdump: %v", err)
	}
	insts, files := map[string][]objdumpInst{}, map[string]string{}
	sym := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "TEXT "); ok {
			name, file, _ := strings.Cut(rest, "(SB) ")
			sym, files[name] = name, file
			continue
		}
		var f []string
		for _, s := range strings.Split(line, "\t") {
			if s = strings.TrimSpace(s); s != "" {
				f = append(f, s)
			}
		}
		if sym == "" || len(f) < 4 || !strings.HasPrefix(f[1], "0x") {
			continue
		}
		addr, err1 := strconv.ParseUint(f[1], 0, 64)
		word, err2 := hex.DecodeString(f[2]) // the word, most significant byte first
		if err1 != nil || err2 != nil || len(word) != 4 {
			t.Fatalf("go tool objdump line %q", line)
		}
		slices.Reverse(word)
		insts[sym] = append(insts[sym], objdumpInst{addr, word, f[3]})
	}
	return insts, files
}

// codeReader reads a function's code at its addresses, for arm64asm's
// rendering of PC-relative loads (as go tool objdump's).
type codeReader struct{ f predict.Func }

func (r codeReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || uint64(off) < r.f.Addr || uint64(off)-r.f.Addr >= uint64(len(r.f.Code)) {
		return 0, io.EOF
	}
	n := copy(p, r.f.Code[uint64(off)-r.f.Addr:])
	if n < len(p) {
		return n, io.ErrUnexpectedEOF
	}
	return n, nil
}

// The arm64 build's code as predict decodes it is go tool objdump's
// (whose arm64 decoder is arm64asm too): every assembly function of the
// variants' *_arm64.s files, word for word, the same addresses, bytes
// and operations; every word LLVM takes for another operation than
// arm64asm, or that arm64asm cannot decode, is one go tool objdump
// cannot decode either (SVE, which arm64asm v0.33.0 lacks, and the
// padding after the function's end, UDF #0 to LLVM). go tool objdump
// needs the ELF symbols, which go build keeps.
func TestDecodeARM64MatchesObjdump(t *testing.T) {
	tool := testTool(t)
	b := arm64Binary(t)
	goCmd := goCommand(t)
	want, files := objdumpFuncs(t, goCmd, arm64Exe, `flipbench/variants\.[A-Za-z0-9_]+\.abi0$`)
	_, symname := elfSymbols(t, arm64Exe)
	var names []string
	var fns []predict.Func
	for name, insts := range want {
		if !strings.HasSuffix(files[name], "_arm64.s") {
			continue
		}
		f, ok := b.FuncAt(insts[0].addr)
		if !ok || f.Addr != insts[0].addr || f.Name+predict.ABI0Suffix != name {
			t.Fatalf("%s (at %#x) is no function of the function table", name, insts[0].addr)
		}
		names = append(names, name)
		fns = append(fns, f)
	}
	if len(fns) < 10 {
		t.Fatalf("%d assembly functions from *_arm64.s files in %s: %v", len(fns), arm64Exe, names)
	}
	ls, err := predict.Decode(context.Background(), tool, fns)
	if err != nil {
		t.Fatal(err)
	}
	llvmOnly := map[string]int{}
	for i, l := range ls {
		name := shortSym(names[i])
		w := want[names[i]]
		if len(l.Insts) != len(w) {
			t.Errorf("%s: %d instructions decoded, go tool objdump has %d", name, len(l.Insts), len(w))
			continue
		}
		ret := false
		for j, in := range l.Insts {
			o := w[j]
			if in.Addr != o.addr || !bytes.Equal(in.Bytes, o.code) {
				t.Errorf("%s: decoded %#x % x, go tool objdump %#x % x", name, in.Addr, in.Bytes, o.addr, o.code)
				continue
			}
			switch in.Path {
			case predict.PathARM64asm:
				if got := arm64asm.GoSyntax(in.ARM, in.Addr, symname, codeReader{l.Func}); got != o.text {
					t.Errorf("%s+%#x: decoded %q (LLVM: %s), go tool objdump %q", name, l.Offset(in), got, in.Text, o.text)
				}
			case predict.PathLLVM:
				llvmOnly[in.Mnemonic()]++
				if o.text != "?" {
					t.Errorf("%s+%#x: LLVM's alone (%s: %s), go tool objdump decodes %q", name, l.Offset(in), in.Text, in.Why, o.text)
				}
			default:
				t.Errorf("%s+%#x: path %s", name, l.Offset(in), in.Path)
			}
			ret = ret || in.Flow == predict.FlowReturn
		}
		if !ret {
			t.Errorf("%s: no return decoded", name)
		}
	}
	t.Logf("%d functions; decoded by LLVM alone: %v", len(fns), llvmOnly)
}

// shortSym drops the module path from a symbol.
func shortSym(s string) string { return strings.TrimPrefix(s, "github.com/flipbench/flipbench/") }

var (
	arm64RunOnce  sync.Once
	arm64Preds    []*predict.Prediction
	arm64BuildReg *predict.Build
	arm64RunErr   error
)

// fakeSVE2 is a variant no build registers, added to the arm64 build's
// for the run: flip's arm64-bitscan code under another name, requiring
// SVE2, so that which models predict it shows the features filter at
// work whatever the build registers.
const fakeSVE2 = "test-needs-sve2"

// arm64Predictions runs predict once on the arm64 build, its variants
// read from it (under qemu-aarch64 here), for flip, moves and
// count_last_flip on every aarch64 model.
func arm64Predictions(t *testing.T) ([]*predict.Prediction, *predict.Build) {
	t.Helper()
	tool := testTool(t)
	needEmulator(t)
	b := arm64Binary(t)
	arm64RunOnce.Do(func() {
		ctx := context.Background()
		build, err := predict.LoadBuild(ctx, b, "predict", "-manifest")
		if err != nil {
			arm64RunErr = err
			return
		}
		for _, v := range build.Variants {
			if v.Kernel == "flip" && v.Name == "arm64-bitscan" {
				v.Name, v.Requires = fakeSVE2, []variants.Feature{variants.SVE2}
				build.Variants = append(build.Variants, v)
				break
			}
		}
		arm64BuildReg = build
		arm64Preds, arm64RunErr = predict.Run(ctx, predict.Options{Binary: b, Build: build, Tool: tool,
			Kernels: []string{"flip", "moves", "count_last_flip"}, Models: predict.ARM64Models, Parallel: 2})
	})
	if arm64RunErr != nil {
		t.Fatal(arm64RunErr)
	}
	return arm64Preds, arm64BuildReg
}

// An arm64 build's assembly variants of flip, moves and count_last_flip
// get figures on every aarch64 model: their ABI0 code through the
// wrapper Go code holds, every instruction decoded by arm64asm and
// scheduled by the model.
func TestPredictARM64(t *testing.T) {
	preds, build := arm64Predictions(t)
	if build.Arch != "arm64" || build.Commit == "" || !strings.HasPrefix(build.Go, "go") {
		t.Errorf("the build says arch %q, commit %q, go %q", build.Arch, build.Commit, build.Go)
	}
	if len(predict.ARM64Models) < 4 {
		t.Fatalf("%d aarch64 models", len(predict.ARM64Models))
	}
	for _, m := range predict.ARM64Models {
		for _, kv := range [][2]string{
			{"flip", "arm64-bitscan"}, {"flip", "arm64-fill"}, {"flip", "neon-fill"},
			{"moves", "arm64-shift"}, {"moves", "neon-rbit"},
			{"count_last_flip", "arm64-bitscan-cnt"}, {"count_last_flip", "neon-fill-cnt"},
		} {
			p := find(t, preds, m.MCPU, kv[0], kv[1], predict.FormCall)
			if p == nil {
				t.Errorf("%s %s %s: no prediction", m.MCPU, kv[0], kv[1])
				continue
			}
			if !p.HasFigure() || !(p.CyclesPerOp > 1 && p.CyclesPerOp < 500) {
				t.Errorf("%s %s %s: %v cycles (%s)", m.MCPU, kv[0], kv[1], p.CyclesPerOp, p.Why)
			}
			if p.Kind != variants.KindAsm || !strings.HasSuffix(p.Symbol, predict.ABI0Suffix) || p.Via == "" ||
				p.ARM64asm != p.Insts || p.LLVM != 0 || p.ArgLoads != 0 || p.PerPass != 1 {
				t.Errorf("%s %s %s: %s %s, %s, %d instructions", m.MCPU, kv[0], kv[1], p.Kind, p.Code(), p.Decoded(), p.Insts)
			}
		}
		// a Go variant: the arm64 argument registers loaded first
		if p := find(t, preds, m.MCPU, "flip", "kindergarten", predict.FormCall); p == nil || !p.HasFigure() || p.ArgLoads != 3 ||
			p.Region.Insts[0].Text != "ldr x0, [sp, #8]" {
			t.Errorf("%s flip kindergarten: %+v", m.MCPU, p)
		}
		for _, p := range preds {
			if p.Model.MCPU == m.MCPU && strings.Contains(p.Why, "no scheduling data") {
				t.Errorf("%s %s %s %s: %s", p.Model.MCPU, p.Kernel, p.Variant, p.Form, p.Why)
			}
		}
	}
	// the files say which triple
	pr := predict.AsPredicted(preds[:1], "19.1.7")[0]
	if pr.Triple != "aarch64" {
		t.Errorf("triple %q", pr.Triple)
	}
}

// A variant is predicted on exactly the aarch64 models whose CPU has
// every feature it requires: no SVE variant on Neoverse N1 or AmpereOne,
// each on the SVE cores; the SVE2 one (fakeSVE2) on N2 and V2 alone.
func TestPredictARM64Features(t *testing.T) {
	preds, build := arm64Predictions(t)
	type key struct{ mcpu, kernel, variant string }
	got := map[key]bool{}
	for _, p := range preds {
		got[key{p.Model.MCPU, p.Kernel, p.Variant}] = true
	}
	sveVariants := 0
	for _, v := range build.Variants {
		if !slices.Contains([]string{"flip", "moves", "count_last_flip"}, v.Kernel) {
			continue
		}
		if slices.Contains(v.Requires, variants.SVE) || slices.Contains(v.Requires, variants.SVE2) {
			sveVariants++
		}
		for _, m := range predict.ARM64Models {
			if runs := len(m.CPU.Missing(v.Requires)) == 0; got[key{m.MCPU, v.Kernel, v.Name}] != runs {
				t.Errorf("%s %s (requires %s) on %s (has %s): predicted %v", v.Kernel, v.Name, variants.FeatureNames(v.Requires),
					m.MCPU, variants.FeatureNames(m.CPU.FeatureList()), got[key{m.MCPU, v.Kernel, v.Name}])
			}
		}
	}
	for _, mcpu := range []string{"neoverse-n1", "ampere1"} {
		for _, p := range preds {
			if p.Model.MCPU == mcpu && (p.Variant == fakeSVE2 || strings.HasPrefix(p.Variant, "sve")) {
				t.Errorf("%s, which has no SVE, got a prediction of %s %s", mcpu, p.Kernel, p.Variant)
			}
		}
	}
	for _, mcpu := range []string{"neoverse-n2", "neoverse-v2"} {
		if find(t, preds, mcpu, "flip", fakeSVE2, predict.FormCall) == nil {
			t.Errorf("%s, which has SVE2, has no prediction of %s", mcpu, fakeSVE2)
		}
	}
	if sveVariants < 2 {
		t.Errorf("%d SVE variants of flip, moves and count_last_flip in the build, with the fake one", sveVariants)
	}
}

// Every aarch64 model's features agree with LLVM's processor of that
// name: llvm-mca -mcpu=<model> accepts an instruction of each feature
// the model's CPU has, and refuses one of each it lacks.
func TestARM64ModelsAgreeWithLLVM(t *testing.T) {
	tool := testTool(t)
	inst := map[variants.Feature]string{
		variants.ASIMD: "cnt v0.8b, v1.8b",
		variants.CRC32: "crc32cx w0, w0, x1",
		variants.SVE:   "add z0.d, z1.d, z2.d",
		variants.SVE2:  "eor3 z0.d, z0.d, z1.d, z2.d",
	}
	for _, m := range predict.ARM64Models {
		if m.Arch() != "arm64" || m.MTriple() != "aarch64" || m.Flags() != "-mtriple=aarch64 -mcpu="+m.MCPU {
			t.Errorf("%s: arch %s, flags %q", m.MCPU, m.Arch(), m.Flags())
		}
		for _, f := range variants.ARM64Features {
			cmd := exec.Command(tool.MCA, "-mtriple=aarch64", "-mcpu="+m.MCPU, "-iterations=1")
			cmd.Stdin = strings.NewReader(inst[f] + "\n")
			out, err := cmd.CombinedOutput()
			if accepted := err == nil; accepted != m.CPU.Has[f] {
				t.Errorf("%s: has %s %v, llvm-mca accepts %q: %v\n%s", m.MCPU, f, m.CPU.Has[f], inst[f], accepted, out)
			}
		}
		if m.CPU.Has[variants.SVE] != (m.CPU.SVEBits > 0) {
			t.Errorf("%s: SVE %v, %d-bit vectors", m.MCPU, m.CPU.Has[variants.SVE], m.CPU.SVEBits)
		}
	}
}

// An aarch64 model's predictions name the triple on their predicted line
// and arm64asm on their decoded line, and read back as that model's.
func TestWriteReadARM64(t *testing.T) {
	m, err := predict.ModelByName("neoverse-v2")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p := &predict.Prediction{Model: m, Kernel: "flip", Variant: "arm64-bitscan", Kind: "asm", Form: "call", Symbol: "variants.flipBitscan.abi0",
		Via: "variants.flipBitscan", End: 0x168, Insts: 90, ARM64asm: 90, PerPass: 1, CyclesPerOp: 12.5}
	files, err := predict.WriteDir(dir, []*predict.Prediction{p}, meta)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(files[0])
	for _, want := range []string{"predicted: llvm-mca 19.1.7 -mtriple=aarch64 -mcpu=neoverse-v2\n", "decoded: arm64asm 90, llvm 0, argument loads 0\n",
		"BenchmarkKernel/kernel=flip/variant=arm64-bitscan/form=call 1 12.5 cycles/op 90 instructions/op 0 branches/op\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("%s lacks %q:\n%s", files[0], want, data)
		}
	}
	got, err := predict.Read(os.DirFS(dir), "predicted/")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].MCPU != "neoverse-v2" || got[0].Triple != "aarch64" || got[0].LLVM != "19.1.7" || got[0].Cycles != 12.5 {
		t.Errorf("read %+v", got[0])
	}
	for _, bad := range []string{"llvm-mca 19.1.7 -mtriple=aarch64", "llvm-mca 19.1.7 -mcpu=a -mtriple=aarch64", "llvm-mca -mcpu=x", "gcc 14 -mcpu=x"} {
		writeFile(t, filepath.Join(dir, "x", "flip.txt"), "predicted: "+bad+"\nBenchmarkKernel/kernel=flip/variant=a/form=call 1 2 cycles/op\n")
		if _, err := predict.Read(os.DirFS(dir), "p/"); err == nil || !strings.Contains(err.Error(), "not a prediction") {
			t.Errorf("predicted line %q: %v", bad, err)
		}
	}
}
