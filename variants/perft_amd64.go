//go:build !purego

package variants

// The generated perft tails (gen/perft), each with one moves and one flip
// variant inlined.
func init() {
	registerPerftTail("sse2", "sse2", perftTailSSE2)
	registerPerftTail("avx2", "avx2-ppfill", perftTailAVX2)
	registerPerftTail("avx2", "bmi2-pext", perftTailAVX2PEXT)
	registerPerftTail("avx512vl", "avx512-lzcnt", perftTailAVX512VL)
	registerPerftTail("avx512", "avx512-lzcnt", perftTailAVX512)
}
