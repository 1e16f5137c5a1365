//go:build goexperiment.simd && arm64 && go1.27

package gosimd

import "github.com/flipbench/flipbench/kernels"

// HashClearNEON empties the table with 16-byte stores (ASIMD): the empty
// pattern repeats every 48 bytes (2 entries, 3 Uint64x2), so 4 entries
// an iteration are six stores of three vectors; the entries past the last
// whole block by Go stores.
func HashClearNEON(t *kernels.HashTable) {
	w := entryWords(t)
	p := [6]uint64{w[0], w[1], w[2], w[0], w[1], w[2]}
	v0 := loadUint64x2((*[2]uint64)(p[0:2]))
	v1 := loadUint64x2((*[2]uint64)(p[2:4]))
	v2 := loadUint64x2((*[2]uint64)(p[4:6]))
	m := tableWords(t)
	i := 0
	for ; len(m)-i >= 12; i += 12 {
		b := (*[12]uint64)(m[i:])
		storeUint64x2(v0, (*[2]uint64)(b[0:2]))
		storeUint64x2(v1, (*[2]uint64)(b[2:4]))
		storeUint64x2(v2, (*[2]uint64)(b[4:6]))
		storeUint64x2(v0, (*[2]uint64)(b[6:8]))
		storeUint64x2(v1, (*[2]uint64)(b[8:10]))
		storeUint64x2(v2, (*[2]uint64)(b[10:12]))
	}
	for ; i < len(m); i++ {
		m[i] = w[i%3]
	}
}
