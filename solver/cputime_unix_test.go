//go:build unix

package solver

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process used (the machine is shared:
// wall time is noisy).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
