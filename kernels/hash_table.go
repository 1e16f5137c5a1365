package kernels

import "fmt"

// HashEntry is one transposition-table entry: 24 bytes, as Edax's Hash.
type HashEntry struct {
	P, O  uint64
	Date  uint8 // generation that wrote the entry
	Cost  uint8
	Depth uint8
	Sel   uint8
	Lower int8
	Upper int8
	Move  [2]uint8
}

// EmptyEntry is a cleared entry: no board, bounds -inf..+inf, no moves.
var EmptyEntry = HashEntry{Lower: -ScoreInf, Upper: ScoreInf, Move: [2]uint8{NoMove, NoMove}}

// HashTable is a table of 2^bits entries in 4-way buckets, each starting
// at a multiple of 4 entries (96 bytes: two cache lines, where a bucket
// at any entry would span three for 3 starts in 8), plus 3 extra entries
// past the end.
type HashTable struct {
	Entries []HashEntry
	Mask    uint64 // bucket mask: 2^bits - 1 less its low 2 bits (code & Mask is a bucket's first entry)
	Date    uint8  // current generation; entries of another date are empty
	// Entries are written with the current Date only, so no entry is
	// newer than the table: a clear may zero memory (Date 0, with
	// Date kept off 0) or just move Date on (the logical clear).
}

// Ways is the bucket size.
const Ways = 4

// MaxHashBits bounds a table to 2^MaxHashBits entries (24 GiB at 40).
const MaxHashBits = 40

// NewHashTable allocates a table of 2^bits entries, cleared.
func NewHashTable(bits int) (*HashTable, error) {
	if bits < 2 || bits > MaxHashBits {
		return nil, fmt.Errorf("hash bits %d: want 2..%d", bits, MaxHashBits)
	}
	n := uint64(1) << uint(bits)
	t := &HashTable{Entries: make([]HashEntry, n+Ways-1), Mask: (n - 1) &^ (Ways - 1), Date: 1}
	hugePages(t.Entries)
	HashClear(t)
	return t, nil
}

// IsEmpty reports whether entry i reads as empty: the physical empty
// pattern, or an entry written in another generation.
func (t *HashTable) IsEmpty(i int) bool {
	e := t.Entries[i]
	if e.Date != t.Date {
		return true
	}
	e.Date = EmptyEntry.Date
	return e == EmptyEntry
}

// BoundCut is what a stored bound [lower, upper] of the exact score says
// to an alpha-beta window: the score to return, if it decides the node.
func BoundCut(lower, upper, alpha, beta int) (int, bool) {
	switch {
	case lower >= beta:
		return lower, true
	case upper <= alpha:
		return upper, true
	case lower == upper:
		return lower, true
	}
	return 0, false
}
