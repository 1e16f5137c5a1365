package harness

import "github.com/flipbench/flipbench/variants"

// stability_count: random-game positions and the edge boards.
var _ = declare(boardSpec(variants.StabilityCount, nil))
