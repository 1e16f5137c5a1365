package harness

import "github.com/flipbench/flipbench/variants"

// potential_moves: random-game positions of every phase and the edge
// boards (lone discs on every square, full lines).
var _ = declare(boardSpec(variants.PotentialMoves, nil))
