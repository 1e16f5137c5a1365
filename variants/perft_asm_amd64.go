//go:build !purego

package variants

func init() {
	registerPerftTail("sse2", "sse2", "perftTailSSE2", perftTailSSE2)
	registerPerftTail("avx2", "avx2-ppfill", "perftTailAVX2", perftTailAVX2)
	registerPerftTail("avx2", "bmi2-pext", "perftTailAVX2PEXT", perftTailAVX2PEXT)
	registerPerftTail("avx512vl", "avx512-lzcnt", "perftTailAVX512VL", perftTailAVX512VL)
	registerPerftTail("avx512", "avx512-lzcnt", "perftTailAVX512", perftTailAVX512)
}
