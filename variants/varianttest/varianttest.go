// Package varianttest gives tests the selection the CLI would run on: the
// environment is read here and in cmd/, never by the libraries.
package varianttest

import (
	"os"
	"testing"

	"github.com/flipbench/flipbench/variants"
)

// Selection is this machine less FLIPBENCH_DISABLE, the built-in rules,
// FLIPBENCH_VARIANTS, then spec.
func Selection(t testing.TB, spec string) variants.Selection {
	t.Helper()
	cpu, err := variants.Host().Without(os.Getenv("FLIPBENCH_DISABLE"))
	if err != nil {
		t.Fatalf("FLIPBENCH_DISABLE: %v", err)
	}
	s, err := variants.Default(cpu, nil).With(os.Getenv("FLIPBENCH_VARIANTS") + "," + spec)
	if err != nil {
		t.Fatalf("FLIPBENCH_VARIANTS, then %q: %v", spec, err)
	}
	return s
}
