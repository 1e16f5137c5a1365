package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
)

// evalFlag adds -eval to a command: the evaluation weights its search
// uses.
func evalFlag(fs *flag.FlagSet) *string {
	return fs.String("eval", "default", "evaluation weights: 'default' (embedded, trained by flipbench train), 'none' (move ordering without evaluation), 'random' or 'random:SEED' (weights without knowledge, the baseline), or a file: flipbench's weights format or Edax's eval.dat, told apart by their header")
}

// loadEval resolves an -eval value; "none" gives nil weights.
func loadEval(spec string) (*variants.EvalWeights, error) {
	set, err := loadEvalSet(spec)
	if err != nil || set == nil {
		return nil, err
	}
	if spec == "" || spec == "default" {
		return weights.Default()
	}
	return set.EvalWeights()
}

// loadEvalSet is loadEval's packed form.
func loadEvalSet(spec string) (*weights.Set, error) { return loadWeightsFlag("-eval", spec) }

// loadWeightsFlag reads a weights spec given to the flag named flag
// (-eval, -play), which its errors name.
func loadWeightsFlag(flag, spec string) (*weights.Set, error) {
	switch spec {
	case "none":
		return nil, nil
	case "", "default":
		return weights.DefaultSet()
	case "random":
		return weights.Random(1), nil
	}
	if seed, ok := strings.CutPrefix(spec, "random:"); ok {
		n, err := strconv.ParseUint(seed, 10, 64)
		if err != nil {
			return nil, &exitError{2, fmt.Sprintf("%s %s: the seed must be a number", flag, spec)}
		}
		return weights.Random(n), nil
	}
	set, err := weights.Load(spec)
	if err != nil {
		return nil, &exitError{2, flag + ": " + err.Error()}
	}
	return set, nil
}
