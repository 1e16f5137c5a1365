//go:build !linux

package kernels

// hugePages: only Linux is asked for huge pages.
func hugePages([]HashEntry) {}
