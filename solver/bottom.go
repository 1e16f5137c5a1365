package solver

import (
	"fmt"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// The bottom of the search is the shallow search from 6 to 5 empties (up
// to 8 with a larger hashMin) and
// the leaf below it, where most nodes are. Three are built, all searching
// the same nodes (the fingerprint does not change):
const (
	// BottomAsm is the generated assembly (variants.Bottom): one Go to
	// assembly crossing per subtree, the selection's assembly kernels
	// called through their entry points inside, or flip and moves inline
	// where the selection's are those of the inline bottom.
	BottomAsm = "asm"
	// BottomAsmCalls is the same assembly calling every kernel, offered
	// where asm is the inline bottom.
	BottomAsmCalls = "asm-calls"
	// BottomGoSIMD is bottom_gosimd.go: Go calling the archsimd kernels
	// of variants/gosimd directly, so that the compiler can inline them
	// (GOEXPERIMENT=simd builds, AVX2 CPUs).
	BottomGoSIMD = "gosimd"
	// BottomGo is shallow.go and leaf.go on the kernels bound from the
	// selection, called through func values.
	BottomGo = "go"
)

// The archsimd bottom's flips: the AVX-512 one where the CPU runs it.
const (
	goSIMDFlipAVX2   = "gosimd-avx2-ppfill"
	goSIMDFlipAVX512 = "gosimd-avx512-lzcnt"
)

// BottomNames are the bottoms in the order they are offered.
var BottomNames = []string{BottomAsm, BottomAsmCalls, BottomGoSIMD, BottomGo}

// Bottoms returns the bottoms a solver on sel can run in this build on
// sel's CPU, in BottomNames order; the default (Options.Bottom "") is
// the first of asm and go.
func Bottoms(sel variants.Selection) []string {
	k := Bind(sel)
	var out []string
	for _, b := range BottomNames {
		if k.bottomErr(b) == nil {
			out = append(out, b)
		}
	}
	return out
}

// bottomErr says why k cannot search on the bottom named, or nil.
func (k Kernels) bottomErr(name string) error {
	switch name {
	case BottomAsm:
		return k.asmErr
	case BottomAsmCalls:
		if k.asmErr != nil {
			return k.asmErr
		}
		if !k.asm.Inline() {
			return fmt.Errorf("the assembly bottom of %s=%s, %s=%s calls every kernel already (asm)",
				kernelNames[0], k.names[0], kernelNames[1], k.names[1])
		}
		return nil
	case BottomGoSIMD:
		return k.goSIMDErr
	case BottomGo:
		return nil
	}
	return fmt.Errorf("unknown bottom %q: want %s", name, strings.Join(BottomNames, ", "))
}

// withBottom returns k searching on the bottom named ("": as bound, the
// assembly where it can run, else Go) or says why it cannot.
func (k Kernels) withBottom(name string) (Kernels, error) {
	if name == "" {
		return k, nil
	}
	if err := k.bottomErr(name); err != nil {
		return k, fmt.Errorf("bottom %s: %w", name, err)
	}
	k.Bottom, k.goSIMD = nil, false
	switch name {
	case BottomAsm:
		k.Bottom = k.asm
	case BottomAsmCalls:
		k.Bottom = k.asm.Calls()
	case BottomGoSIMD:
		k.goSIMD = true
	}
	k.names[len(k.names)-1] = name
	if k.goSIMD {
		// the one kernel of the archsimd bottom chosen by the CPU
		flip := goSIMDFlipAVX2
		if k.goSIMDFlip512 {
			flip = goSIMDFlipAVX512
		}
		k.names[len(k.names)-1] += ":flip=" + flip
	}
	return k, nil
}

// asmBottom returns the assembly bottom on sel's kernels and leaf, or
// why there is none.
func asmBottom(sel variants.Selection, leaf variants.BottomLeaf) (*variants.Bottom, error) {
	if b, ok := variants.NewBottom(sel, leaf); ok {
		return b, nil
	}
	kern := []variants.KernelInfo{variants.Flip, variants.Moves, variants.StableEdgeCount, variants.Stability}
	switch leaf {
	case variants.LeafSolve4:
		kern = append(kern, variants.Solve4)
	case variants.LeafScore1:
		kern = append(kern, variants.Score1)
	default:
		kern = append(kern, variants.CountLastFlip)
	}
	var goCode []string
	for _, kn := range kern {
		if sel.Info(kn).Entry() == 0 {
			goCode = append(goCode, kn.Name()+"="+sel.Name(kn))
		}
	}
	if len(goCode) > 0 {
		return nil, fmt.Errorf("the assembly bottom calls every kernel through an assembly entry point, and %s %s Go code here (choose assembly variants; -tags purego builds have none)",
			strings.Join(goCode, ", "), map[bool]string{true: "is", false: "are"}[len(goCode) == 1])
	}
	return nil, fmt.Errorf("this CPU lacks what the assembly bottom's own code needs")
}
