//go:build !purego

package variants

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// Tables of the bottom (gen/bottom), read as ·name(SB).
var (
	// quadrantID is kernels.QuadrantID: a child's parity is its parent's
	// with the move's quadrant bit flipped.
	quadrantID = kernels.QuadrantID
	// bottomLow[i]: the bytes below byte i of a packed list (RemoveByte).
	bottomLow = [8]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff}
)

// The assembly bottoms: generated code calling the selection's assembly
// kernels, entered once per subtree.
func init() {
	Bottom.RegisterComposed(Info{Name: BottomAsm, Rank: 20, Uses: []any{bottomAsm},
		Note: "gen/bottom: assembly calling the selection's assembly kernels (flip and moves inline where they are avx512-lzcnt and avx512), the local table's searches from 10 empties"},
		Composition{Needs: asmNeeds(false)})
	Bottom.RegisterComposed(Info{Name: BottomAsmCalls, Rank: 19, Uses: []any{bottomAsm},
		Note: "asm calling every kernel, where asm is the inline one: what whole solves per flip or moves variant run on"},
		Composition{Needs: asmNeeds(true)})
}

func bottomRuns(cpu CPUInfo) bool { return len(cpu.Missing(asmFeatures(bottomAsm))) == 0 }

// The flip and moves variants bottomAsmInlineAVX512 emits inline (gen/bottom
// emits them with the generators of these two).
const inlineFlip, inlineMoves = "avx512-lzcnt", "avx512"

// inlineBottom reports whether s's bottom is the inline one: s has its
// flip and moves, and s's CPU runs it.
func inlineBottom(s Selection) bool {
	return s.Name(Flip) == inlineFlip && s.Name(Moves) == inlineMoves &&
		len(s.CPU().Missing(asmFeatures(bottomAsmInlineAVX512))) == 0
}

// The assembly reads a local table as 3 words an entry.
var _ [24]byte = [unsafe.Sizeof(LocalEntry{})]byte{}

// Search searches (P, O), with ShallowMin to ShallowMax empties, at the
// null window (alpha, alpha+1) and returns the score and the nodes
// searched, as the solver's shallow search does.
func (b *AsmBottom) Search(P, O uint64, alpha int) (int, uint64) {
	if b.inline {
		return bottomAsmInlineAVX512(P, O, alpha, &b.entries, nil)
	}
	return bottomAsm(P, O, alpha, &b.entries, nil)
}

// SearchLocal searches (P, O), with LocalMin to BottomLocalMax empties,
// at the null window (alpha, alpha+1) on the local table t, and returns
// the score and the nodes searched, as the solver's nwsLocal does in an
// exact search (no ProbCut below it). Only where Local.
func (b *AsmBottom) SearchLocal(P, O uint64, alpha int, t *LocalTable) (int, uint64) {
	l := (*[3 << LocalBits]uint64)(unsafe.Pointer(t))
	if b.inline {
		return bottomAsmInlineAVX512(P, O, alpha, &b.entries, l)
	}
	return bottomAsm(P, O, alpha, &b.entries, l)
}
