package harness

import "github.com/flipbench/flipbench/variants"

// solve_3: leafSpec's cases with 3 empties.
var _ = declare(leafSpec(variants.Solve3, 3))
