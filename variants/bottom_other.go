//go:build purego || !amd64

package variants

func bottomRuns(CPUInfo) bool { return false }

func inlineBottom(Selection) bool { return false }

// Search is never called: no assembly bottom is registered in this build.
func (b *AsmBottom) Search(P, O uint64, alpha int) (int, uint64) {
	panic("variants: no assembly bottom in this build")
}

// SearchLocal is never called: no assembly bottom is registered in this build.
func (b *AsmBottom) SearchLocal(P, O uint64, alpha int, t *LocalTable) (int, uint64) {
	panic("variants: no assembly bottom in this build")
}
