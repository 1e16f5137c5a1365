package main

import (
	"flag"

	"github.com/flipbench/flipbench/variants"
	"github.com/flipbench/flipbench/weights"
)

// evalFlag adds -eval to a command: the evaluation weights its search
// uses.
func evalFlag(fs *flag.FlagSet) *string {
	return fs.String("eval", "default", "evaluation weights: 'default' (embedded, trained by flipbench train), 'none' (move ordering without evaluation), or a file: flipbench's weights format or Edax's eval.dat, told apart by their header")
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
func loadEvalSet(spec string) (*weights.Set, error) {
	switch spec {
	case "none":
		return nil, nil
	case "", "default":
		return weights.DefaultSet()
	}
	set, err := weights.Load(spec)
	if err != nil {
		return nil, &exitError{2, "-eval: " + err.Error()}
	}
	return set, nil
}
