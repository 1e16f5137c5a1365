//go:build !linux

package bench

import "errors"

// PinToCPU is only implemented on Linux.
func PinToCPU(cpu int) (func(), error) {
	return nil, errors.New("pinning to a CPU is only implemented on Linux")
}
