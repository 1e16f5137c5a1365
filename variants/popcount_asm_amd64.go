//go:build !purego

package variants

func init() {
	Popcount.Register(Info{Name: "popcnt", Rank: 10, Note: "POPCNT, two words per iteration"}, popcountPOPCNT)
	Popcount.Register(Info{Name: "avx512-vpopcntq", Rank: 20, ZMM: true,
		Note: "AVX-512 VPOPCNTQ, eight words per iteration"}, popcountVPOPCNTQ)
}
