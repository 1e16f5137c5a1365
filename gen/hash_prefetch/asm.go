// Command hash_prefetch generates hash_prefetch's amd64 variants:
// PREFETCHT0 of a bucket's first and last entry, or of every line
// (gen/internal/hash).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/hash"
)

func main() {
	asmgen.Setup()
	hash.HashPrefetchFuncs()
	asmgen.Generate()
}
