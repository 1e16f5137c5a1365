//go:build goexperiment.simd && (amd64 || (arm64 && go1.27))

package gosimd

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// Scalar helpers of the kernels of every architecture here.

// bit returns the bitboard of square x.
func bit(x int) uint64 { return 1 << uint(x&63) }

// ray returns the squares from x (not x) to the edge in direction d, a
// (file, rank) step.
func ray(x int, d [2]int) (r uint64) {
	for f, y := x&7+d[0], x>>3+d[1]; f >= 0 && f < 8 && y >= 0 && y < 8; f, y = f+d[0], y+d[1] {
		r |= 1 << uint(8*y+f)
	}
	return r
}

// passScore is the score with x left empty when P cannot play on it: it
// goes to the winner, so 2 less for P unless P leads.
func passScore(score int) int { return score - int(uint(score-1)>>63)*2 }

// fixScore is the score after O's reply on x flipping o (2x) discs, or the
// pass score if O cannot play either.
func fixScore(score, o int) int { return score - o - int(uint(-o|(score-1))>>63)*2 }

// entryWords is the table's empty entry as three words.
func entryWords(t *kernels.HashTable) [3]uint64 {
	e := kernels.EmptyEntry
	e.Date = t.Date
	return *(*[3]uint64)(unsafe.Pointer(&e))
}

// tableWords views the entries as words.
func tableWords(t *kernels.HashTable) []uint64 {
	const words = int(unsafe.Sizeof(kernels.HashEntry{}) / 8)
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(t.Entries))), words*len(t.Entries))
}
