//go:build purego || !amd64

package variants

func bottomRuns(CPUInfo) bool { return false }

func inlineBottom(Selection) bool { return false }

// Search is never called: NewBottom returns no bottom in this build.
func (b *Bottom) Search(P, O uint64, alpha int) (int, uint64) {
	panic("variants: no assembly bottom in this build")
}

// SearchLocal is never called: NewBottom returns no bottom in this build.
func (b *Bottom) SearchLocal(P, O uint64, alpha int, t *LocalTable) (int, uint64) {
	panic("variants: no assembly bottom in this build")
}
