// Command count_last_flip generates count_last_flip's amd64 variants:
// each form of gen/internal/lastflip as a function and a batch loop.
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/lastflip"
)

func main() {
	asmgen.Setup()
	lastflip.CountLastFlipFuncs()
	asmgen.Generate()
}
