// Command score_1 generates score_1's amd64 variants: each score_1 form
// of gen/internal/lastflip (on a count_last_flip form, or both sides'
// counts at once) as a function and a batch loop.
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/lastflip"
)

func main() {
	asmgen.Setup()
	lastflip.Score1Funcs()
	asmgen.Generate()
}
