// Command hash_clear generates the bodies of hash_clear's amd64
// variants: SSE2, AVX2 and AVX-512 streaming stores fenced by SFENCE,
// ordinary AVX stores, REP STOSB (gen/internal/hash).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/hash"
)

func main() {
	asmgen.Setup()
	hash.HashClearFuncs()
	asmgen.Generate()
}
