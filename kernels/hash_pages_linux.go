package kernels

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePages asks the kernel to back a large table with 2 MiB pages (where
// transparent huge pages are enabled, even in madvise mode): a probe of a
// random bucket otherwise misses the TLB as well as the cache. Called
// before the first write, so that the pages are faulted in huge. Best
// effort: an error leaves the table on small pages.
func hugePages(e []HashEntry) {
	const huge = 2 << 20
	size := uintptr(len(e)) * unsafe.Sizeof(HashEntry{})
	if size < 4*huge {
		return
	}
	p := unsafe.Pointer(unsafe.SliceData(e))
	start := uintptr(p)
	lo, hi := (start+huge-1)&^(huge-1), (start+size)&^(huge-1)
	if hi <= lo {
		return
	}
	_ = unix.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, lo-start)), hi-lo), unix.MADV_HUGEPAGE)
}
