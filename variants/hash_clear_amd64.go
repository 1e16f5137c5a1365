//go:build !purego

package variants

import (
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// patternBytes holds the empty-entry pattern from any phase (0..23) for a
// whole block of the widest clear (192 bytes) or a tail shorter than it.
const patternBytes = 10 * 24

// tableBytes is the table's memory as bytes.
func tableBytes(t *kernels.HashTable) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.Entries))), len(t.Entries)*entrySize)
}

// Streaming-store bodies, by store width.
const (
	ntSSE2 = iota
	ntAVX2
	ntAVX512
	storeAVX2 // ordinary stores, same loop
)

// streamClear writes the empty pattern over t: Go stores up to the
// alignment of the streaming stores, the assembly body whole blocks (the
// pattern loaded in the right phase), Go stores again for the tail.
func streamClear(t *kernels.HashTable, kind int) {
	align, block := [4]int{16, 32, 64, 32}[kind], [4]int{96, 96, 192, 96}[kind]
	var pat [patternBytes]byte
	w := entryWords(t.Date)
	for i := 0; i < patternBytes/24; i++ {
		*(*[3]uint64)(unsafe.Pointer(&pat[24*i])) = w
	}
	mem := tableBytes(t)
	head := min(int(-uintptr(unsafe.Pointer(unsafe.SliceData(mem)))&uintptr(align-1)), len(mem))
	copy(mem[:head], pat[:])
	n := (len(mem) - head) / block * block
	if n > 0 {
		dst, p := &mem[head], &pat[head%24]
		switch kind {
		case ntSSE2:
			hashClearMOVNTDQ(dst, n, p)
		case ntAVX2:
			hashClearVMOVNTDQ(dst, n, p)
		case ntAVX512:
			hashClearVMOVNTDQ512(dst, n, p)
		default:
			hashClearVMOVDQU(dst, n, p)
		}
	}
	copy(mem[head+n:], pat[(head+n)%24:])
}

func hashClearSSE2(t *kernels.HashTable)      { streamClear(t, ntSSE2) }
func hashClearAVX2(t *kernels.HashTable)      { streamClear(t, ntAVX2) }
func hashClearAVX512(t *kernels.HashTable)    { streamClear(t, ntAVX512) }
func hashClearAVX2Store(t *kernels.HashTable) { streamClear(t, storeAVX2) }

// hashClearStosb zeroes the table with REP STOSB; Date 0 reads empty.
func hashClearStosb(t *kernels.HashTable) {
	mem := tableBytes(t)
	hashClearREPSTOSB(unsafe.SliceData(mem), len(mem))
	zeroDate(t)
}

// hash_clear ranks: below the logical clear (generation, no memory
// traffic), the zero fills measured fastest at every size (memclr, then
// REP STOSB); among the pattern writers the streaming stores, which leave
// the cache alone, ahead of ordinary stores.
func init() {
	HashClear.Register(Info{Name: "sse2-movntdq", Rank: 30, Uses: []any{hashClearMOVNTDQ},
		Note: "SSE2 MOVNTDQ streaming stores, 2 entries = 3 xmm, SFENCE"}, hashClearSSE2)
	HashClear.Register(Info{Name: "avx2-vmovntdq", Rank: 45, Uses: []any{hashClearVMOVNTDQ},
		Note: "AVX VMOVNTDQ streaming stores, 4 entries = 3 ymm (Edax-AVX hash.c, hash_cleanup), SFENCE"}, hashClearAVX2)
	HashClear.Register(Info{Name: "avx512-stream", Rank: 40, ZMM: true, Uses: []any{hashClearVMOVNTDQ512},
		Note: "AVX-512 64-byte VMOVNTDQ streaming stores, 8 entries = 3 zmm, SFENCE"}, hashClearAVX512)
	HashClear.Register(Info{Name: "avx2-vmovdqu", Rank: 35, Uses: []any{hashClearVMOVDQU},
		Note: "AVX ordinary stores, 4 entries = 3 ymm: cache-resident tables"}, hashClearAVX2Store)
	HashClear.Register(Info{Name: "rep-stosb", Rank: 55, Requires: []Feature{ERMS}, Uses: []any{hashClearREPSTOSB},
		Note: "REP STOSB zeros (ERMS); Date 0 reads empty"}, hashClearStosb)
}
