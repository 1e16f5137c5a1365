//go:build goexperiment.simd && amd64

package gosimd

import (
	"simd/archsimd"

	"github.com/flipbench/flipbench/kernels"
)

// HashClear: every entry gets the empty pattern with the table's date.
// An entry is 24 bytes, so the pattern repeats every 96 bytes (4 entries,
// 3 Uint64x4) or 192 (8 entries, 3 Uint64x8): one vector store per 32 or
// 64 bytes, the entries past the last whole block by Go stores. The
// stores are ordinary (archsimd has no streaming store); tables of any
// size worth clearing are allocated page-aligned, so none splits a line.

// HashClearAVX2 empties the table with 32-byte stores (AVX).
func HashClearAVX2(t *kernels.HashTable) {
	w := entryWords(t)
	var p [12]uint64
	for i := range p {
		p[i] = w[i%3]
	}
	v0 := loadUint64x4((*[4]uint64)(p[0:4]))
	v1 := loadUint64x4((*[4]uint64)(p[4:8]))
	v2 := loadUint64x4((*[4]uint64)(p[8:12]))
	m := tableWords(t)
	i := 0
	for ; len(m)-i >= 12; i += 12 {
		b := (*[12]uint64)(m[i:])
		storeUint64x4(v0, (*[4]uint64)(b[0:4]))
		storeUint64x4(v1, (*[4]uint64)(b[4:8]))
		storeUint64x4(v2, (*[4]uint64)(b[8:12]))
	}
	archsimd.ClearAVXUpperBits()
	for ; i < len(m); i++ {
		m[i] = w[i%3]
	}
}

// HashClearAVX512 empties the table with 64-byte stores (AVX-512F).
func HashClearAVX512(t *kernels.HashTable) {
	w := entryWords(t)
	var p [24]uint64
	for i := range p {
		p[i] = w[i%3]
	}
	v0 := loadUint64x8((*[8]uint64)(p[0:8]))
	v1 := loadUint64x8((*[8]uint64)(p[8:16]))
	v2 := loadUint64x8((*[8]uint64)(p[16:24]))
	m := tableWords(t)
	i := 0
	for ; len(m)-i >= 24; i += 24 {
		b := (*[24]uint64)(m[i:])
		storeUint64x8(v0, (*[8]uint64)(b[0:8]))
		storeUint64x8(v1, (*[8]uint64)(b[8:16]))
		storeUint64x8(v2, (*[8]uint64)(b[16:24]))
	}
	archsimd.ClearAVXUpperBits()
	for ; i < len(m); i++ {
		m[i] = w[i%3]
	}
}
