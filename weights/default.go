package weights

import (
	_ "embed"
	"sync"

	"github.com/flipbench/flipbench/variants"
)

// The default weights, trained by flipbench train (see the note in the
// file: `flipbench train -info` prints it) and embedded in the binary.
//
//go:embed default.fbw
var defaultFile []byte

var defaultOnce = sync.OnceValues(func() (*Set, error) {
	return Unmarshal("embedded default.fbw", defaultFile)
})

var defaultWeights = sync.OnceValues(func() (*variants.EvalWeights, error) {
	s, err := defaultOnce()
	if err != nil {
		return nil, err
	}
	return s.EvalWeights()
})

// DefaultSet returns the embedded weights (decoded once; do not modify).
func DefaultSet() (*Set, error) { return defaultOnce() }

// Default returns the embedded weights unpacked for the eval kernels
// (built once and shared).
func Default() (*variants.EvalWeights, error) { return defaultWeights() }
