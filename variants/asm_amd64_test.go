//go:build amd64 && !purego

package variants

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every generated assembly function serves a registered variant (as its
// function, its batch form or a function its Go wrapper uses) or a perft
// tail: nothing is generated for nothing, and each one's features reach a
// variant's Requires, the solver's bottom or the call floors.
func TestEveryAsmFunctionUsed(t *testing.T) {
	used := map[uintptr]bool{}
	for _, k := range Kernels() {
		for _, v := range k.Infos() {
			for _, fn := range v.Uses {
				used[funcPC(fn)] = true
			}
		}
	}
	for _, k := range Kernels() {
		for _, fn := range k.funcs() {
			used[funcPC(fn)] = true
		}
	}
	for _, tail := range PerftTails() {
		used[funcPC(tail.Fn)] = true
	}
	used[funcPC(bottomAsm)], used[funcPC(bottomAsmInlineAVX512)] = true, true        // the solver's bottoms (Bottom)
	for _, fn := range []any{emptyFlip, emptyFlipEntry, flipFromAsm, boardFromAsm} { // the call floors (CallFloors), the from-asm forms
		used[funcPC(fn)] = true
	}
	for pc, req := range asmISA {
		if !used[pc] {
			t.Errorf("a generated function (features %v) is used by no variant", req)
		}
	}
	if len(asmISA) == 0 {
		t.Fatal("no generated function registered its features")
	}
}

// avo picks an instruction's form (VEX or EVEX) before it allocates
// registers: a function that avo says needs no AVX-512 must not use the
// registers only EVEX encodes (X16-X31, Y16-Y31, ZMM, K), or the
// assembler would emit AVX-512 behind Requires' back.
func TestNoEVEXRegistersWithoutAVX512(t *testing.T) {
	high := regexp.MustCompile(`\b([XY](1[6-9]|2[0-9]|3[01])|Z[0-9]+|K[1-7])\b`)
	files, err := filepath.Glob("*_amd64.s")
	if err != nil || len(files) == 0 {
		t.Fatal("no generated assembly here", err)
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		var fn, req string
		var avx512 bool
		for sc.Scan() {
			line := sc.Text()
			if r, ok := strings.CutPrefix(line, "// Requires: "); ok {
				req = r
				continue
			}
			if s, ok := strings.CutPrefix(line, "TEXT ·"); ok {
				fn, _, _ = strings.Cut(s, "(")
				avx512, req = strings.Contains(req, "AVX512"), ""
				continue
			}
			if fn == "" || avx512 || strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if r := high.FindString(line); r != "" {
				t.Errorf("%s: %s uses %s without AVX-512: %s", file, fn, r, strings.TrimSpace(line))
			}
		}
		f.Close()
	}
}
