package harness

import "github.com/flipbench/flipbench/variants"

// solve_4: leafSpec's cases with 4 empties.
var _ = declare(leafSpec(variants.Solve4, 4))
