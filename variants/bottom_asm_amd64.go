//go:build !purego

package variants

import "github.com/flipbench/flipbench/kernels"

// Tables of the bottom (gen/bottom), read as ·name(SB).
var (
	// quadrantID is kernels.QuadrantID: a child's parity is its parent's
	// with the move's quadrant bit flipped.
	quadrantID = kernels.QuadrantID
	// bottomLow[i]: the bytes below byte i of a packed list (RemoveByte).
	bottomLow = [8]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff}
)

func bottomRuns(cpu CPUInfo) bool { return len(cpu.Missing(asmFeatures(shallowAsm))) == 0 }

// Search searches (P, O), with 5 to 7 empties, at the null window
// (alpha, alpha+1) and returns the score and the nodes searched, as the
// solver's shallow search does.
func (b *Bottom) Search(P, O uint64, alpha int) (int, uint64) {
	return shallowAsm(P, O, alpha, &b.entries)
}
