// Package hugepage puts large tables that are read at random on 2 MiB
// pages, where Linux has transparent huge pages (even in madvise mode):
// on 4 KiB pages nearly every random read of a table of megabytes misses
// the TLB as well as the cache, and under a hypervisor each miss walks
// two page tables.
package hugepage

import "unsafe"

// Size is the huge page size asked for.
const Size = 2 << 20

// Alloc returns n zeroed bytes for a table, on huge pages where the system
// gives them: from 4 huge pages up, the block starts on a huge page
// boundary and is advised before anything touches it (pages are made
// huge when they are first faulted in).
func Alloc(n int) []byte {
	if n < 4*Size {
		return make([]byte, n)
	}
	b := make([]byte, n+Size)
	off := -int(uintptr(unsafe.Pointer(unsafe.SliceData(b)))) & (Size - 1)
	b = b[off : off+n : off+n]
	Advise(b)
	return b
}

// Advise asks for huge pages under the whole huge pages inside b. Best
// effort: where it fails, or below 4 huge pages, b stays on small pages.
func Advise(b []byte) {
	if len(b) < 4*Size {
		return
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := (start+Size-1)&^(Size-1), (start+uintptr(len(b)))&^(Size-1)
	if hi <= lo {
		return
	}
	advise(b[lo-start : hi-start])
}

// Bytes is the memory of a slice of any element type, for Advise.
func Bytes[T any](s []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(z))
}
