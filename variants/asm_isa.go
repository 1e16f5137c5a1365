package variants

import (
	"bufio"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// isaFeature maps avo's ISA names (its "// Requires:" lines) to features.
var isaFeature = map[string]Feature{
	"SSE2": SSE2, "SSSE3": SSSE3, "SSE4.1": SSE41, "SSE4.2": SSE42, "POPCNT": POPCNT,
	"CMOV": CMOV, "AVX": AVX, "AVX2": AVX2, "BMI": BMI1, "BMI2": BMI2, "LZCNT": LZCNT,
	"AVX512F": AVX512F, "AVX512CD": AVX512CD, "AVX512BW": AVX512BW, "AVX512DQ": AVX512DQ,
	"AVX512VL": AVX512VL, "AVX512VPOPCNTDQ": AVX512VPOPCNTDQ, "GFNI": GFNI,
	"MMX+": SSE2, // avo's name for SFENCE and PREFETCHh: in every SSE2 CPU
}

// asmISA maps each generated assembly function to its features, read from
// the "// Requires:" comment avo writes above its TEXT line.
// It is a variable initialiser, so it is ready before any init registers.
var asmISA = loadAsmISA()

// parseRequires reads the generated assembly files of fsys.
func parseRequires(fsys fs.FS) (map[string][]Feature, error) {
	out := map[string][]Feature{}
	files, err := fs.Glob(fsys, "*_amd64.s")
	if err != nil {
		return nil, err
	}
	for _, name := range files {
		f, err := fsys.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		var req []Feature
		for sc.Scan() {
			line := sc.Text()
			if r, ok := strings.CutPrefix(line, "// Requires: "); ok {
				req = nil
				for _, isa := range strings.Split(r, ",") {
					feat, ok := isaFeature[strings.TrimSpace(isa)]
					if !ok {
						f.Close()
						return nil, fmt.Errorf("%s: unknown ISA %q in %q", name, isa, line)
					}
					req = append(req, feat)
				}
				continue
			}
			if t, ok := strings.CutPrefix(line, "TEXT ·"); ok {
				fn, _, _ := strings.Cut(t, "(")
				out[fn] = req
				req = nil
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// withAsmRequires adds the features of the named assembly functions.
func withAsmRequires(req []Feature, asm []string) []Feature {
	out := slices.Clone(req)
	for _, fn := range asm {
		isa, ok := asmISA[fn]
		if !ok {
			panic("variants: no generated assembly function " + fn)
		}
		for _, f := range isa {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// asmHelpers are assembly functions that no variant registers directly
// (batch forms, leaf helpers called from other assembly); generators list
// them here as they add them.
var asmHelpers = map[string]bool{}
