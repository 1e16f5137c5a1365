package bench

import (
	"fmt"
	"runtime"

	"golang.org/x/sys/unix"
)

// PinToCPU locks the calling goroutine to its OS thread and that thread to
// one CPU, so that a session is not moved between cores; the returned
// function undoes both.
func PinToCPU(cpu int) (func(), error) {
	runtime.LockOSThread()
	var old unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("pin: %v", err)
	}
	if !old.IsSet(cpu) {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("pin: CPU %d is not available to this process (%d CPUs allowed)", cpu, old.Count())
	}
	var set unix.CPUSet
	set.Set(cpu)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("pin to CPU %d: %v", cpu, err)
	}
	return func() {
		unix.SchedSetaffinity(0, &old)
		runtime.UnlockOSThread()
	}, nil
}
