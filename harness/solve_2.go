package harness

import "github.com/flipbench/flipbench/variants"

// solve_2: leafSpec's cases with 2 empties.
var _ = declare(leafSpec(variants.Solve2, 2))
