package variants

import "github.com/flipbench/flipbench/kernels"

// HashPrefetchFunc asks for the bucket of a hash code to be brought into
// the cache; it has no observable effect.
type HashPrefetchFunc func(t *kernels.HashTable, code uint64)

// HashPrefetch is issued at each node before its moves are generated, so
// that the probe after them finds its bucket in the cache.
var HashPrefetch = newKernel[HashPrefetchFunc, NoBatch]("hash_prefetch", "no observable effect; warms the bucket of a hash code", kernels.HashPrefetch)

func init() {
	HashPrefetch.Register(Info{Name: "none", Rank: 1, Note: "no prefetch"}, HashPrefetchNone)
}

// HashPrefetchNone does nothing: the baseline of hash_prefetch variants.
func HashPrefetchNone(t *kernels.HashTable, code uint64) {}
