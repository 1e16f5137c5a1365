package variants

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// The hash_clear contract (see kernels.HashTable.IsEmpty): an entry reads
// as empty when its Date differs from the table's, or when it holds the
// empty pattern. Entries are only ever written with the table's Date, so
// every entry's Date is at most t.Date (0 is the oldest); each variant
// keeps that true. Three ways to empty a table follow from it:
//   - write the empty pattern (bounds -inf..+inf, no moves) with t.Date;
//   - write zeros (Date 0) and make sure t.Date is not 0;
//   - bump t.Date, so that every entry is of an older generation, and
//     write memory only when the date wraps (as Edax-AVX's hash.c,
//     hash_clear).

// HashClearFunc empties a transposition table.
type HashClearFunc func(t *kernels.HashTable)

// HashClear runs before every solve.
var HashClear = newKernel[HashClearFunc, NoBatch]("hash_clear", "every entry of a table reads as empty", kernels.HashClear)

const entrySize = int(unsafe.Sizeof(kernels.HashEntry{}))

// entryWords is the empty entry with date as three little-endian words:
// the board (P, O) is zero, the third word holds date, cost, depth,
// selectivity, bounds and moves.
func entryWords(date uint8) [3]uint64 {
	e := kernels.EmptyEntry
	e.Date = date
	return *(*[3]uint64)(unsafe.Pointer(&e))
}

// HashClearWords is the plain loop on words: the pattern's third word kept
// in a register, three 8-byte stores per entry.
func HashClearWords(t *kernels.HashTable) {
	w := entryWords(t.Date)[2]
	m := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(t.Entries))), 3*len(t.Entries))
	for i := 0; i+2 < len(m); i += 3 {
		m[i], m[i+1], m[i+2] = 0, 0, w
	}
}

// zeroDate makes the zeroed entries (Date 0) read as empty.
func zeroDate(t *kernels.HashTable) {
	if t.Date == 0 {
		t.Date = 1
	}
}

// HashClearGoClear is Go's clear: zeros at memclr speed (non-temporal
// stores beyond 32 MiB), the date kept off 0.
func HashClearGoClear(t *kernels.HashTable) {
	clear(t.Entries)
	zeroDate(t)
}

// HashClearGenerations is the generation clear's period: one call in
// that many writes the table.
const HashClearGenerations = 255

// HashClearGeneration is the logical clear: a new date makes every entry
// old. Only when the date wraps is memory written, with zeros, and the
// generations start again at 1.
func HashClearGeneration(t *kernels.HashTable) {
	if t.Date == HashClearGenerations {
		clear(t.Entries)
		t.Date = 1
		return
	}
	t.Date++
}

func init() {
	HashClear.Register(Info{Name: "loop-words", Rank: 10,
		Note: "Go: plain loop, three 8-byte stores per entry of the empty pattern"}, HashClearWords)
	HashClear.Register(Info{Name: "go-clear", Rank: 60,
		Note: "Go clear: zeros (Date 0 reads empty), memclr streams beyond 32 MiB"}, HashClearGoClear)
	HashClear.Register(Info{Name: "generation", Rank: 100,
		Note: "logical clear (Edax-AVX hash.c, hash_clear): bump the date, zero memory only when it wraps"}, HashClearGeneration)
}
