//go:build !purego

package variants

// Ranks: the SSE2 gathers measured fastest on Zen 5 (9.3 ns a call against
// 10.4 for PEXT/PDEP, interleaved runs) and run everywhere; PEXT next.
func init() {
	StableEdge.Register(Info{Name: "sse2-movmsk", Rank: 30,
		Note: "SSE2: ranks from PUNPCKLBW(O, P) words, files by PMOVMSKB, A1_A8 table scatter (Edax 4.5)"}, stableEdgeSSE2)
	StableEdge.Register(Info{Name: "bmi2-pext", Rank: 20, UsesPEXT: true,
		Note: "BMI2: files gathered by PEXT, scattered by PDEP"}, stableEdgePEXT)
	StableEdgeCount.Register(Info{Name: "sse2-movmsk", Rank: 30,
		Note: "SSE2 PUNPCKLBW/PMOVMSKB gathers, no scatter: four table bytes, one POPCNT"}, stableEdgeCountSSE2)
	StableEdgeCount.Register(Info{Name: "bmi2-pext", Rank: 20, UsesPEXT: true,
		Note: "BMI2 PEXT gathers, no scatter: four table bytes, one POPCNT"}, stableEdgeCountPEXT)
	Stability.Register(Info{Name: "avx2-full-lines", Rank: 20,
		Note: "AVX2: full lines of the four directions in one ymm (VPSLLVQ/VPSRLVQ fill of empties), multiply-gathered edges"}, stabilityAVX2)
}
