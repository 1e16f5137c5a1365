//go:build !purego

package variants

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// bucket is the first byte of code's bucket, bounds-checked (the table
// has Ways-1 entries past the mask).
func bucket(t *kernels.HashTable, code uint64) *byte {
	return (*byte)(unsafe.Pointer(&t.Entries[code&t.Mask]))
}

// hashPrefetch prefetches the bucket's first and last entry.
func hashPrefetch(t *kernels.HashTable, code uint64) { hashPrefetchT0(bucket(t, code)) }

// hashPrefetchLines is hashPrefetch on every line of the bucket.
func hashPrefetchLines(t *kernels.HashTable, code uint64) { hashPrefetchT0Lines(bucket(t, code)) }

func init() {
	HashPrefetch.Register(Info{Name: "prefetcht0", Rank: 10, Uses: []any{hashPrefetchT0},
		Note: "PREFETCHT0 of the bucket's first and last entry (Edax hash_prefetch)"}, hashPrefetch)
	HashPrefetch.Register(Info{Name: "prefetcht0-lines", Rank: 11, Uses: []any{hashPrefetchT0Lines},
		Note: "PREFETCHT0 at bytes 0, 64 and 95 of the bucket: every line of a 96-byte bucket wherever it starts"}, hashPrefetchLines)
}
