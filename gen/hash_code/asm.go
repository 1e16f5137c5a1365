// Command hash_code generates hash_code's amd64 variant: the CRC32C hash
// code (SSE4.2), per call and batched (gen/internal/hash).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/hash"
)

func main() {
	asmgen.Setup()
	hash.HashCodeFuncs()
	asmgen.Generate()
}
