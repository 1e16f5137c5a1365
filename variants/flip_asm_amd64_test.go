//go:build amd64 && !purego

package variants

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A batch form runs on the CPUs its variant runs on: its features are
// among the variant's Requires.
func TestBatchRequiresCovered(t *testing.T) {
	check := func(k string, infos []Info) {
		for _, v := range infos {
			for _, fn := range v.Asm {
				for _, f := range asmISA[fn+"Batch"] {
					if !slices.Contains(v.Requires, f) {
						t.Errorf("%s/%s: %sBatch needs %s, not in Requires %v", k, v.Name, fn, f, v.Requires)
					}
				}
			}
		}
	}
	check("flip", Flip.Infos())
	check("moves", Moves.Infos())
}

// avo picks an instruction's form (VEX or EVEX) before it allocates
// registers: a function that avo says needs no AVX-512 must not use the
// registers only EVEX encodes (X16-X31, Y16-Y31, ZMM, K), or the
// assembler would emit AVX-512 behind Requires' back.
func TestNoEVEXRegistersWithoutAVX512(t *testing.T) {
	high := regexp.MustCompile(`\b([XY](1[6-9]|2[0-9]|3[01])|Z[0-9]+|K[1-7])\b`)
	for _, file := range []string{"flip_amd64.s", "moves_amd64.s", "perft_amd64.s"} {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		var fn string
		for sc.Scan() {
			line := sc.Text()
			if s, ok := strings.CutPrefix(line, "TEXT ·"); ok {
				fn, _, _ = strings.Cut(s, "(")
				continue
			}
			if fn == "" || slices.Contains(asmISA[fn], AVX512F) || strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if r := high.FindString(line); r != "" {
				t.Errorf("%s: %s uses %s without AVX-512: %s", file, fn, r, strings.TrimSpace(line))
			}
		}
		f.Close()
	}
}
