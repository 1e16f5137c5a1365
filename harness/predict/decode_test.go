package predict_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"debug/elf"
	"encoding/hex"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"github.com/flipbench/flipbench/harness/predict"
)

// objdumpInst is one line of go tool objdump.
type objdumpInst struct {
	addr uint64
	code []byte
	text string
}

// objdump disassembles one function of an executable with go tool
// objdump (the Go toolchain's own disassembler).
func objdump(t *testing.T, goCmd, exe, sym string) []objdumpInst {
	t.Helper()
	out, err := exec.Command(goCmd, "tool", "objdump", "-s", "^"+strings.ReplaceAll(sym, ".", `\.`)+"$", exe).Output()
	if err != nil {
		t.Fatalf("go tool objdump: %v", err)
	}
	var insts []objdumpInst
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var f []string
		for _, s := range strings.Split(sc.Text(), "\t") {
			if s = strings.TrimSpace(s); s != "" {
				f = append(f, s)
			}
		}
		if len(f) < 4 || !strings.HasPrefix(f[1], "0x") {
			continue
		}
		addr, err1 := strconv.ParseUint(f[1], 0, 64)
		code, err2 := hex.DecodeString(f[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("go tool objdump line %q", sc.Text())
		}
		insts = append(insts, objdumpInst{addr, code, f[3]})
	}
	if len(insts) == 0 {
		t.Fatalf("go tool objdump printed no instruction of %s", sym)
	}
	return insts
}

// elfSymbols are an executable's ELF symbols, by address, and a
// symbolizer naming addresses as go tool objdump does (the symbol holding
// them, any kind).
func elfSymbols(t *testing.T, exe string) (map[string]uint64, func(uint64) (string, uint64)) {
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]uint64{}
	for _, s := range syms {
		byName[s.Name] = s.Value
	}
	slices.SortFunc(syms, func(a, b elf.Symbol) int { return cmp.Compare(a.Value, b.Value) })
	return byName, func(addr uint64) (string, uint64) {
		i, _ := slices.BinarySearchFunc(syms, addr+1, func(s elf.Symbol, a uint64) int {
			if s.Value < a {
				return -1
			}
			return 1
		})
		if i > 0 && addr < syms[i-1].Value+max(syms[i-1].Size, 1) {
			return syms[i-1].Name, syms[i-1].Value
		}
		return "", 0
	}
}

// The instructions fed to llvm-mca for a function are go tool objdump's:
// the same addresses, bytes and operations, in the same order. go tool
// objdump needs the ELF symbol table, which go test strips from the test
// executable, so the test builds package variants' test executable with
// it (go test -c) and reads both from that file. The functions are SSE2
// and general-purpose code, which go tool objdump (the toolchain's older
// x86asm, without VEX or EVEX) decodes whole; and every one of their
// instructions took the x86asm path.
func TestDecodeMatchesObjdump(t *testing.T) {
	tool := testTool(t)
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build with and run go tool objdump:", err)
	}
	exe := filepath.Join(t.TempDir(), "variants.test")
	if out, err := exec.Command(goCmd, "test", "-c", "-o", exe, "github.com/flipbench/flipbench/variants").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	b, err := predict.OpenBinary(exe)
	if err != nil {
		t.Fatal(err)
	}
	addrs, symname := elfSymbols(t, exe)
	names := []string{"flipSSE2", "movesParallelPrefix", "countLastFlipPlain"}
	var fns []predict.Func
	for _, n := range names {
		f, ok := b.FuncAt(addrs[variantsSym(n)+predict.ABI0Suffix])
		if !ok || f.Addr != addrs[variantsSym(n)+predict.ABI0Suffix] {
			t.Fatalf("%s.abi0 (ELF symbol at %#x) is no function of the function table", n, addrs[variantsSym(n)+predict.ABI0Suffix])
		}
		fns = append(fns, f)
	}
	ls, err := predict.Decode(context.Background(), tool, fns)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range ls {
		want := objdump(t, goCmd, exe, variantsSym(names[i])+predict.ABI0Suffix)
		r := predict.CallPath(l, b)
		if !r.Straight() {
			t.Fatalf("%s: not a straight line: %s", names[i], r.Why())
		}
		// the function's padding after its RET is no instruction of it
		for len(want) > 0 && want[len(want)-1].text == "INT $0x3" {
			want = want[:len(want)-1]
		}
		if len(r.Insts) != len(want) {
			t.Fatalf("%s: %d instructions fed to llvm-mca, go tool objdump has %d", names[i], len(r.Insts), len(want))
		}
		for j, in := range r.Insts {
			w := want[j]
			if in.Path != predict.PathX86asm {
				t.Errorf("%s+%#x: path %s (%s)", names[i], in.Addr-l.Func.Addr, in.Path, in.Why)
			}
			if got := x86asm.GoSyntax(in.X86, in.Addr, symname); in.Addr != w.addr || !bytes.Equal(in.Bytes, w.code) || got != w.text {
				t.Errorf("%s: fed %#x % x %q (LLVM: %s), go tool objdump %#x % x %q", names[i], in.Addr, in.Bytes, got, in.Text, w.addr, w.code, w.text)
			}
		}
	}
}

