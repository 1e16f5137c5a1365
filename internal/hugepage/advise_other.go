//go:build !linux

package hugepage

// advise: only Linux is asked for huge pages.
func advise([]byte) {}
