// Command stable_edge_count generates stable_edge_count's amd64
// variants: the stable_edge gathers with the table bytes counted, not
// scattered (gen/internal/stability).
package main

import (
	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/stability"
)

func main() {
	asmgen.Setup()
	stability.StableEdgeCountFuncs()
	asmgen.Generate()
}