// x86asm takes VZEROUPPER (c5 f8 77) for longer than it is, swallowing
// the next instruction's first bytes: LLVM's decoding replaces it, and
// the instructions after it are x86asm's again.
func TestDecodeVZEROUPPERFromLLVM(t *testing.T) {
	tool := testTool(t)
	l := decode(t, tool, "flipAVX2PPFill")[0]
	n := slices.IndexFunc(l.Insts, func(in *predict.Inst) bool { return in.Flow == predict.FlowReturn }) + 1
	vz, ret := l.Insts[n-2], l.Insts[n-1]
	if vz.Text != "vzeroupper" || vz.Path != predict.PathLLVM || !bytes.Equal(vz.Bytes, []byte{0xc5, 0xf8, 0x77}) ||
		!strings.Contains(vz.Why, "VZEROUPPER") {
		t.Errorf("VZEROUPPER: %q %s % x (%s)", vz.Text, vz.Path, vz.Bytes, vz.Why)
	}
	if ret.Path != predict.PathX86asm || ret.Flow != predict.FlowReturn {
		t.Errorf("the RET after it: %s, flow %v", ret.Path, ret.Flow)
	}
	for _, in := range l.Insts[:n-2] {
		if in.Path != predict.PathX86asm {
			t.Errorf("+%#x %s: %s (%s)", l.Offset(in), in.Text, in.Path, in.Why)
		}
	}
}

// A function changed by one instruction gets another prediction: a
// PADDQ of flipSSE2 replaced by a PMULUDQ (one opcode byte, so every
// other instruction keeps its place) is decoded as such, and skylake's
// model predicts more cycles.
func TestOneInstructionChangesPrediction(t *testing.T) {
	tool := testTool(t)
	b := testBinary(t)
	f := asmFunc(t, tool, b, "flipSSE2")
	changed := f
	changed.Name += "-changed"
	changed.Code = bytes.Clone(f.Code)
	at := bytes.Index(changed.Code, []byte{0x66, 0x0f, 0xd4}) // PADDQ xmm, xmm
	if at < 0 {
		t.Fatal("no PADDQ in flipSSE2")
	}
	changed.Code[at+2] = 0xf4 // PMULUDQ xmm, xmm
	ls, err := predict.Decode(context.Background(), tool, []predict.Func{f, changed})
	if err != nil {
		t.Fatal(err)
	}
	var regions []*predict.Region
	for _, l := range ls {
		regions = append(regions, predict.CallPath(l, b))
	}
	var diff []string
	for i := range regions[0].Insts {
		if a, c := regions[0].Insts[i].Text, regions[1].Insts[i].Text; a != c {
			diff = append(diff, a+" -> "+c)
		}
	}
	if len(diff) != 1 || !strings.HasPrefix(diff[0], "paddq") || !strings.Contains(diff[0], "-> pmuludq") {
		t.Fatalf("the instructions fed to llvm-mca differ in %v, want the one PADDQ made PMULUDQ", diff)
	}
	figs, err := tool.Analyse(context.Background(), "skylake", regions, predict.DefaultIterations)
	if err != nil {
		t.Fatal(err)
	}
	if !(figs[1].Cycles > figs[0].Cycles) {
		t.Errorf("cycles %.2f, changed %.2f: the change did not change the prediction", figs[0].Cycles, figs[1].Cycles)
	}
}

// Code that does not decode is an error naming the function: a function
// cut in the middle of its last instruction before the RET.
func TestDecodeTruncated(t *testing.T) {
	tool := testTool(t)
	f := asmFunc(t, tool, testBinary(t), "flipSSE2")
	ls, err := predict.Decode(context.Background(), tool, []predict.Func{f})
	if err != nil {
		t.Fatal(err)
	}
	l := ls[0]
	ret := slices.IndexFunc(l.Insts, func(in *predict.Inst) bool { return in.Flow == predict.FlowReturn })
	last := l.Insts[ret-1]
	if len(last.Bytes) < 3 {
		t.Fatalf("the instruction before the RET, %s, is too short to cut", last.Text)
	}
	cut := f
	cut.Code = f.Code[:l.Offset(last)+uint64(len(last.Bytes))-1]
	_, err = predict.Decode(context.Background(), tool, []predict.Func{cut})
	if err == nil || !strings.Contains(err.Error(), "flipSSE2") {
		t.Errorf("flipSSE2 cut in its %s: error %v", last.Text, err)
	}
}
