package harness

import "github.com/flipbench/flipbench/variants"

// stable_edge_count: stable_edge's cases (edgeCases).
var _ = declare(boardSpec(variants.StableEdgeCount, edgeCases))
