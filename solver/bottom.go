package solver

import (
	"fmt"

	"github.com/flipbench/flipbench/variants"
)

// The bottom of the search is the shallow search from 6 to 5 empties (up
// to 8 with a larger hashMin) and the leaf below it, where most nodes
// are: the kernel variants.Bottom, whose variants all search the same
// nodes (the fingerprint does not change):
//
//   - asm: the generated assembly (variants.AsmBottom), one Go to
//     assembly crossing per subtree, the selection's assembly kernels
//     called through their entry points inside, or flip and moves inline
//     where the selection's are those of the inline bottom; asm-calls,
//     the same calling every kernel, beside the inline one;
//   - gosimd-avx2, gosimd-avx512: Go calling the simd/archsimd kernels of
//     variants/gosimd directly, so that the compiler inlines them
//     (GOEXPERIMENT=simd builds), with the flip they name: shallow.go's
//     and solve_4.go's search, which gosimd_gen.go writes again on them
//     (bottom_gosimd*.go);
//   - go: shallow.go and solve_4.go on the kernels bound from the
//     selection, called through func values.

//go:generate go run gosimd_gen.go

// bindBottom binds the bottom sel names.
func bindBottom(k *Kernels, sel variants.Selection) error {
	switch name := sel.Name(variants.Bottom); name {
	case variants.BottomAsm, variants.BottomAsmCalls:
		b, err := variants.NewAsmBottom(sel)
		if err != nil {
			return err
		}
		if name == variants.BottomAsmCalls {
			b = b.Calls()
		}
		k.Bottom = b
	case variants.BottomGoSIMDAVX2, variants.BottomGoSIMDAVX512:
		if !goSIMDBuilt {
			return fmt.Errorf("the gosimd bottom is not in this build")
		}
		k.goSIMD, k.goSIMDFlip512 = true, name == variants.BottomGoSIMDAVX512
	case variants.BottomGo:
	default:
		return fmt.Errorf("the solver has no bottom %q", name)
	}
	return nil
}
